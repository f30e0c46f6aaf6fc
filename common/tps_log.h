/* SPDX-License-Identifier: MIT */
/* One-line log messages on stderr, prefixed with the wall-clock time and the
 * process's identity (e.g. "taups-server[1]"), so that the logs of a whole
 * cluster can be merged and read in order.
 *
 * Under systemd, when stderr is the journal (JOURNAL_STREAM names the
 * device and inode of fd 2), a line carries no time of its own (journald
 * stamps it) and starts with its syslog priority, <3> error, <4> warning,
 * <6> info, so that `journalctl -p warning` picks the problems out. */
#ifndef TPS_LOG_H
#define TPS_LOG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Sets the prefix (copied) and looks at JOURNAL_STREAM. */
void tps__log_init(const char *who);

#if defined(__GNUC__)
#define TPS_LOG_FORMAT __attribute__((format(printf, 1, 2)))
#else
#define TPS_LOG_FORMAT
#endif

/* Information: what happened as it should. */
TPS_LOG_FORMAT void tps__log(const char *fmt, ...);
/* Something went wrong and was ridden out: a peer refused or lost, a
 * retry, a damaged checkpoint skipped. */
TPS_LOG_FORMAT void tps__log_warn(const char *fmt, ...);
/* Something failed: the process, a request or a write could not go on. */
TPS_LOG_FORMAT void tps__log_err(const char *fmt, ...);

/* Monotonic seconds since an arbitrary origin. */
double tps__now(void);

/* A tensor's shape as messages name it, "(3, 4)", cut to len. Inline:
 * the fuzz targets link their own logger in place of this file's. */
static inline void tps__shape_text(char *buf, size_t len, uint32_t ndims,
                                   const uint64_t *shape) {
    size_t n = (size_t)snprintf(buf, len, "(");
    for (uint32_t i = 0; i < ndims && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%llu", i ? ", " : "",
                              (unsigned long long)shape[i]);
    if (n < len)
        snprintf(buf + n, len - n, ")");
}

#endif
