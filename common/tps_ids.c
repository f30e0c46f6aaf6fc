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

/* A call of up to SMALL_N ids spread over more than SPREAD_BITS bits
 * (hashed features) is deduplicated first in a hash table that stays in
 * the caches, and only its unique ids are sorted; other calls are sorted
 * whole and deduplicated after. */
#define SMALL_N 65536
#define SPREAD_BITS 22
#define MAX_BITS 11

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
 * a small range vary in their low 20 bits or so). */
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

/* The digits a sort of n keys differing in the bits of vary (nonzero) takes:
 * the count and width that cost least, a pass costing a read and a write
 * of every key (about 15 instructions) and a clear and sum of its 2^bits
 * counters (about 6 each). A thousand ids of 20 bits: 3 passes of 7 bits,
 * half the work of 2 of 11. */
static unsigned digit_bits(uint64_t vary, size_t n, unsigned *passes) {
    unsigned lo = (unsigned)__builtin_ctzll(vary);
    unsigned span = 64 - (unsigned)__builtin_clzll(vary) - lo;
    unsigned best = MAX_BITS;
    double cost = -1;
    for (unsigned p = (span + MAX_BITS - 1) / MAX_BITS; p <= span; p++) {
        unsigned b = (span + p - 1) / p;
        double c = (double)p * (15.0 * (double)n + 6.0 * (double)(1u << b));
        if (cost < 0 || c < cost) {
            cost = c;
            best = b;
            *passes = p;
        }
        if (b <= 3)
            break;
    }
    return best;
}

/* Where a sort leaves its result: keys ascending, and for each the index
 * it had in the input (NULL: the input was ascending, index = place). */
typedef struct sorted_s {
    const uint64_t *keys;
    const uint32_t *idx;
} sorted_t;

/* Stable LSD radix sort of keys[0..n), which differ in the bits of vary
 * (nonzero), on the digits digit_bits chooses over those bits. The keys
 * ping-pong between ka and kb (the input is never written), the indices
 * between ia and ib; hist has room for 2^MAX_BITS counters. */
static sorted_t radix_sort(const uint64_t *keys, size_t n, uint64_t vary,
                           uint64_t *ka, uint64_t *kb, uint32_t *ia,
                           uint32_t *ib, uint32_t *hist) {
    sorted_t r = {keys, NULL};
    unsigned passes = 1, bits = digit_bits(vary, n, &passes);
    unsigned lo = (unsigned)__builtin_ctzll(vary);
    uint64_t mask = ((uint64_t)1 << bits) - 1;
    for (unsigned d = 0; d < passes; d++) {
        unsigned shift = lo + d * bits;
        memset(hist, 0, sizeof(*hist) << bits);
        for (size_t i = 0; i < n; i++)
            hist[(r.keys[i] >> shift) & mask]++;
        uint32_t sum = 0;
        for (uint64_t v = 0; v <= mask; v++) {
            uint32_t c = hist[v];
            hist[v] = sum;
            sum += c;
        }
        uint64_t *kdst = r.keys == ka ? kb : ka;
        uint32_t *idst = r.idx == ia ? ib : ia;
        for (size_t i = 0; i < n; i++) {
            uint64_t k = r.keys[i];
            uint32_t at = hist[(k >> shift) & mask]++;
            kdst[at] = k;
            idst[at] = r.idx != NULL ? r.idx[i] : (uint32_t)i;
        }
        r.keys = kdst;
        r.idx = idst;
    }
    return r;
}

/* Room for the digit counters of every pass of a packed sort: at most
 * ceil(64 / b) passes of 2^b counters, largest at b = MAX_BITS. */
#define PACKED_HIST ((size_t)((64 + MAX_BITS - 1) / MAX_BITS) << MAX_BITS)

/* The bits an index below n takes (n >= 2). */
static unsigned index_bits(size_t n) {
    return 64 - (unsigned)__builtin_clzll((unsigned long long)n - 1);
}

/* Whether keys differing in the bits of vary pack with an index below n
 * into one word. */
static int packs(uint64_t vary, size_t n) {
    unsigned span =
        64 - (unsigned)__builtin_clzll(vary) - (unsigned)__builtin_ctzll(vary);
    return span + index_bits(n) <= 64;
}

/* Stable LSD radix sort of keys[0..n) (n >= 2, packs(vary, n)), each key
 * packed with its index into one word: the bits of the key from vary's
 * lowest to its highest above the index's bits. A pass then moves one
 * word, not a key and an index, and counts the next pass's digits on the
 * way. The words ping-pong between wa and wb; hist has room for
 * PACKED_HIST counters. Returns the buffer holding the sorted words: a word's
 * key part is packed_key's, its low index_bits(n) bits the key's index. */
