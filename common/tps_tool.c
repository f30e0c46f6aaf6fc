/* SPDX-License-Identifier: MIT */
/* Helpers of the command-line tools; see tps_tool.h. */
#include "tps_tool.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

static void oom(void) {
    fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
    exit(1);
}

void *tps__xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (p == NULL)
        oom();
    return p;
}

void *tps__xrealloc(void *p, size_t n) {
    p = realloc(p, n ? n : 1);
    if (p == NULL)
        oom();
    return p;
}

char *tps__xstrdup(const char *s) {
    char *d = strdup(s);
    if (d == NULL)
        oom();
    return d;
}

char *tps__xasprintf(const char *fmt, ...) {
    va_list ap;
    char *s;
    va_start(ap, fmt);
    int n = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (n < 0)
        oom();
    return s;
}

int tps__mkdir_p(const char *dir) {
    char *d = tps__xstrdup(dir);
    int rc = 0;
    for (char *p = d + 1; rc == 0; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        if (mkdir(d, 0755) < 0 && errno != EEXIST)
            rc = -1;
        *p = c;
        if (c == '\0')
            break;
    }
    int saved = errno;
    free(d);
    errno = saved;
    return rc;
}

static int is_program(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
           access(path, X_OK) == 0;
}

int tps__exe_dir(char *dir, size_t len) {
    ssize_t n = readlink("/proc/self/exe", dir, len - 1);
    if (n <= 0)
        return -1;
    dir[n] = '\0';
    *strrchr(dir, '/') = '\0';
    /* Under libtool the real binary sits in .libs/ of its directory. */
    size_t l = strlen(dir);
    if (l >= 6 && strcmp(dir + l - 6, "/.libs") == 0)
        dir[l - 6] = '\0';
    return 0;
}

char *tps__find_program(const char *bindir, const char *name,
                        const char *subdir) {
    char *cand[2] = {NULL, NULL};
    char exe[PATH_MAX];
    if (bindir) {
        cand[0] = tps__xasprintf("%s/%s", bindir, name);
    } else if (tps__exe_dir(exe, sizeof(exe)) == 0) {
        cand[0] = tps__xasprintf("%s/%s", exe, name);
        cand[1] = tps__xasprintf("%s/../%s/%s", exe, subdir, name);
    }
    char *found = NULL;
    for (int k = 0; k < 2 && !found; k++)
        if (cand[k] && is_program(cand[k]))
            found = tps__xstrdup(cand[k]);
    const char *path = getenv("PATH");
    for (const char *p = path; !found && !bindir && p && *p;) {
        const char *colon = strchr(p, ':');
        size_t len = colon ? (size_t)(colon - p) : strlen(p);
        /* An empty PATH entry means the current directory. */
        char *c = len ? tps__xasprintf("%.*s/%s", (int)len, p, name)
                      : tps__xasprintf("./%s", name);
        if (is_program(c))
            found = c;
        else
            free(c);
        p = colon ? colon + 1 : NULL;
    }
    if (!found)
        fprintf(stderr,
                "%s: cannot find %s (looked in %s%s%s%s); use --bindir\n", program_invocation_short_name,
                name, cand[0] ? cand[0] : "", cand[1] ? ", " : "",
                cand[1] ? cand[1] : "", bindir ? "" : " and PATH");
    free(cand[0]);
    free(cand[1]);
    return found;
}
