/* SPDX-License-Identifier: MIT */
/* taups-launch --hosts FILE: servers and workers on the hosts the file
 * lists, each as a local `ssh` child whose remote end is a small sh wrapper
 * (see REMOTE_WRAPPER). The local ssh process stands in for the remote one:
 * its output is the process's log, its exit status the process's, and its
 * stdin is a pipe whose closing stops the remote process. The evaluator
 * stays on this host, since it is what the live progress reads.
 *
 * Owns the hosts file, placement, the ssh command lines, signals sent to
 * remote programs (through their wrapper, or with `kill` over ssh) and
 * copying the worker CSVs back. Must NOT decide what a
 * child runs (cluster.c gives its argv, run here verbatim on the far side)
 * nor change anything on a host outside the run's workdir. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tps_tool.h"

#include "launch.h"

#define SSH_WAIT_S 15.0 /* one auxiliary ssh command (kill, cat) */
#define RPID_WAIT_S 5.0 /* a remote process reports its pid after starting */

/* The remote half of every ssh child, run by sh with the workdir and the
 * program's argv as arguments. It starts the program in the background with
 * its pid announced on stderr, and watches ssh's stdin: a line STOP, CONT or
 * KILL sends that signal to the program (the kill and pause faults, through
 * the ssh session already open: a second ssh connection takes seconds on a
 * busy machine, and a short-lived program could be gone by then), and EOF
 * sends SIGTERM, which is how the launcher stops it and what happens when
 * the launcher or its ssh dies; SIGKILL follows if it is still there 5 s
 * later. Its exit status becomes ssh's, with a death by signal N reported
 * as 128+N as sh does. The program's own stdin is /dev/null, so that only
 * the watcher reads ssh's stdin. */
#define REMOTE_WRAPPER                                                         \
    "d=$1; shift; mkdir -p \"$d\" && cd \"$d\" || exit 126; "                  \
    "exec 3<&0; \"$@\" </dev/null 3<&- & p=$!; "                               \
    "echo \"taups-remote-pid: $p\" >&2; "                                      \
    "(while read -r x <&3; do case $x in STOP|CONT|KILL) kill -s $x $p;; "    \
    "esac; done; exec 3<&-; kill -TERM $p; sleep 5; "                          \
    "kill -KILL $p) </dev/null >/dev/null 2>&1 & w=$!; exec 3<&-; "            \
    "trap 'kill -TERM $p 2>/dev/null' HUP INT TERM; "                          \
    "while :; do wait $p; s=$?; kill -0 $p 2>/dev/null || break; done; "       \
    "kill $w 2>/dev/null; exit $s"

#define RPID_TAG "taups-remote-pid: "

void launch_sh_quote(char **buf, size_t *len, size_t *cap, const char *arg) {
    size_t need = *len + 4 * strlen(arg) + 4;
    if (need > *cap) {
        *cap = need * 2;
        *buf = tps__xrealloc(*buf, *cap);
    }
    char *p = *buf + *len;
    if (*len)
        *p++ = ' ';
    *p++ = '\'';
    for (const char *q = arg; *q; q++) {
        if (*q == '\'') {
            memcpy(p, "'\\''", 4);
            p += 4;
        } else {
            *p++ = *q;
        }
    }
    *p++ = '\'';
    *p = '\0';
    *len = (size_t)(p - *buf);
}

/* The ssh command line that runs `cmd` (one string, for the remote login
 * shell) on host h. Returns an owned argv. */
static char **ssh_argv(const launch_t *l, const host_t *h, const char *cmd) {
    argv_t av = {0};
    for (char **p = l->ssh; *p; p++)
        launch_av_add(&av, *p);
    launch_av_opt(&av, "-p", "%d", h->ssh_port);
    launch_av_add(&av, h->dest);
    launch_av_add(&av, "--");
    launch_av_add(&av, cmd);
    return av.v;
}

const char *launch_host_workdir(const launch_t *l, const host_t *h, char *buf,
                                size_t n) {
    if (h->workdir)
        return h->workdir;
    snprintf(buf, n, "/tmp/taups-%s", l->run_id);
    return buf;
}

