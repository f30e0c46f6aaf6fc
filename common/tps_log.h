/* SPDX-License-Identifier: MIT */
/* One-line log messages on stderr, prefixed with the wall-clock time and the
 * process's identity (e.g. "taups-server[1]"), so that the logs of a whole
 * cluster can be merged and read in order. */
#ifndef TPS_LOG_H
#define TPS_LOG_H

/* Sets the prefix (copied). */
void tps_log_init(const char *who);

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void tps_log(const char *fmt, ...);

/* Monotonic seconds since an arbitrary origin. */
double tps_now(void);

#endif
