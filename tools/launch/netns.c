/* SPDX-License-Identifier: MIT */
/* taups-launch --hosts netns: the throwaway network. The same processes as
 * a local run, on one Linux network namespace each, each with one veth link
 * to a bridge in a "switch" namespace of its own, so that nothing is ever
 * added to the host's interfaces. With --link-rate each link is shaped, in
 * both directions, by a token bucket (tc's tbf) on each of its two ends.
 * With --hosts netns:K --hold the same network has K hosts and no process:
 * it is held for other programs until the launcher is told to let go. Each
 * child enters its namespace with setns(2) between fork and exec (see
 * launch_spawn), which keeps it a direct child of the launcher:
 * PR_SET_PDEATHSIG and process groups work as before. The namespaces are
 * removed after every run, whatever its outcome, except when the launcher
 * itself is killed with SIGKILL: then its children still die, but the
 * namespaces (named tps-PID-*) stay until `ip netns del`.
 *
 * Must NOT touch anything outside the namespaces named tps-PID-*, and must
 * not start or stop the cluster's processes: it runs only `ip` and `tc`. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

/* Runs one `ip` or `tc` command to completion, with its output appended
 * to netns.log after the command line itself. Stop signals do not cut it
 * short: a half-made change is worse than a second's delay. Returns 0, or
 * -1 after saying which command failed and how. */