/* Runs one short command on host h (kill, cat), with stdout to `out` (NULL:
 * ssh.log) and the command line and its stderr appended to ssh.log.
 * Returns 0, or -1 after saying what failed. */
static int ssh_aux(launch_t *l, const host_t *h, const char *cmd,
                   const char *out) {
    char **argv = ssh_argv(l, h, cmd);
    FILE *f = fopen(l->ssh_log, "ae");
    if (f) {
        fprintf(f, "$");
        for (char **p = argv; *p; p++)
            fprintf(f, " %s", *p);
        fputc('\n', f);
        fclose(f);
    }
    spawn_t sp = {.log = l->ssh_log, .append = 1, .out = out};
    int st = launch_run_bounded(l, argv, &sp, SSH_WAIT_S);
    launch_av_free(argv);
    if (st == 0)
        return 0;
    char why[96];
    launch_describe_wait(st, why, sizeof(why));
    launch_say(l, "on %s, `%s` failed (%s); see %s", h->dest, cmd, why,
               l->ssh_log);
    launch_print_tail(l->ssh_log, 3);
    return -1;
}

static void rpid_line(char *line, void *arg) {
    const char *p = strstr(line, RPID_TAG);
    if (p && *(long *)arg == 0)
        *(long *)arg = strtol(p + strlen(RPID_TAG), NULL, 10);
}

/* The pid of a remote child on its host, read from its log, where its
 * wrapper announced it (a restarted shard's: in this life's part); waits up
 * to `wait_s` for a running child that has only just started. Returns 0
 * when it is not known. */
static long remote_pid(launch_t *l, child_t *c, double wait_s) {
    double deadline = launch_elapsed(l) + wait_s;
    for (;;) {
        tail_t t = {.path = c->log, .off = c->log_start};
        launch_tail_poll(&t, 1, rpid_line, &c->rpid);
        if (c->rpid || !c->running || launch_elapsed(l) >= deadline)
            return c->rpid;
        launch_wait_wake(0.05);
    }
}

int launch_remote_signal(launch_t *l, child_t *c, int sig) {
    const char *name = sig == SIGKILL   ? "KILL"
                       : sig == SIGSTOP ? "STOP"
                                        : "CONT";
    if (c->in_w >= 0) {
        /* To the wrapper's watcher, which reads it once the program runs. */
        char line[8];
        int n = snprintf(line, sizeof(line), "%s\n", name);
        if (write(c->in_w, line, (size_t)n) == n)
            return 0;
    }
    long rpid = remote_pid(l, c, RPID_WAIT_S);
    if (rpid <= 0) {
        launch_say(l, "%s on %s has not reported its pid; cannot send it SIG%s",
                   c->name, c->host->dest, name);
        return -1;
    }
    char cmd[64];
    snprintf(cmd, sizeof(cmd), "kill -s %s %ld", name, rpid);
    return ssh_aux(l, c->host, cmd, NULL);
}

/* The remote command of a child is the wrapper, its workdir and the argv. */
char **launch_remote_argv(const launch_t *l, const child_t *c) {
    char wd[PATH_MAX];
    char *cmd = NULL;
    size_t len = 0, cap = 0;
    const char *head[] = {"sh", "-c", REMOTE_WRAPPER, "taups-remote",
                          launch_host_workdir(l, c->host, wd, sizeof(wd))};
    for (size_t k = 0; k < sizeof(head) / sizeof(head[0]); k++)
        launch_sh_quote(&cmd, &len, &cap, head[k]);
    for (char **p = c->argv; *p; p++)
        launch_sh_quote(&cmd, &len, &cap, *p);
    char **argv = ssh_argv(l, c->host, cmd);
    free(cmd);
    return argv;
}

