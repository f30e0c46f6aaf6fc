/* SPDX-License-Identifier: MIT */
/* Helpers of the command-line tools (launcher, sweep): allocation that
 * ends the program with a message when memory runs out (a tool has nothing
 * sensible to do then), formatted strings, mkdir -p and finding sibling
 * programs. Not for the library or the server, which must report errors
 * instead. */
#ifndef TPS_TOOL_H
#define TPS_TOOL_H

/* A macro's value as a string: option tables' defaults from constants. */
#define TPS_STR_(x) #x
#define TPS_STR(x) TPS_STR_(x)

#include <stddef.h>

void *tps__xmalloc(size_t n);
void *tps__xrealloc(void *p, size_t n);
char *tps__xstrdup(const char *s);
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
char *tps__xasprintf(const char *fmt, ...);

/* Creates dir and its missing parents (mode 0755). Returns 0 or -1 with
 * errno set. */
int tps__mkdir_p(const char *dir);

/* The directory of this executable (out of libtool's .libs/) into dir.
 * Returns 0, or -1 when /proc/self/exe cannot be read. */
int tps__exe_dir(char *dir, size_t len);

/* Finds a sibling program: in bindir if given (only there, and PATH is not
 * searched); else next to this executable (out of libtool's .libs/), then
 * in its ../SUBDIR (the build tree keeps programs in server/, worker/,
 * tools/), then in PATH. Returns an owned path, or NULL after saying where
 * it looked. */
char *tps__find_program(const char *bindir, const char *name,
                        const char *subdir);

#endif
