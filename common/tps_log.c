/* SPDX-License-Identifier: MIT */
/* Logging; see tps_log.h. */
#include "tps_log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>

static char prefix[64] = "taups";
static int journal = -1; /* stderr is the journal; -1: not looked yet */

/* systemd sets JOURNAL_STREAM to "DEV:INODE" of the stream it connected
 * to stderr; a program whose stderr was redirected since inherits the
 * variable but not the stream, so both are compared. */
static int stderr_is_journal(void) {
    const char *js = getenv("JOURNAL_STREAM");
    unsigned long long dev, ino;
    struct stat st;
    if (js == NULL || sscanf(js, "%llu:%llu", &dev, &ino) != 2 ||
        fstat(2, &st) < 0)
        return 0;
    return (unsigned long long)st.st_dev == dev &&
           (unsigned long long)st.st_ino == ino;
}

void tps__log_init(const char *who) {
    snprintf(prefix, sizeof(prefix), "%s", who);
    journal = stderr_is_journal();
}

static void vlog(int priority, const char *fmt, va_list ap) {
    char line[1024];
    int n;
    if (journal < 0)
        journal = stderr_is_journal();
    if (journal) {
        n = snprintf(line, sizeof(line), "<%d>%s: ", priority, prefix);
    } else {
        struct timeval tv;
        struct tm tm;
        gettimeofday(&tv, NULL);
        localtime_r(&tv.tv_sec, &tm);
        n = (int)strftime(line, sizeof(line), "%H:%M:%S", &tm);
        n += snprintf(line + n, sizeof(line) - (size_t)n, ".%03d %s: ",
                      (int)(tv.tv_usec / 1000), prefix);
    }
    if (n < (int)sizeof(line))
        vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
    /* One write per line so that concurrent processes do not interleave. */
    fprintf(stderr, "%s\n", line);
}

void tps__log(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vlog(6, fmt, ap);
    va_end(ap);
}

void tps__log_warn(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vlog(4, fmt, ap);
    va_end(ap);
}

void tps__log_err(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vlog(3, fmt, ap);
    va_end(ap);
}

double tps__now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