/* Each CSV lands under the name the local run would have given it. */
int launch_fetch_csvs(launch_t *l) {
    int failed = 0;
    for (int i = 0; i < l->nkids; i++) {
        child_t *c = &l->kids[i];
        if (c->host && c->pid)
            remote_pid(l, c, 0); /* for run.json */
        if (c->host == NULL || c->rcsv == NULL || c->pid == 0)
            continue;
        char *cmd = NULL;
        size_t len = 0, cap = 0;
        launch_sh_quote(&cmd, &len, &cap, "cat");
        launch_sh_quote(&cmd, &len, &cap, c->rcsv);
        if (ssh_aux(l, c->host, cmd, c->csv) < 0) {
            launch_say(l, "cannot copy %s:%s to %s", c->host->dest, c->rcsv,
                       c->csv);
            unlink(c->csv);
            failed++;
        }
        free(cmd);
    }
    return failed;
}

void launch_hosts_free(host_t *h, int n) {
    for (int k = 0; k < n; k++) {
        free(h[k].dest);
        free(h[k].addr);
        free(h[k].bindir);
        free(h[k].workdir);
    }
    free(h);
}

/* roles=server,worker: NULL, or why the value is refused. */
static const char *parse_roles(host_t *h, char *val) {
    const char *why = NULL;
    h->roles = 0;
    char *rsave;
    for (char *r = strtok_r(val, ",", &rsave); r && !why;
         r = strtok_r(NULL, ",", &rsave)) {
        if (strcmp(r, "server") == 0)
            h->roles |= 1 << ROLE_SERVER;
        else if (strcmp(r, "worker") == 0)
            h->roles |= 1 << ROLE_WORKER;
        else
            why = "roles are server and worker, comma-separated";
    }
    if (h->roles == 0 && !why)
        why = "roles is empty";
    return why;
}

/* One key=value of a host line: 0 (with *why set if the value is refused),
 * or -1 for a key this format does not have. */
static int host_key(host_t *h, const char *key, char *val, const char **why) {
    if (strcmp(key, "addr") == 0) {
        free(h->addr);
        h->addr = tps__xstrdup(val);
        if (strchr(val, ':'))
            *why = "IPv6 addresses are not supported";
    } else if (strcmp(key, "ssh-port") == 0) {
        double port;
        if (launch_parse_num(val, &port) < 0 || port < 1 || port > 65535 ||
            port != floor(port))
            *why = "ssh-port must be a port number";
        else
            h->ssh_port = (int)port;
    } else if (strcmp(key, "roles") == 0) {
        *why = parse_roles(h, val);
    } else if (strcmp(key, "bindir") == 0 || strcmp(key, "workdir") == 0) {
        char **dst = *key == 'b' ? &h->bindir : &h->workdir;
        free(*dst);
        *dst = tps__xstrdup(val);
        if (*val != '/')
            *why = "bindir and workdir must be absolute paths";
    } else {
        return -1;
    }
    return 0;
}

/* The host whose destination is `dest`, with the rest of its line (the
 * strtok_r state `save`) read into it. */
static int parse_host(host_t *h, const char *dest, char **save,
                      const char *path, int lineno) {
    memset(h, 0, sizeof(*h));
    h->line = lineno;
    h->dest = tps__xstrdup(dest);
    h->ssh_port = 22;
    h->roles = 1 << ROLE_SERVER | 1 << ROLE_WORKER;
    const char *at = strrchr(h->dest, '@');
    const char *why = NULL;
    char *tok;
    if (*h->dest == '-' || at == h->dest + strlen(h->dest) - 1)
        why = "is not an ssh destination ([user@]host)";
    while (why == NULL && (tok = strtok_r(NULL, " \t", save)) != NULL) {
        char *val = strchr(tok, '=');
        if (val == NULL || val[1] == '\0') {
            why = "expected key=value";
            break;
        }
        *val++ = '\0';
        if (host_key(h, tok, val, &why) < 0) {
            fprintf(stderr,
                    "%s: %s:%d: unknown key \"%s\" (known: addr, "
                    "ssh-port, roles, bindir, workdir)\n",
                    PROG, path, lineno, tok);
            return -1;
        }
    }
    if (why) {
        fprintf(stderr, "%s: %s:%d: %s: %s\n", PROG, path, lineno, h->dest,
                why);
        return -1;
    }
    if (h->addr == NULL)
        h->addr = tps__xstrdup(at ? at + 1 : h->dest);
    return 0;
}

