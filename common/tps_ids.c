/* SPDX-License-Identifier: MIT */
/* Row ids: slots and shards, the client's sort and dedupe, the wire coding
 * (tps_ids.h has the contracts). */
#include "tps_ids.h"

#include <endian.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The 8-byte case of XXH3 is a few multiplies; inlined it costs less than
 * the call, and by_shard hashes every id of a pull or push twice. */
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "taups_error.h"

uint32_t tps__id_slot(uint64_t id) {
    /* One 8-byte store: bytes stored one by one and read back as words
     * stall the load on every id (no store forwarding). */
    uint64_t le = htole64(id);
    return (uint32_t)(XXH3_64bits(&le, sizeof le) >> 52);
}

uint32_t tps__id_shard(uint64_t id, uint32_t nshards) {
    return tps__slot_shard(tps__id_slot(id), nshards);
}

/* ---- sort and dedupe -------------------------------------------------- */

#define DIGIT_BITS 11
#define DIGIT_VALUES (1u << DIGIT_BITS)
#define DIGITS ((64 + DIGIT_BITS - 1) / DIGIT_BITS)

/* Dedupes keys[0..n), ascending; idx[j] is the input position of keys[j]
 * (NULL: j itself). keys may be uniq: the write position never passes the
 * read position. */
static size_t dedupe_sorted(const uint64_t *keys, const uint32_t *idx, size_t n,
                            uint64_t *uniq, uint32_t *pos) {
    size_t m = 0;
    for (size_t j = 0; j < n; j++) {
        uint64_t k = keys[j];
        if (m == 0 || k != uniq[m - 1])
            uniq[m++] = k;
        pos[idx != NULL ? idx[j] : j] = (uint32_t)(m - 1);
    }
    return m;
}

/* One stable counting pass on the digit at shift; off holds the digit's
 * first output positions and is consumed. isrc NULL: the identity. */
static void radix_pass(const uint64_t *ksrc, const uint32_t *isrc,
                       uint64_t *kdst, uint32_t *idst, size_t n, unsigned shift,
                       uint32_t *off) {
    for (size_t i = 0; i < n; i++) {
        uint64_t k = ksrc[i];
        uint32_t at = off[(k >> shift) & (DIGIT_VALUES - 1)]++;
        kdst[at] = k;
        idst[at] = isrc != NULL ? isrc[i] : (uint32_t)i;
    }
}

/* Counts, in one read of the keys, the digits in which some keys differ
 * (bits every key shares leave the order as it is: ids drawn from a small
 * range vary in two or three digits of six). Returns whether the keys are
 * already ascending, in which case nothing is counted; else *live has bit
 * d set for each digit counted in hist. */
static int count_digits(const uint64_t *ids, size_t n, uint32_t *hist,
                        unsigned *live) {
    uint64_t any = ids[0], all = ids[0];
    int sorted = 1;
    for (size_t i = 1; i < n; i++) {
        sorted &= ids[i - 1] <= ids[i];
        any |= ids[i];
        all &= ids[i];
    }
    if (sorted)
        return 1;
    uint64_t vary = any ^ all;
    unsigned dl[DIGITS], nd = 0;
    *live = 0;
    for (unsigned d = 0; d < DIGITS; d++)
        if ((vary >> (d * DIGIT_BITS)) & (DIGIT_VALUES - 1)) {
            dl[nd++] = d;
            *live |= 1u << d;
            memset(hist + d * DIGIT_VALUES, 0, DIGIT_VALUES * sizeof *hist);
        }
    for (size_t i = 0; i < n; i++)
        for (unsigned k = 0; k < nd; k++)
            hist[dl[k] * DIGIT_VALUES +
                 ((ids[i] >> (dl[k] * DIGIT_BITS)) & (DIGIT_VALUES - 1))]++;
    return 0;
}

/* The keys ping-pong between uniq and the scratch's keys; the indices
 * between the scratch's two index arrays (pos cannot take part: the final
 * scatter into it would overwrite indices not yet read). */
size_t tps__ids_unique(const uint64_t *ids, size_t n, uint64_t *uniq,
                       uint32_t *pos, void **scratch, size_t *scratch_cap) {
    if (n > UINT32_MAX)
        return (size_t)-1;
    if (n == 0)
        return 0;
    size_t need = n * (sizeof(uint64_t) + 2 * sizeof(uint32_t)) +
                  DIGITS * DIGIT_VALUES * sizeof(uint32_t);
    if (*scratch_cap < need) {
        void *p = realloc(*scratch, need);
        if (p == NULL)
            return (size_t)-1;
        *scratch = p;
        *scratch_cap = need;
    }
    uint64_t *kbuf = *scratch;
    uint32_t *ibuf[2] = {(uint32_t *)(kbuf + n), (uint32_t *)(kbuf + n) + n};
    uint32_t *hist = ibuf[1] + n;
    unsigned live;
    if (count_digits(ids, n, hist, &live))
        return dedupe_sorted(ids, NULL, n, uniq, pos);

    const uint64_t *ksrc = ids;
    const uint32_t *isrc = NULL;
    int flip = 0;
    for (unsigned d = 0; d < DIGITS; d++) {
        uint32_t *off = hist + d * DIGIT_VALUES;
        unsigned shift = d * DIGIT_BITS;
        if (!(live >> d & 1))
            continue;
        uint32_t sum = 0;
        for (unsigned v = 0; v < DIGIT_VALUES; v++) {
            uint32_t c = off[v];
            off[v] = sum;
            sum += c;
        }
        uint64_t *kdst = ksrc == uniq ? kbuf : uniq;
        radix_pass(ksrc, isrc, kdst, ibuf[flip], n, shift, off);
        ksrc = kdst;
        isrc = ibuf[flip];
        flip ^= 1;
    }
    return dedupe_sorted(ksrc, isrc, n, uniq, pos);
}