static int run(launch_t *l, const char *prog, ...) __attribute__((sentinel));
static int run(launch_t *l, const char *prog, ...) {
    char *argv[24];
    int n = 0;
    va_list ap;
    va_start(ap, prog);
    argv[n++] = (char *)prog;
    for (const char *a; n < 23 && (a = va_arg(ap, const char *)) != NULL;)
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

/* Address of host `k` (0-based) of a group: held hosts 10.199.1.x,
 * servers 10.199.10.x, the evaluator 10.199.100.1, workers 10.199.20.x,
 * 250 hosts per third octet, so that an address alone tells which process
 * (or held host) it is. */
static void net_addr(char *buf, size_t n, int group, int k) {
    snprintf(buf, n, "10.199.%d.%d", group + k / 250, k % 250 + 1);
}

/* Names namespace k >= 1 of a run after the child that runs in it. */
static void plan_child(launch_t *l, netns_t *ns, int child, char *role,
                       size_t n) {
    int S = l->s->shards;
    if (child < S) {
        snprintf(role, n, "s%d", child);
        net_addr(ns->addr, sizeof(ns->addr), 10, child);
        snprintf(ns->proc, sizeof(ns->proc), "server-%d", child);
    } else if (child == S) {
        snprintf(role, n, "ev");
        net_addr(ns->addr, sizeof(ns->addr), 100, 0);
        snprintf(ns->proc, sizeof(ns->proc), "evaluator");
    } else {
        snprintf(role, n, "w%d", child - S - 1);
        net_addr(ns->addr, sizeof(ns->addr), 20, child - S - 1);
        snprintf(ns->proc, sizeof(ns->proc), "worker-%d", child - S - 1);
    }
}

/* Fills l->ns with names and addresses: the switch, then one namespace per
 * child, or the held hosts h0..hK-1 (no process); creates nothing. */
static void net_plan(launch_t *l) {
    int held = l->s->netns_hosts;
    long pid = (long)getpid();
    l->nns = (held ? held : l->nkids) + 1;
    l->ns = launch_xcalloc((size_t)l->nns, sizeof(*l->ns));
    for (int k = 0; k < l->nns; k++) {
        netns_t *ns = &l->ns[k];
        char role[16];
        if (k == 0) {
            snprintf(role, sizeof(role), "sw");
        } else if (held) {
            snprintf(role, sizeof(role), "h%d", k - 1);
            net_addr(ns->addr, sizeof(ns->addr), 1, k - 1);
        } else {
            plan_child(l, ns, k - 1, role, sizeof(role));
        }
        snprintf(ns->name, sizeof(ns->name), "tps-%ld-%s", pid, role);
        snprintf(ns->path, sizeof(ns->path), "/run/netns/%s", ns->name);
        if (k > 0)
            snprintf(ns->port, sizeof(ns->port), "%s", role);
    }
}

/* tc's rate units, compared as tc compares them, without regard to case
 * (so "mbps" is megabytes a second, as tc reads it). */
static const struct {
    const char *unit;
    double bits; /* per second, for one of the unit */
} rate_units[] = {
    {"bit", 1.0},
    {"kbit", 1e3},
    {"kibit", 1024.0},
    {"mbit", 1e6},
    {"mibit", 1048576.0},
    {"gbit", 1e9},
    {"gibit", 1073741824.0},
    {"tbit", 1e12},
    {"tibit", 1099511627776.0},
    {"bps", 8.0},
    {"kbps", 8e3},
    {"kibps", 8192.0},
    {"mbps", 8e6},
    {"mibps", 8388608.0},
    {"gbps", 8e9},
    {"gibps", 8589934592.0},
    {"tbps", 8e12},
    {"tibps", 8796093022208.0},
};

/* The bucket of the token bucket, in bytes: what a link may send at once
 * beyond its rate. About 210 us of the rate (256 KiB at 10 Gb/s, the
 * bucket under which one iperf3 stream was measured at 0.94 of it), so
 * that a queue woken a little late by a busy host sends the backlog at
 * once instead of losing that time from the rate; never below 128 KiB,
 * because tbf cuts a packet larger than its bucket into MTU-sized ones,
 * and a 64 KiB TCP segment counts each of its ~45 wire headers too. */
static long link_burst(double bits_per_s) {
    double b = bits_per_s * 262144.0 / 1e10;
    return b < 131072.0 ? 131072 : (long)b;
}

int launch_link_rate_parse(const char *text, double *bits_per_s, long *burst) {
    const char *p = text;
    while ((*p >= '0' && *p <= '9') || *p == '.')
        p++;
    char *end = NULL;
    double v = p > text ? strtod(text, &end) : 0.0;
    if (p == text || end != p || *p == '\0') {
        fprintf(stderr,
                "%s: --link-rate \"%s\": expected a number and a unit as tc "
                "reads them, such as 10gbit, 1gbit or 500mbit\n",
                PROG, text);
        return -1;
    }
    for (size_t k = 0; k < sizeof(rate_units) / sizeof(rate_units[0]); k++) {
        if (strcasecmp(p, rate_units[k].unit) != 0)
            continue;
        v *= rate_units[k].bits;
        if (v < 1e3 || v > 1e12) {
            fprintf(stderr,
                    "%s: --link-rate %s: %.6g bit/s is outside 1kbit..1tbit\n",
                    PROG, text, v);
            return -1;
        }
        *bits_per_s = v;
        *burst = link_burst(v);
        return 0;
    }
    fprintf(stderr,
            "%s: --link-rate \"%s\": unknown unit \"%s\"; use one tc knows "
            "(bit, kbit, mbit, gbit, tbit, their -ibit forms, or bps, kbps, "
            "mbps, ... for bytes a second)\n",
            PROG, text, p);
    return -1;
}

/* One end of a link: a token bucket on what `dev` of namespace `ns` sends.
 * Its queue holds --link-queue ms at the rate beyond the bucket (10 by
 * default: deep enough that a single TCP stream keeps the link busy,
 * shallow enough that a full queue adds at most 10 ms to a round trip;
 * several shards answering one worker at once need more). */
static int shape(launch_t *l, const char *ns, const char *dev) {
    char burst[32], queue[32];
    snprintf(burst, sizeof(burst), "%ld", l->link_burst);
    snprintf(queue, sizeof(queue), "%gms", l->s->link_queue_ms);
    return run(l, "tc", "-n", ns, "qdisc", "add", "dev", dev, "root", "tbf",
               "rate", l->s->link_rate, "burst", burst, "latency", queue,
               NULL);
}

/* Builds the network that net_plan described. */
static int net_build(launch_t *l) {
    const char *sw = l->ns[0].name;
    for (int k = 0; k < l->nns; k++) {
        netns_t *ns = &l->ns[k];
        if (launch_stop_count > 0 ||
            run(l, "ip", "netns", "add", ns->name, NULL) < 0)
            return -1;
        ns->created = 1;
        if (run(l, "ip", "-n", ns->name, "link", "set", "lo", "up", NULL) < 0)
            return -1;
    }
    if (run(l, "ip", "-n", sw, "link", "add", "br0", "type", "bridge", NULL) <
            0 ||
        run(l, "ip", "-n", sw, "link", "set", "br0", "up", NULL) < 0)
        return -1;
    for (int k = 1; k < l->nns; k++) {
        netns_t *ns = &l->ns[k];
        char cidr[32];
        snprintf(cidr, sizeof(cidr), "%s/16", ns->addr);
        /* Created directly with its ends in the two namespaces, so that no
         * interface ever appears on the host, even for a moment. */
        if (launch_stop_count > 0 ||
            run(l, "ip", "-n", sw, "link", "add", ns->port, "type", "veth",
                "peer", "name", "eth0", "netns", ns->name, NULL) < 0 ||
            run(l, "ip", "-n", sw, "link", "set", ns->port, "master", "br0",
                "up", NULL) < 0 ||
            run(l, "ip", "-n", ns->name, "addr", "add", cidr, "dev", "eth0",
                NULL) < 0 ||
            run(l, "ip", "-n", ns->name, "link", "set", "eth0", "up", NULL) < 0)
            return -1;
        /* Both ends, since each shapes only what leaves through it. */
        if (l->s->link_rate &&
            (shape(l, ns->name, "eth0") < 0 || shape(l, sw, ns->port) < 0))
            return -1;
    }
    return 0;
}

int launch_netns_build(launch_t *l) {
    net_plan(l);
    l->ns_log = tps__xasprintf("%s/netns.log", l->out);
    printf("%s: building %d network namespaces %s..%s on a bridge", PROG,
           l->nns, l->ns[0].name, l->ns[l->nns - 1].name);
    if (l->s->link_rate)
        printf(", links shaped to %s (tbf, burst %ld bytes) both ways",
               l->s->link_rate, l->link_burst);
    printf(" (commands in %s)\n", l->ns_log);
    fflush(stdout);
    return net_build(l);
}

int launch_netns_spec(const char *hosts, int *held) {
    *held = 0;
    if (hosts == NULL || strncmp(hosts, "netns", 5) != 0 ||
        (hosts[5] != '\0' && hosts[5] != ':'))
        return 0;
    if (hosts[5] == '\0')
        return 1;
    char *end = NULL;
    long k = strtol(hosts + 6, &end, 10);
    if (hosts[6] < '0' || hosts[6] > '9' || *end != '\0' || k < 1 ||
        k > MAX_HELD_HOSTS) {
        fprintf(stderr,
                "%s: --hosts %s: expected netns:K with K a number of hosts "
                "in 1..%d\n",
                PROG, hosts, MAX_HELD_HOSTS);
        return -1;
    }
    *held = (int)k;
    return 1;
}

/* Until a stop signal, or stdin's end: a reader of stdin that is not
 * interested in its bytes, so that whoever holds its write end holds the
 * hosts, and its death (even by SIGKILL) lets them go. */
static void hold_wait(launch_t *l) {
    char buf[256];
    while (launch_stop_count == 0) {
        if (!launch_wait_wake_fd(STDIN_FILENO, 3600.0))
            continue;
        ssize_t n = read(STDIN_FILENO, buf, sizeof(buf));
        if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
            printf("%s: stdin closed: removing the hosts\n", PROG);
            break;
        }
    }
    if (launch_stop_count > 0)
        printf("%s: signal %d (%s): removing the hosts\n", PROG,
               (int)launch_stop_signal, strsignal(launch_stop_signal));
    fflush(stdout);
}

int launch_netns_hold(launch_t *l) {
    if (launch_netns_build(l) < 0)
        return -1;
    for (int k = 1; k < l->nns; k++)
        printf("host %d %s %s\n", k - 1, l->ns[k].name, l->ns[k].addr);
    printf("ready\n");
    fflush(stdout);
    launch_write_record(l);
    hold_wait(l);
    return 0;
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
        if (run(l, "ip", "netns", "delete", ns->name, NULL) < 0)
            failed++;
        else
            ns->created = 0;
    }
    return failed;
}