static const uint64_t *radix_packed(const uint64_t *keys, size_t n,
                                    uint64_t vary, uint64_t *wa, uint64_t *wb,
                                    uint32_t *hist) {
    unsigned passes = 1, bits = digit_bits(vary, n, &passes);
    unsigned lo = (unsigned)__builtin_ctzll(vary), ib = index_bits(n);
    uint64_t mask = ((uint64_t)1 << bits) - 1;
    unsigned span = 64 - (unsigned)__builtin_clzll(vary) - lo;
    uint64_t vmask = UINT64_MAX >> (64 - span); /* span >= 1 */
    memset(hist, 0, ((size_t)passes << bits) * sizeof(*hist));
    for (size_t i = 0; i < n; i++) {
        uint64_t w = (((keys[i] >> lo) & vmask) << ib) | i;
        wa[i] = w;
        hist[(w >> ib) & mask]++;
    }
    const uint64_t *src = wa;
    for (unsigned d = 0; d < passes; d++) {
        uint32_t *h = hist + ((size_t)d << bits), sum = 0;
        for (uint64_t v = 0; v <= mask; v++) {
            uint32_t c = h[v];
            h[v] = sum;
            sum += c;
        }
        uint64_t *dst = src == wa ? wb : wa;
        unsigned shift = ib + d * bits;
        if (d + 1 < passes) { /* the next pass's digits counted on the way */
            uint32_t *next = h + ((size_t)1 << bits);
            for (size_t i = 0; i < n; i++) {
                uint64_t w = src[i];
                dst[h[(w >> shift) & mask]++] = w;
                next[(w >> (shift + bits)) & mask]++;
            }
        } else {
            for (size_t i = 0; i < n; i++) {
                uint64_t w = src[i];
                dst[h[(w >> shift) & mask]++] = w;
            }
        }
        src = dst;
    }
    return src;
}

/* A sorted packed word's key: its key part back in place, over the bits
 * outside vary's range, which every key shares (any is one of the keys). */
static inline uint64_t packed_key(uint64_t w, uint64_t any, uint64_t vary,
                                  unsigned ib) {
    unsigned lo = (unsigned)__builtin_ctzll(vary);
    uint64_t range = UINT64_MAX >> __builtin_clzll(vary) >> lo << lo;
    return (any & ~range) | ((w >> ib) << lo);
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
    uint64_t vary;
    if (scan_keys(ins, nu, &vary)) { /* inserted ascending: rank = index */
        memcpy(uniq, ins, nu * sizeof(uint64_t));
        return nu;
    }
    uint32_t *rank = ia;
    if (packs(vary, nu)) {
        const uint64_t *w = radix_packed(ins, nu, vary, uniq, kb, hist);
        unsigned b = index_bits(nu);
        uint64_t imask = ((uint64_t)1 << b) - 1;
        for (size_t j = 0; j < nu; j++) {
            uint64_t x = w[j];
            rank[x & imask] = (uint32_t)j;
            uniq[j] = packed_key(x, ins[0], vary, b);
        }
    } else {
        sorted_t r = radix_sort(ins, nu, vary, uniq, kb, ia, ib, hist);
        if (r.keys != uniq)
            memcpy(uniq, r.keys, nu * sizeof(uint64_t));
        rank = r.idx == ia ? ib : ia;
        for (size_t j = 0; j < nu; j++)
            rank[r.idx[j]] = (uint32_t)j;
    }
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
    /* Ids from a small range sort in a few passes over all of them, for
     * less than a hash table costs; ids spread over many bits (hashed
     * features) are deduplicated first, when they are few. */
    uint64_t vary;
    if (scan_keys(ids, n, &vary))
        return dedupe_sorted(ids, NULL, n, uniq, pos);
    unsigned span =
        64 - (unsigned)__builtin_clzll(vary) - (unsigned)__builtin_ctzll(vary);
    int small = n <= SMALL_N && span > SPREAD_BITS;
    size_t cap = 64;
    while (small && cap < 2 * n)
        cap *= 2;
    /* Small: the table's keys and values, the inserted keys and their
     * ping-pong copy, two index arrays. Large: one key copy, two index
     * arrays. Both: the radix passes' counters. */
    size_t need = (small ? cap * 12 + n * 24 : n * 16) + PACKED_HIST * 4;
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
    if (packs(vary, n)) {
        /* uniq is one of the sort's buffers: each unique key is written
         * at or before the place of the word it comes from. */
        const uint64_t *w = radix_packed(ids, n, vary, uniq, kb, hist);
        unsigned b = index_bits(n);
        uint64_t imask = ((uint64_t)1 << b) - 1, any = ids[0], last = 0;
        size_t m = 0;
        for (size_t j = 0; j < n; j++) {
            uint64_t x = w[j];
            if (m == 0 || x >> b != last) {
                last = x >> b;
                uniq[m++] = packed_key(x, any, vary, b);
            }
            pos[x & imask] = (uint32_t)(m - 1);
        }
        return m;
    }
    sorted_t r = radix_sort(ids, n, vary, uniq, kb, ia, ib, hist);
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

/* get_varint with the common lengths first: a version or an id gap of a
 * table of millions takes one or two bytes, read without a loop. */
static inline int get_short_varint(const uint8_t *in, size_t off, size_t len,
                                   uint64_t *v) {
    if (len - off >= 2) {
        uint8_t b0 = in[off], b1 = in[off + 1];
        if (b0 < 0x80) {
            *v = b0;
            return 1;
        }
        if (b1 < 0x80 && b1 != 0) {
            *v = (uint64_t)(b0 & 0x7f) | (uint64_t)b1 << 7;
            return 2;
        }
    }
    return get_varint(in, off, len, v);
}

/* gaps: each value is the gap to the previous one, minus 1 (ids). */
static int decode(const uint8_t *in, size_t len, uint64_t *out, size_t n,
                  size_t *used, char *err, size_t errlen, int gaps) {
    const char *what = gaps ? "id" : "varint";
    size_t off = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t v;
        int r = get_short_varint(in, off, len, &v);
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
