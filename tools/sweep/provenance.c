/* SPDX-License-Identifier: MIT */
/* Where, when and with what a sweep ran, for sweep.json's "provenance": the
 * source's commit and whether its tree had uncommitted changes, the
 * configure flags of the build that holds taups-launch (its build tree's
 * config.status), the host, its cores, the load average before and after
 * and the dates (UTC). A number read on another day, machine or build
 * is then known to be one.
 *
 * It must NOT decide anything from what it finds: an unknown field is
 * null, and the sweep runs all the same. */
#include "config.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sweep.h"
#include "tps_tool.h"

/* The standard output of argv (run with its standard error discarded),
 * trailing blanks removed, when it exits 0 with some; else NULL. Owned. */
static char *capture(char *const argv[]) {
    int fd[2];
    if (pipe(fd) < 0)
        return NULL;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return NULL;
    }
    if (pid == 0) {
        if (dup2(fd[1], STDOUT_FILENO) < 0 ||
            !freopen("/dev/null", "w", stderr))
            _exit(127);
        close(fd[0]);
        close(fd[1]);
        execvp(argv[0], argv);
        _exit(127);
    }
    close(fd[1]);
    size_t n = 0, cap = 256;
    char *buf = tps__xmalloc(cap);
    ssize_t got;
    while ((got = read(fd[0], buf + n, cap - n - 1)) != 0) {
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            break;
        n += (size_t)got;
        if (cap - n < 2)
            buf = tps__xrealloc(buf, cap *= 2);
    }
    close(fd[0]);
    buf[n] = '\0';
    while (n && strchr(" \t\r\n", buf[n - 1]))
        buf[--n] = '\0';
    int st = 0;
    pid_t got_pid;
    while ((got_pid = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
        ;
    if (got_pid < 0)
        st = 1 << 8; /* not known to have exited 0 */
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || n == 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

static json_t *jstr_or_null(char *s) {
    json_t *j = s ? json_string(s) : NULL;
    free(s);
    return j ? j : json_null();
}

/* The build tree of `launch` (BUILD/tools/taups-launch, or .libs/ below
 * it), when it has a config.status; owned, or NULL for an installed
 * program. */
static char *build_dir(const char *launch) {
    char *d = tps__xstrdup(launch);
    for (int up = 0; up < 3; up++) {
        char *slash = strrchr(d, '/');
        if (!slash)
            break;
        *slash = '\0';
        char *cs = tps__xasprintf("%s/config.status", *d ? d : "/");
        int ok = access(cs, X_OK) == 0;
        free(cs);
        if (ok)
            return d;
    }
    free(d);
    return NULL;
}

/* The source tree of a build: its Makefile's abs_top_srcdir. Owned. */
static char *source_dir(const char *build) {
    char *mk = tps__xasprintf("%s/Makefile", build);
    char *text = sweep_read_file(mk);
    free(mk);
    const char *at = text ? strstr(text, "\nabs_top_srcdir = ") : NULL;
    char *src = NULL;
    if (at) {
        at += strlen("\nabs_top_srcdir = ");
        src = tps__xasprintf("%.*s", (int)strcspn(at, "\n"), at);
    }
    free(text);
    return src;
}

/* The commit of `src` (the current directory's when NULL): its hash, with
 * "+dirty" when tracked files differ from it. */
static void put_commit(json_t *prov, const char *src) {
    const char *dir = src ? src : ".";
    char *hash = capture(
        (char *const[]){"git", "-C", (char *)dir, "rev-parse", "HEAD", NULL});
    char *desc = capture((char *const[]){"git", "-C", (char *)dir, "describe",
                                         "--always", "--dirty=+dirty", NULL});
    char *status =
        capture((char *const[]){"git", "-C", (char *)dir, "status",
                                "--porcelain", "--untracked-files=no", NULL});
    if (hash && status) {
        char *h = tps__xasprintf("%s+dirty", hash);
        free(hash);
        hash = h;
    }
    free(status);
    json_object_set_new(prov, "commit", jstr_or_null(hash));
    json_object_set_new(prov, "describe", jstr_or_null(desc));
}

static void put_load(json_t *prov, const char *key) {
    double la[3];
    json_t *v = json_null();
    if (getloadavg(la, 3) == 3)
        v = json_pack("[f,f,f]", la[0], la[1], la[2]);
    json_object_set_new(prov, key, v ? v : json_null());
}

static void put_date(json_t *prov, const char *key) {
    char buf[32];
    time_t now = time(NULL);
    struct tm tm;
    strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
    json_object_set_new(prov, key, json_string(buf));
}

json_t *sweep_provenance_begin(const char *launch) {
    json_t *prov = json_object();
    if (!prov) {
        fprintf(stderr, "%s: out of memory\n", PROG);
        exit(1);
    }
    char *build = build_dir(launch), *src = build ? source_dir(build) : NULL;
    put_commit(prov, src);
    char *flags = NULL;
    if (build) {
        char *cs = tps__xasprintf("%s/config.status", build);
        flags = capture((char *const[]){cs, "--config", NULL});
        free(cs);
    }
    json_object_set_new(prov, "configure_flags", jstr_or_null(flags));
    json_object_set_new(prov, "build", jstr_or_null(build));
    free(src);
    char host[256] = "";
    gethostname(host, sizeof(host) - 1);
    json_object_set_new(prov, "host", json_string(host));
    json_object_set_new(prov, "cores",
                        json_integer(sysconf(_SC_NPROCESSORS_ONLN)));
    put_load(prov, "loadavg_before");
    put_date(prov, "date_start");
    return prov;
}

void sweep_provenance_end(json_t *prov) {
    put_load(prov, "loadavg_after");
    put_date(prov, "date_end");
}