/* Every role needs a host. */
static int check_roles(const host_t *hosts, int n, const char *path) {
    for (role_t r = ROLE_SERVER; r <= ROLE_WORKER; r += 2) {
        int any = 0;
        for (int k = 0; k < n; k++)
            any |= hosts[k].roles >> r & 1;
        if (!any) {
            fprintf(stderr, "%s: --hosts %s: no host has the %s role\n", PROG,
                    path, launch_role_names[r]);
            return -1;
        }
    }
    return 0;
}

/* The format is the one in the usage text. */
int launch_hosts_parse(const char *path, host_t **out, int *n) {
    *out = NULL;
    *n = 0;
    FILE *f = fopen(path, "re");
    if (f == NULL) {
        fprintf(stderr, "%s: --hosts %s: %s\n", PROG, path, strerror(errno));
        return -1;
    }
    char line[LINE_MAX_LEN];
    int lineno = 0, rc = 0, cap = 0;
    while (rc == 0 && fgets(line, sizeof(line), f)) {
        lineno++;
        line[strcspn(line, "#\r\n")] = '\0';
        char *save, *tok = strtok_r(line, " \t", &save);
        if (tok == NULL)
            continue;
        if (*n == cap) {
            cap = cap ? cap * 2 : 8;
            *out = tps__xrealloc(*out, (size_t)cap * sizeof(**out));
        }
        rc = parse_host(&(*out)[(*n)++], tok, &save, path, lineno);
    }
    if (rc == 0 && ferror(f)) {
        fprintf(stderr, "%s: --hosts %s: %s\n", PROG, path, strerror(errno));
        rc = -1;
    }
    fclose(f);
    if (rc == 0 && *n == 0) {
        fprintf(stderr, "%s: --hosts %s: no hosts in the file\n", PROG, path);
        rc = -1;
    }
    if (rc == 0)
        rc = check_roles(*out, *n, path);
    return rc;
}

/* Server i goes to the i-th host with the server role and worker r to the
 * r-th host with the worker role, round-robin; the evaluator stays here. */
void launch_hosts_place(launch_t *l) {
    int next[3] = {0, 0, 0};
    for (int i = 0; i < l->nkids; i++) {
        role_t role = i < l->s->shards    ? ROLE_SERVER
                      : i == l->s->shards ? ROLE_EVAL
                                          : ROLE_WORKER;
        if (role == ROLE_EVAL)
            continue;
        int k = next[role];
        while (!(l->hosts[k % l->nhosts].roles >> role & 1))
            k++;
        l->kids[i].host = &l->hosts[k % l->nhosts];
        next[role] = k + 1;
    }
}

int launch_ssh_split(launch_t *l) {
    argv_t av = {0};
    char *copy = tps__xstrdup(l->s->ssh), *save;
    for (char *t = strtok_r(copy, " \t", &save); t;
         t = strtok_r(NULL, " \t", &save))
        launch_av_add(&av, t);
    free(copy);
    l->ssh = av.v;
    return av.n > 0 ? 0 : -1;
}

void launch_ssh_prepare(launch_t *l) {
    /* Other hosts see the same paths (unless bindir= says otherwise), which
     * must not depend on the launcher's directory. */
    char *bins[2] = {l->server_bin, l->worker_bin}, abs[PATH_MAX];
    for (int k = 0; k < 2; k++)
        if (realpath(bins[k], abs) != NULL) {
            free(bins[k]);
            bins[k] = tps__xstrdup(abs);
        }
    l->server_bin = bins[0];
    l->worker_bin = bins[1];
    struct tm tm;
    char stamp[32];
    localtime_r(&l->wall0.tv_sec, &tm);
    strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
    l->run_id = tps__xasprintf("%s-%ld", stamp, (long)getpid());
    l->ssh_log = tps__xasprintf("%s/ssh.log", l->out);
}
