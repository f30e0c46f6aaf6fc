/* SPDX-License-Identifier: MIT */
/* Row ids of tables (docs/design.md §2b): which of the 4,096 slots and
 * which shard an id belongs to, the sort and dedupe a client does on every
 * pull and push of rows, and the ids' and versions' wire coding.
 *
 * The coding is canonical: LEB128 varints without redundant high zero
 * bytes (only 0 itself ends in a zero byte), at most 10 bytes, never past
 * 2^64 - 1. The decoders refuse anything else, so every list of ids has
 * exactly one encoding and a decode followed by an encode gives back the
 * bytes that were read. Nothing here allocates except tps__ids_unique's
 * scratch, and nothing keeps state between calls. */
#ifndef TPS_IDS_H
#define TPS_IDS_H

#include <stddef.h>
#include <stdint.h>

/* Slots are the unit a re-shard moves: an id never changes slot. */
#define TPS_TABLE_SLOTS 4096

/* Slot of an id: the top 12 bits of XXH3_64bits of its 8 little-endian
 * bytes, so that ids arriving in runs spread over the slots. */
uint32_t tps__id_slot(uint64_t id);

/* Shard of a slot with nshards >= 1 shards: floor(slot * nshards / 4096),
 * contiguous slot ranges, so shard s holds the slots from
 * ceil(s * 4096 / nshards) up to the next shard's first. */
static inline uint32_t tps__slot_shard(uint32_t slot, uint32_t nshards) {
    return (uint32_t)((uint64_t)slot * nshards / TPS_TABLE_SLOTS);
}

uint32_t tps__id_shard(uint64_t id, uint32_t nshards);

/* Largest encoding of n ids or varints (10 bytes each). */
#define TPS_IDS_MAX_BYTES(n) ((size_t)(n)*10)

/* Sorts ids[0..n) and removes duplicates: the unique ids ascending go to
 * uniq (room for n), and pos[i] is the index of ids[i] in uniq. Returns the
 * count of unique ids, or (size_t)-1 when scratch cannot grow or n does
 * not fit pos (n >= 2^32). ids and uniq must not overlap.
 *
 * scratch and *scratch_cap belong to the caller, who keeps them between
 * calls (both start NULL and 0) and frees *scratch at the end: it grows
 * with realloc (to at most 72 bytes per id plus 48 KiB up to 65,536
 * ids, 16 bytes per id plus 48 KiB beyond) and is left as it was when it
 * cannot, so a steady state allocates nothing. Up to 65,536 ids spread
 * over more than 22 bits are deduplicated in a hash table first and the
 * unique ones sorted; others are sorted whole and deduplicated after. The
 * sort is an LSD radix sort over the bits in which the ids differ, in
 * the digit width that costs least for their count; when those bits and
 * an index fit one 64-bit word, each id is sorted as one such word. */
size_t tps__ids_unique(const uint64_t *ids, size_t n, uint64_t *uniq,
                       uint32_t *pos, void **scratch, size_t *scratch_cap);

/* Groups the sorted unique ids uniq[0..n) by shard, stably: order[0..n)
 * gets the indices into uniq of shard 0's ids, then shard 1's, ...
 * (ascending ids inside a group), and shard s's are order[start[s] ..
 * start[s + 1]); start has nshards + 1 entries, nshards >= 1. */
void tps__ids_by_shard(const uint64_t *uniq, size_t n, uint32_t nshards,
                       uint32_t *order, size_t *start);

/* Writes ids[0..n), strictly ascending, as varint gaps: the first id, then
 * each id minus the previous minus 1. Returns the bytes written, at most
 * TPS_IDS_MAX_BYTES(n). */
size_t tps__ids_encode(const uint64_t *ids, size_t n, uint8_t *out);

/* Decodes exactly n ids from in[0..len) into out, reading nothing past len.
 * Returns 0 with *used the bytes read, or TPS_EPROTO with a sentence in err
 * (errlen > 0): the ids end early ("ids end after 17 of 100"), a varint is
 * longer than 10 bytes, past 2^64 - 1 or not canonical, or a gap takes an id
 * past 2^64 - 1. On an error *used is untouched and out holds the ids
 * before the bad one. */
int tps__ids_decode(const uint8_t *in, size_t len, uint64_t *out, size_t n,
                    size_t *used, char *err, size_t errlen);

/* Plain LEB128 varints (a push's per-row versions), same bounds and rules
 * as the ids' coding, any order and repeats allowed. */
size_t tps__varints_encode(const uint64_t *v, size_t n, uint8_t *out);
int tps__varints_decode(const uint8_t *in, size_t len, uint64_t *out, size_t n,
                        size_t *used, char *err, size_t errlen);

#endif
