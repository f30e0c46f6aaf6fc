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
#include "tps_rng.h"

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

/* A call of up to SMALL_N ids that differ in more than two 11-bit digits
 * is deduplicated first in a hash table that stays in the caches, and only
 * its unique ids are sorted, on 8-bit digits (a histogram of 256 is cheap
 * to clear and sum for a few hundred keys); other calls are sorted whole
 * on 11-bit digits (fewer passes over many keys) and deduplicated after. */
#define SMALL_N 65536
#define MAX_BITS 11
#define MAX_DIGITS 8 /* 64 / 8 */

static unsigned digits_of(unsigned bits) {
    return (64 + bits - 1) / bits;
}

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

/* Whether keys[0..n) ascend, and in *vary the bits in which some keys
 * differ: bits every key shares leave the order as it is (ids drawn from
 * a small range vary in two or three digits of six). */
static int scan_keys(const uint64_t *keys, size_t n, uint64_t *vary) {
    uint64_t any = keys[0], all = keys[0];
    int sorted = 1;
    for (size_t i = 1; i < n; i++) {
        sorted &= keys[i - 1] <= keys[i];
        any |= keys[i];
        all &= keys[i];
    }
    *vary = any ^ all;
    return sorted;
}

/* The digits of `bits` bits in which some of the keys differ, a bit each. */
static unsigned live_digits(uint64_t vary, unsigned bits) {
    unsigned live = 0;
    for (unsigned d = 0; d < digits_of(bits); d++)
        if ((vary >> (d * bits)) & (((uint64_t)1 << bits) - 1))
            live |= 1u << d;
    return live;
}

/* Counts the live digits of the keys in one read, into hist (2^bits
 * counters per digit). */
static void count_digits(const uint64_t *ids, size_t n, unsigned bits,
                         unsigned live, uint32_t *hist) {
    uint64_t mask = ((uint64_t)1 << bits) - 1;
    unsigned dl[MAX_DIGITS], nd = 0;
    for (unsigned d = 0; d < digits_of(bits); d++)
        if (live >> d & 1) {
            dl[nd++] = d;
            memset(hist + (d << bits), 0, sizeof(*hist) << bits);
        }
    for (size_t i = 0; i < n; i++)
        for (unsigned k = 0; k < nd; k++)
            hist[(dl[k] << bits) + ((ids[i] >> (dl[k] * bits)) & mask)]++;
}

/* Where a sort leaves its result: keys ascending, and for each the index
 * it had in the input (NULL: the input was ascending, index = place). */
typedef struct sorted_s {
    const uint64_t *keys;
    const uint32_t *idx;
} sorted_t;

/* Stable LSD radix sort of keys[0..n) on digits of `bits` bits, skipping
 * digits all keys share. The keys ping-pong between ka and kb (the input
 * is never written), the indices between ia and ib; hist has room for
 * digits_of(bits) << bits counters. */
static sorted_t radix_sort(const uint64_t *keys, size_t n, unsigned bits,
                           uint64_t *ka, uint64_t *kb, uint32_t *ia,
                           uint32_t *ib, uint32_t *hist) {
    sorted_t r = {keys, NULL};
    uint64_t vary;
    if (n == 0 || scan_keys(keys, n, &vary))
        return r;
    unsigned live = live_digits(vary, bits);
    count_digits(keys, n, bits, live, hist);
    uint64_t mask = ((uint64_t)1 << bits) - 1;
    for (unsigned d = 0; d < digits_of(bits); d++) {
        if (!(live >> d & 1))
            continue;
        uint32_t *off = hist + (d << bits), sum = 0;
        for (uint64_t v = 0; v <= mask; v++) {
            uint32_t c = off[v];
            off[v] = sum;
            sum += c;
        }
        uint64_t *kdst = r.keys == ka ? kb : ka;
        uint32_t *idst = r.idx == ia ? ib : ia;
        unsigned shift = d * bits;
        for (size_t i = 0; i < n; i++) {
            uint64_t k = r.keys[i];
            uint32_t at = off[(k >> shift) & mask]++;
            kdst[at] = k;
            idst[at] = r.idx != NULL ? r.idx[i] : (uint32_t)i;
        }
        r.keys = kdst;
        r.idx = idst;
    }
    return r;
}

/* The small case: unique ids by a hash table (insertion order), then
 * those sorted, and each id's unique index turned into its rank. */
static size_t unique_small(const uint64_t *ids, size_t n, uint64_t *uniq,
                           uint32_t *pos, uint8_t *mem, size_t cap) {
    uint64_t *hkey = (uint64_t *)(void *)mem, *ins = hkey + cap, *kb = ins + n;
    uint32_t *hval = (uint32_t *)(kb + n), *ia = hval + cap, *ib = ia + n;
    uint32_t *hist = ib + n;
    memset(hval, 0, cap * sizeof(*hval));
    size_t nu = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t id = ids[i];
        size_t k = (size_t)tps__mix64(id) & (cap - 1);
        while (hval[k] != 0 && hkey[k] != id)
            k = (k + 1) & (cap - 1);
        if (hval[k] == 0) {
            hkey[k] = id;
            ins[nu] = id;
            hval[k] = (uint32_t)++nu;
        }
        pos[i] = hval[k] - 1;
    }
    sorted_t r = radix_sort(ins, nu, 8, uniq, kb, ia, ib, hist);
    if (r.keys != uniq)
        memcpy(uniq, r.keys, nu * sizeof(uint64_t));
    if (r.idx == NULL)
        return nu; /* inserted in ascending order: rank = index */
    uint32_t *rank = r.idx == ia ? ib : ia;
    for (size_t j = 0; j < nu; j++)
        rank[r.idx[j]] = (uint32_t)j;
    for (size_t i = 0; i < n; i++)
        pos[i] = rank[pos[i]];
    return nu;
}

size_t tps__ids_unique(const uint64_t *ids, size_t n, uint64_t *uniq,
                       uint32_t *pos, void **scratch, size_t *scratch_cap) {
    if (n > UINT32_MAX)
        return (size_t)-1;
    if (n == 0)
        return 0;
    /* Ids from a small range sort in two 11-bit passes over all of them,
     * less than a hash table costs; ids spread over more digits (hashed
     * features) are deduplicated first, when they are few. */
    uint64_t vary;
    if (scan_keys(ids, n, &vary))
        return dedupe_sorted(ids, NULL, n, uniq, pos);
    int small = n <= SMALL_N &&
                __builtin_popcount(live_digits(vary, MAX_BITS)) > 2;
    size_t cap = 64;
    while (small && cap < 2 * n)
        cap *= 2;
    /* Small: the table's keys and values, the inserted keys and their
     * ping-pong copy, two index arrays, 8 histograms of 256. Large: one
     * key copy, two index arrays, 6 histograms of 2048. */
    size_t need = small ? cap * 12 + n * 24 + ((size_t)MAX_DIGITS << 8) * 4
                      : n * 16 + ((size_t)digits_of(MAX_BITS) << MAX_BITS) * 4;
    if (*scratch_cap < need) {
        void *p = realloc(*scratch, need);
        if (p == NULL)
            return (size_t)-1;
        *scratch = p;
        *scratch_cap = need;
    }
    if (small)
        return unique_small(ids, n, uniq, pos, *scratch, cap);
    uint64_t *kb = *scratch;
    uint32_t *ia = (uint32_t *)(kb + n), *ib = ia + n, *hist = ib + n;
    sorted_t r = radix_sort(ids, n, MAX_BITS, uniq, kb, ia, ib, hist);
    return dedupe_sorted(r.keys, r.idx, n, uniq, pos);
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
