/* SPDX-License-Identifier: MIT */
/* libFuzzer: the decoders of row ids and versions (common/tps_ids.c), and
 * the sort, dedupe and shard grouping fed with what they decode.
 *
 * Input: mode u8 (bit 0: ids as varint gaps, else plain varints; bits 1-7:
 * nshards - 1 for the grouping), n u16 little-endian (the count to decode),
 * then the bytes, copied to a buffer of exactly their size so that ASan
 * sees any read past the end.
 *
 * Properties (abort() on violation): a refusal is TPS_EPROTO with a
 * sentence; a success reads at most the bytes given, decoded ids ascend
 * strictly, and encoding the result gives back exactly the bytes read (the
 * coding is canonical: the decoders refuse redundant zero bytes, so the
 * round trip is exact); those bytes alone decode the same, one byte fewer
 * is refused; tps__ids_unique's result ascends strictly with uniq[pos[i]]
 * equal to value i; tps__ids_by_shard puts every unique value once in the
 * group of its shard, ascending inside the group. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "taups_error.h"
#include "tps_ids.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int decode(int gaps, const uint8_t *in, size_t len, uint64_t *out,
                  size_t n, size_t *used, char *err, size_t errlen) {
    return gaps ? tps__ids_decode(in, len, out, n, used, err, errlen)
                : tps__varints_decode(in, len, out, n, used, err, errlen);
}

static void check_unique_and_shards(const uint64_t *v, size_t n,
                                    uint32_t nshards) {
    uint64_t *uniq = malloc((n + 1) * sizeof *uniq);
    uint32_t *pos = malloc((n + 1) * sizeof *pos);
    uint32_t *order = malloc((n + 1) * sizeof *order);
    size_t *start = malloc(((size_t)nshards + 1) * sizeof *start);
    char *seen = calloc(n + 1, 1);
    void *scratch = NULL;
    size_t cap = 0;
    if (uniq == NULL || pos == NULL || order == NULL || start == NULL ||
        seen == NULL)
        abort();
    size_t m = tps__ids_unique(v, n, uniq, pos, &scratch, &cap);
    if (m > n || (n > 0 && m == 0))
        abort();
    for (size_t j = 1; j < m; j++)
        if (uniq[j] <= uniq[j - 1])
            abort();
    for (size_t i = 0; i < n; i++)
        if (pos[i] >= m || uniq[pos[i]] != v[i])
            abort();
    tps__ids_by_shard(uniq, m, nshards, order, start);
    if (start[0] != 0 || start[nshards] != m)
        abort();
    for (uint32_t s = 0; s < nshards; s++)
        for (size_t j = start[s]; j < start[s + 1]; j++) {
            uint32_t i = order[j];
            if (j >= m || i >= m || seen[i] ||
                tps__id_shard(uniq[i], nshards) != s ||
                (j > start[s] && uniq[order[j - 1]] >= uniq[i]))
                abort();
            seen[i] = 1;
        }
    free(scratch);
    free(seen);
    free(start);
    free(order);
    free(pos);
    free(uniq);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3)
        return 0;
    int gaps = data[0] & 1;
    uint32_t nshards = 1 + (data[0] >> 1);
    size_t n = data[1] | (size_t)data[2] << 8;
    size_t len = size - 3;
    uint8_t *in = malloc(len);
    uint64_t *out = malloc((n + 1) * sizeof *out);
    if ((len > 0 && in == NULL) || out == NULL)
        abort();
    if (len > 0)
        memcpy(in, data + 3, len);

    char err[128];
    err[0] = '\0';
    size_t used = SIZE_MAX;
    int rc = decode(gaps, in, len, out, n, &used, err, sizeof err);
    if (rc != 0) {
        if (rc != TPS_EPROTO || err[0] == '\0' || used != SIZE_MAX ||
            memchr(err, '\0', sizeof err) == NULL)
            abort();
    } else {
        if (used > len || used > TPS_IDS_MAX_BYTES(n))
            abort();
        for (size_t i = 1; gaps && i < n; i++)
            if (out[i] <= out[i - 1])
                abort();
        uint8_t *again = malloc(TPS_IDS_MAX_BYTES(n) + 1);
        uint64_t *twice = malloc((n + 1) * sizeof *twice);
        if (again == NULL || twice == NULL)
            abort();
        size_t k = gaps ? tps__ids_encode(out, n, again)
                        : tps__varints_encode(out, n, again);
        if (k != used || (k > 0 && memcmp(again, in, k) != 0))
            abort();
        size_t used2;
        if (decode(gaps, in, used, twice, n, &used2, err, sizeof err) != 0 ||
            used2 != used || (n > 0 && memcmp(twice, out, n * sizeof *out)))
            abort();
        if (used > 0 && decode(gaps, in, used - 1, twice, n, &used2, err,
                               sizeof err) != TPS_EPROTO)
            abort();
        free(twice);
        free(again);
        check_unique_and_shards(out, n, nshards);
    }
    free(out);
    free(in);
    return 0;
}
