/* SPDX-License-Identifier: MIT */
/* A shard's fate-deciding settings as one canonical string (docs/design.md
 * §3a, One configuration): "key=value key=value ...", each key spelled as
 * its taups-server option without the dashes, in a fixed order. Shards
 * compare theirs in the peer hello, clients the HELLO_OK of every shard;
 * the sentence names the first key that differs and both values.
 *
 * Must NOT know which settings decide a fate (the server builds the
 * string): it only compares two strings key by key. */
#ifndef TPS_CONFIG_H
#define TPS_CONFIG_H

#include <stddef.h>

/* Compares config strings `a` (shard sa's) and `b` (shard sb's). Returns 0
 * when they are equal, 1 when they differ, with a sentence such as
 * "shard 1 has --max-staleness 5, shard 0 has 3" in out. A key present in
 * one string only counts as a difference ("(none)" on the other side);
 * NULL is the empty string. */
int tps__config_diff(const char *a, int sa, const char *b, int sb, char *out,
                     size_t outlen);

#endif
