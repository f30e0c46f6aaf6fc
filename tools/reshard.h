/* SPDX-License-Identifier: MIT */
/* taups-ctl reshard: re-cuts the checkpoints of an S-shard cluster for S'
 * shards, offline (docs/design.md §10). */
#ifndef TPS_RESHARD_H
#define TPS_RESHARD_H

#include <stdint.h>

/* `reshard OUT_PREFIX S2 DIR_0 .. DIR_{S-1}`: args[0] is "reshard", nargs
 * counts it. Reads the newest valid generation in each DIR_i (shard i of
 * the same cluster), writes generation 1 of shard j of S2 into
 * OUT_PREFIX-j. Returns an exit status: 0 done, 1 failed, 2 usage. */
int tps__reshard_main(int nargs, char **args);

/* Elements [lo, hi) of shard `to` of `to_shards`, under the slice rule
 * (tps__slice_lo), copied into out from the `from_shards` slices of a
 * tensor of n elements, from[s] holding shard s's slice. */
void tps__reshard_recut(uint64_t n, uint32_t from_shards,
                        const float *const *from, uint32_t to_shards,
                        uint32_t to, float *out);

#endif
