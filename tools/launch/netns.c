/* SPDX-License-Identifier: MIT */
/* taups-launch --hosts netns: the throwaway network. The same processes as
 * a local run, on one Linux network namespace each, each with one veth link
 * to a bridge in a "switch" namespace of its own, so that nothing is ever
 * added to the host's interfaces. Each child enters its namespace with
 * setns(2) between fork and exec (see launch_spawn), which keeps it a direct
 * child of the launcher: PR_SET_PDEATHSIG and process groups work as before.
 * The namespaces are removed after every run, whatever its outcome, except
 * when the launcher itself is killed with SIGKILL: then its children still
 * die, but the namespaces (named tps-PID-*) stay until `ip netns del`.
 *
 * Must NOT touch anything outside the namespaces named tps-PID-*, and must
 * not start or stop the cluster's processes: it runs only `ip`. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tps_tool.h"

#include "launch.h"

/* Whether this process holds `cap` in its effective set. Read from /proc
 * rather than from the uid, since root without capabilities (a container)
 * fails as surely as a user does. */
static int has_cap(int cap) {
    FILE *f = fopen("/proc/self/status", "re");
    if (f == NULL)
        return 0;
    char line[256];
    unsigned long long eff = 0;
    while (fgets(line, sizeof(line), f))
        if (sscanf(line, "CapEff: %llx", &eff) == 1)
            break;
    fclose(f);
    return (eff >> cap) & 1;
}

/* Creating namespaces needs CAP_SYS_ADMIN (21) and configuring links
 * CAP_NET_ADMIN (12), numbered as in linux/capability.h. */
int launch_netns_allowed(void) {
    return has_cap(21) && has_cap(12);
}

/* Runs one `ip` command to completion, with its output appended to
 * netns.log after the command line itself. Stop signals do not cut it
 * short: a half-made change is worse than a second's delay. Returns 0, or
 * -1 after saying which command failed and how. */
static int run_ip(launch_t *l, ...) __attribute__((sentinel));
static int run_ip(launch_t *l, ...) {
    char *argv[16];
    int n = 0;
    va_list ap;
    va_start(ap, l);
    argv[n++] = "ip";
    for (const char *a; n < 15 && (a = va_arg(ap, const char *)) != NULL;)
        argv[n++] = (char *)a;
    va_end(ap);
    argv[n] = NULL;
    char cmd[512];
    for (int k = 0, len = 0; k < n && len < (int)sizeof(cmd); k++)
        len += snprintf(cmd + len, sizeof(cmd) - (size_t)len, "%s%s",
                        k ? " " : "", argv[k]);
    FILE *f = fopen(l->ns_log, "ae");
    if (f) {
        fprintf(f, "$ %s\n", cmd);
        fclose(f);
    }
    spawn_t sp = {.log = l->ns_log, .append = 1};
    pid_t pid = launch_spawn(argv, &sp);
    if (pid < 0) {
        launch_say(l, "cannot run `%s`: %s", cmd, strerror((int)-pid));
        return -1;
    }
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    char why[96];
    launch_describe_wait(st, why, sizeof(why));
    launch_say(l, "`%s` failed (%s)", cmd, why);
    launch_print_tail(l->ns_log, 3);
    return -1;
}

/* Address of host `k` (0-based) of a group: servers 10.199.10.x, the
 * evaluator 10.199.100.1, workers 10.199.20.x, 250 hosts per third octet, so
 * that an address alone tells which process it is. */
static void net_addr(char *buf, size_t n, int group, int k) {
    snprintf(buf, n, "10.199.%d.%d", group + k / 250, k % 250 + 1);
}

