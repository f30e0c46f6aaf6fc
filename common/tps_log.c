/* SPDX-License-Identifier: MIT */
/* Logging; see tps_log.h. */
#include "tps_log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

static char prefix[64] = "taups";

void tps_log_init(const char *who) {
    snprintf(prefix, sizeof(prefix), "%s", who);
}

void tps_log(const char *fmt, ...) {
    char line[1024];
    struct timeval tv;
    struct tm tm;
    gettimeofday(&tv, NULL);
    localtime_r(&tv.tv_sec, &tm);
    int n = (int)strftime(line, sizeof(line), "%H:%M:%S", &tm);
    n += snprintf(line + n, sizeof(line) - (size_t)n, ".%03d %s: ",
                  (int)(tv.tv_usec / 1000), prefix);
    va_list ap;
    va_start(ap, fmt);
    if (n < (int)sizeof(line))
        vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
    va_end(ap);
    /* One write per line so that concurrent processes do not interleave. */
    fprintf(stderr, "%s\n", line);
}

double tps_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
