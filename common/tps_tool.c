/* Helpers of the command-line tools; see tps_tool.h. */
#include "tps_tool.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