/* Fills l->ns with names and addresses; creates nothing. */
static void net_plan(launch_t *l) {
    int S = l->s->shards;
    long pid = (long)getpid();
    l->nns = l->nkids + 1;
    l->ns = launch_xcalloc((size_t)l->nns, sizeof(*l->ns));
    for (int k = 0; k < l->nns; k++) {
        netns_t *ns = &l->ns[k];
        int child = k - 1;
        char role[16];
        if (k == 0) {
            snprintf(role, sizeof(role), "sw");
        } else if (child < S) {
            snprintf(role, sizeof(role), "s%d", child);
            net_addr(ns->addr, sizeof(ns->addr), 10, child);
        } else if (child == S) {
            snprintf(role, sizeof(role), "ev");
            net_addr(ns->addr, sizeof(ns->addr), 100, 0);
        } else {
            snprintf(role, sizeof(role), "w%d", child - S - 1);
            net_addr(ns->addr, sizeof(ns->addr), 20, child - S - 1);
        }
        if (k > 0 && child < S)
            snprintf(ns->proc, sizeof(ns->proc), "server-%d", child);
        else if (k > 0 && child == S)
            snprintf(ns->proc, sizeof(ns->proc), "evaluator");
        else if (k > 0)
            snprintf(ns->proc, sizeof(ns->proc), "worker-%d", child - S - 1);
        snprintf(ns->name, sizeof(ns->name), "tps-%ld-%s", pid, role);
        snprintf(ns->path, sizeof(ns->path), "/run/netns/%s", ns->name);
        if (k > 0)
            snprintf(ns->port, sizeof(ns->port), "%s", role);
    }
}

/* Builds the network that net_plan described. */
static int net_build(launch_t *l) {
    const char *sw = l->ns[0].name;
    for (int k = 0; k < l->nns; k++) {
        netns_t *ns = &l->ns[k];
        if (launch_stop_count > 0 ||
            run_ip(l, "netns", "add", ns->name, NULL) < 0)
            return -1;
        ns->created = 1;
        if (run_ip(l, "-n", ns->name, "link", "set", "lo", "up", NULL) < 0)
            return -1;
    }
    if (run_ip(l, "-n", sw, "link", "add", "br0", "type", "bridge", NULL) < 0 ||
        run_ip(l, "-n", sw, "link", "set", "br0", "up", NULL) < 0)
        return -1;
    for (int k = 1; k < l->nns; k++) {
        netns_t *ns = &l->ns[k];
        char cidr[32];
        snprintf(cidr, sizeof(cidr), "%s/16", ns->addr);
        /* Created directly with its ends in the two namespaces, so that no
         * interface ever appears on the host, even for a moment. */
        if (launch_stop_count > 0 ||
            run_ip(l, "-n", sw, "link", "add", ns->port, "type", "veth", "peer",
                   "name", "eth0", "netns", ns->name, NULL) < 0 ||
            run_ip(l, "-n", sw, "link", "set", ns->port, "master", "br0", "up",
                   NULL) < 0 ||
            run_ip(l, "-n", ns->name, "addr", "add", cidr, "dev", "eth0",
                   NULL) < 0 ||
            run_ip(l, "-n", ns->name, "link", "set", "eth0", "up", NULL) < 0)
            return -1;
    }
    return 0;
}

int launch_netns_build(launch_t *l) {
    net_plan(l);
    l->ns_log = tps__xasprintf("%s/netns.log", l->out);
    printf("%s: building %d network namespaces %s..%s on a bridge "
           "(commands in %s)\n",
           PROG, l->nns, l->ns[0].name, l->ns[l->nns - 1].name, l->ns_log);
    fflush(stdout);
    return net_build(l);
}

const char *launch_netns_of(const launch_t *l, const child_t *c) {
    return l->ns ? l->ns[c - l->kids + 1].path : NULL;
}

/* Called only once no child is running, so that each namespace, and with it
 * its veth ends and the bridge, is freed by the kernel as soon as its name
 * is gone. */
int launch_netns_teardown(launch_t *l) {
    int failed = 0;
    for (int k = l->nns - 1; k >= 0; k--) {
        netns_t *ns = &l->ns[k];
        if (!ns->created)
            continue;
        if (run_ip(l, "netns", "delete", ns->name, NULL) < 0)
            failed++;
        else
            ns->created = 0;
    }
    return failed;
}