void tps__ids_by_shard(const uint64_t *uniq, size_t n, uint32_t nshards,
                       uint32_t *order, size_t *start) {
    if (nshards == 1) { /* one group, in order: no id needs hashing */
        for (size_t i = 0; i < n; i++)
            order[i] = (uint32_t)i;
        start[0] = 0;
        start[1] = n;
        return;
    }
    memset(start, 0, ((size_t)nshards + 1) * sizeof *start);
    for (size_t i = 0; i < n; i++)
        start[tps__id_shard(uniq[i], nshards)]++;
    size_t sum = 0;
    for (uint32_t s = 0; s < nshards; s++) {
        size_t c = start[s];
        start[s] = sum;
        sum += c;
    }
    /* start[s] serves as shard s's cursor and ends at its group's end,
     * which is the next group's start: one shift puts it back. */
    for (size_t i = 0; i < n; i++)
        order[start[tps__id_shard(uniq[i], nshards)]++] = (uint32_t)i;
    for (uint32_t s = nshards; s > 0; s--)
        start[s] = start[s - 1];
    start[0] = 0;
}

/* ---- the wire coding -------------------------------------------------- */

static size_t put_varint(uint8_t *out, uint64_t v) {
    size_t i = 0;
    while (v >= 0x80) {
        out[i++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    out[i++] = (uint8_t)v;
    return i;
}

enum { VARINT_SHORT = -1, VARINT_LONG = -2, VARINT_BIG = -3, VARINT_PAD = -4 };

/* Reads one canonical varint from in[off..len): its length, or a
 * VARINT_*. */
static int get_varint(const uint8_t *in, size_t off, size_t len, uint64_t *v) {
    uint64_t x = 0;
    for (unsigned i = 0; i < 10; i++) {
        if (off + i == len)
            return VARINT_SHORT;
        uint8_t b = in[off + i];
        /* The tenth byte holds bit 63 alone. */
        if (i == 9 && b > 1)
            return (b & 0x80) ? VARINT_LONG : VARINT_BIG;
        x |= (uint64_t)(b & 0x7f) << (7 * i);
        if (!(b & 0x80)) {
            if (b == 0 && i > 0)
                return VARINT_PAD;
            *v = x;
            return (int)i + 1;
        }
    }
    return VARINT_LONG;
}

/* gaps: each value is the gap to the previous one, minus 1 (ids). */
static int decode(const uint8_t *in, size_t len, uint64_t *out, size_t n,
                  size_t *used, char *err, size_t errlen, int gaps) {
    const char *what = gaps ? "id" : "varint";
    size_t off = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t v;
        int r = get_varint(in, off, len, &v);
        if (r == VARINT_SHORT) {
            snprintf(err, errlen, "%ss end after %zu of %zu", what, i, n);
            return TPS_EPROTO;
        }
        if (r < 0) {
            snprintf(err, errlen, "%s %zu of %zu: varint %s", what, i, n,
                     r == VARINT_LONG  ? "longer than 10 bytes"
                     : r == VARINT_BIG ? "past 2^64 - 1"
                                       : "with redundant zero bytes");
            return TPS_EPROTO;
        }
        off += (size_t)r;
        if (gaps && i > 0) {
            if (v >= UINT64_MAX - out[i - 1]) {
                snprintf(err, errlen,
                         "id %zu of %zu: gap takes it past 2^64 - 1", i, n);
                return TPS_EPROTO;
            }
            v += out[i - 1] + 1;
        }
        out[i] = v;
    }
    *used = off;
    return 0;
}

size_t tps__ids_encode(const uint64_t *ids, size_t n, uint8_t *out) {
    size_t off = 0;
    for (size_t i = 0; i < n; i++)
        off += put_varint(out + off, i == 0 ? ids[0] : ids[i] - ids[i - 1] - 1);
    return off;
}

int tps__ids_decode(const uint8_t *in, size_t len, uint64_t *out, size_t n,
                    size_t *used, char *err, size_t errlen) {
    return decode(in, len, out, n, used, err, errlen, 1);
}

size_t tps__varints_encode(const uint64_t *v, size_t n, uint8_t *out) {
    size_t off = 0;
    for (size_t i = 0; i < n; i++)
        off += put_varint(out + off, v[i]);
    return off;
}

int tps__varints_decode(const uint8_t *in, size_t len, uint64_t *out, size_t n,
                        size_t *used, char *err, size_t errlen) {
    return decode(in, len, out, n, used, err, errlen, 0);
}
