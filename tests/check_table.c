/* SPDX-License-Identifier: MIT */
/* Unit tests of the row store of a table (server/table.c): rows start at
 * design §2b's initial value wherever they are built, a find creates
 * nothing, rows never move while the table grows, memory is charged and
 * bounded as §2b's formula says, admission waits for K pushes and its
 * sketch never undercounts, and the hottest ids come out in order. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/table.h"
#include "taups.h"
#include "taups_error.h"
#include "tps_rng.h"

/* splitmix64's finaliser, written out from its definition. */
static uint64_t ref_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Design §2b: element j of row id. */
static float ref_init(int init, float scale, uint64_t seed, uint64_t id,
                      uint32_t j) {
    return tps__init_value(init, scale, ref_mix(seed ^ ref_mix(id)), j);
}

/* §2b's memory of n rows: whole slabs of 4,096 rows, and an index of
 * 4-byte buckets, at least 4,096, doubled until n fills at most 3/4. */
static uint64_t ref_bytes(uint64_t n, uint32_t dim, int nslots, int admit) {
    uint64_t row = 4ull * dim * (1 + (uint64_t)nslots) + 8 + 8;
    uint64_t slabs = (n + 4095) / 4096;
    uint64_t buckets = 0;
    if (n > 0)
        for (buckets = 4096; 4 * n > 3 * buckets; buckets *= 2)
            ;
    return slabs * 4096 * row + 4 * buckets + (admit > 1 ? 4u << 20 : 0);
}

static void make(tps__table_t *t, uint32_t dim, int nslots, uint32_t admit,
                 uint64_t *used, uint64_t max) {
    char err[256];
    ck_assert_int_eq(tps__table_init(t, "emb", dim, nslots, TPS_INIT_NORMAL,
                                     0.5f, 7, admit, used, max, err,
                                     sizeof(err)),
                     0);
}

static int touch(tps__table_t *t, uint64_t id, uint64_t *used, uint64_t max,
                 tps__row_t *row) {
    char err[256];
    return tps__table_touch(t, "emb", id, used, max, row, err, sizeof(err));
}

START_TEST(test_row_init_formula) {
    float out[33];
    const int inits[] = {TPS_INIT_ZEROS, TPS_INIT_UNIFORM, TPS_INIT_NORMAL};
    for (int k = 0; k < 3; k++) {
        tps__row_init(inits[k], 0.25f, 99, 123456789, 33, out);
        for (uint32_t j = 0; j < 33; j++)
            ck_assert(out[j] == ref_init(inits[k], 0.25f, 99, 123456789, j));
    }
    /* Different ids give different rows. */
    float other[33];
    tps__row_init(TPS_INIT_NORMAL, 1, 99, 123456790, 33, other);
    ck_assert(memcmp(out, other, sizeof(out)) != 0);
}
END_TEST

START_TEST(test_lazy_init_same_everywhere) {
    tps__table_t a, b;
    uint64_t used_a = 0, used_b = 0;
    tps__row_t ra, rb;
    make(&a, 16, 2, 0, &used_a, 0);
    make(&b, 16, 2, 0, &used_b, 0);
    /* b holds other rows first: the row's place differs, its value not. */
    for (uint64_t id = 1; id < 5000; id++)
        ck_assert_int_eq(touch(&b, id * 977, &used_b, 0, &rb), 1);
    ck_assert_int_eq(touch(&a, 4242424242ull, &used_a, 0, &ra), 1);
    ck_assert_int_eq(touch(&b, 4242424242ull, &used_b, 0, &rb), 1);
    ck_assert_ptr_ne(ra.val, rb.val);
    ck_assert_uint_eq(ra.id, 4242424242ull);
    for (uint32_t j = 0; j < 16; j++) {
        ck_assert(ra.val[j] == rb.val[j]);
        ck_assert(ra.val[j] == ref_init(TPS_INIT_NORMAL, 0.5f, 7, ra.id, j));
        ck_assert(ra.slot[0][j] == 0.0f && ra.slot[1][j] == 0.0f);
    }
    ck_assert_uint_eq(*ra.version, 0);
    tps__table_free(&a, &used_a);
    tps__table_free(&b, &used_b);
    ck_assert_uint_eq(used_a, 0);
    ck_assert_uint_eq(used_b, 0);
}
END_TEST

START_TEST(test_find_creates_nothing) {
    tps__table_t t;
    uint64_t used = 0;
    tps__row_t r, f;
    make(&t, 4, 0, 0, &used, 0);
    ck_assert_int_eq(tps__table_find(&t, 5, &f), 0);
    ck_assert_uint_eq(t.rows, 0);
    ck_assert_uint_eq(t.bytes, 0);
    ck_assert_uint_eq(used, 0);
    ck_assert_int_eq(touch(&t, 5, &used, 0, &r), 1);
    ck_assert_ptr_null(r.slot[0]);
    ck_assert_ptr_null(r.slot[1]);
    for (uint64_t id = 6; id < 100; id++)
        ck_assert_int_eq(tps__table_find(&t, id, &f), 0);
    ck_assert_uint_eq(t.rows, 1);
    ck_assert_int_eq(tps__table_find(&t, 5, &f), 1);
    ck_assert_ptr_eq(f.val, r.val);
    ck_assert_ptr_eq(f.version, r.version);
    /* A second touch finds the row, and keeps what was written to it. */
    r.val[0] = 42;
    *r.version = 3;
    ck_assert_int_eq(touch(&t, 5, &used, 0, &f), 1);
    ck_assert(f.val[0] == 42 && *f.version == 3);
    ck_assert_uint_eq(t.rows, 1);
    tps__table_free(&t, &used);
}
END_TEST

/* n ids by `next`, touched, then each found; the first 64 rows' pointers,
 * taken before the table grew, still hold what was written through them. */
static void million(uint64_t (*next)(tps__rng_t *, uint64_t)) {
    enum { N = 1000000, EARLY = 64 };
    tps__table_t t;
    uint64_t used = 0;
    tps__row_t row, early[EARLY];
    tps__rng_t rng;
    uint64_t *ids = malloc(N * sizeof(uint64_t));
    ck_assert_ptr_nonnull(ids);
    tps__rng_seed(&rng, 11, 0);
    make(&t, 4, 1, 0, &used, 0);
    /* The per-row checks run in plain loops and the index of the first
     * row that failed one is asserted to be N (none): each Check assertion
     * records its place with a write, a million of them most of the time. */
    uint64_t bad = N;
    for (uint64_t i = 0; i < N; i++) {
        ids[i] = next(&rng, i);
        if (touch(&t, ids[i], &used, 0, &row) != 1) {
            bad = i;
            break;
        }
        if (i < EARLY) {
            early[i] = row;
            row.val[1] = (float)i;
            row.slot[0][3] = -(float)i;
            *row.version = i + 1;
        }
    }
    ck_assert_uint_eq(bad, N);
    ck_assert_uint_eq(t.rows, N);
    for (uint64_t i = 0; i < N && bad == N; i++) {
        tps__row_t at;
        tps__table_row_at(&t, i, &at);
        if (tps__table_find(&t, ids[i], &row) != 1 || row.id != ids[i] ||
            at.id != ids[i])
            bad = i;
    }
    ck_assert_uint_eq(bad, N);
    for (int i = 0; i < EARLY; i++) {
        ck_assert_int_eq(tps__table_find(&t, ids[i], &row), 1);
        ck_assert_ptr_eq(row.val, early[i].val);
        ck_assert_ptr_eq(row.slot[0], early[i].slot[0]);
        ck_assert(early[i].val[1] == (float)i);
        ck_assert(early[i].slot[0][3] == -(float)i);
        ck_assert_uint_eq(*early[i].version, (uint64_t)i + 1);
        ck_assert(early[i].val[0] ==
                  ref_init(TPS_INIT_NORMAL, 0.5f, 7, ids[i], 0));
    }
    /* Never-touched ids are absent (the generators skip these). */
    for (uint64_t id = 1ull << 63; id < (1ull << 63) + 1000; id++)
        ck_assert_int_eq(tps__table_find(&t, id, &row), 0);
    ck_assert_uint_eq(t.bytes, ref_bytes(N, 4, 1, 0));
    tps__table_free(&t, &used);
    free(ids);
}

static uint64_t sequential(tps__rng_t *rng, uint64_t i) {
    (void)rng;
    return i;
}

static uint64_t random_ids(tps__rng_t *rng, uint64_t i) {
    /* Random high bits; the draw's number below keeps the ids distinct. */
    return (tps__rng_next(rng) & ((1ull << 40) - 1)) << 20 | i;
}

START_TEST(test_million_sequential) {
    million(sequential);
}
END_TEST

START_TEST(test_million_random) {
    million(random_ids);
}
END_TEST

START_TEST(test_insert) {
    tps__table_t t;
    uint64_t used = 0;
    tps__row_t row;
    char err[256];
    float val[3] = {1, 2, 3}, slots[6] = {4, 5, 6, 7, 8, 9};
    float val2[3] = {-1, -2, -3}, slots2[6] = {10, 11, 12, 13, 14, 15};
    make(&t, 3, 2, 0, &used, 0);
    ck_assert_int_eq(tps__table_insert(&t, "emb", 77, val, slots, 12, &used, 0,
                                       err, sizeof(err)),
                     0);
    ck_assert_int_eq(tps__table_insert(&t, "emb", 78, val2, slots2, 1, &used, 0,
                                       err, sizeof(err)),
                     0);
    ck_assert_int_eq(tps__table_insert(&t, "emb", 77, slots, slots, 5, &used, 0,
                                       err, sizeof(err)),
                     TPS_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "\"emb\""));
    ck_assert_uint_eq(t.rows, 2);
    /* A touch finds the inserted row as it was, not a fresh one. */
    ck_assert_int_eq(touch(&t, 77, &used, 0, &row), 1);
    ck_assert_uint_eq(*row.version, 12);
    for (int j = 0; j < 3; j++) {
        ck_assert(row.val[j] == val[j]);
        ck_assert(row.slot[0][j] == slots[j]);
        ck_assert(row.slot[1][j] == slots[3 + j]);
    }
    tps__table_row_at(&t, 1, &row);
    ck_assert_uint_eq(row.id, 78);
    ck_assert(row.val[2] == -3 && row.slot[1][0] == 13);
    ck_assert_uint_eq(*row.version, 1);
    tps__table_free(&t, &used);
}
END_TEST

START_TEST(test_bytes) {
    const uint64_t counts[] = {1, 3072, 3073, 4096, 4097, 6144, 6145, 100000};
    ck_assert_uint_eq(tps__table_row_bytes(16, 0), 80);
    ck_assert_uint_eq(tps__table_row_bytes(16, 2), 208);
    for (int admit = 0; admit <= 3; admit += 3) {
        tps__table_t t;
        uint64_t start = 123456789, used = start, n = 0;
        tps__row_t row;
        make(&t, 16, 1, (uint32_t)admit, &used, 0);
        ck_assert_uint_eq(t.bytes, ref_bytes(0, 16, 1, admit));
        for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++) {
            for (; n < counts[c]; n++)
                while (touch(&t, n * 3 + 1, &used, 0, &row) == 0)
                    ;
            ck_assert_uint_eq(t.rows, n);
            ck_assert_uint_eq(t.bytes, ref_bytes(n, 16, 1, admit));
            ck_assert_uint_eq(used - start, t.bytes);
        }
        tps__table_free(&t, &used);
        ck_assert_uint_eq(used, start);
    }
}
END_TEST

/* The table may grow to `rows` rows within max; the next new row is refused
 * with the sentence, and the rows held keep working. */
static void bound(uint64_t rows) {
    tps__table_t t;
    uint64_t start = 1000000, used = start;
    uint64_t max = start + ref_bytes(rows, 8, 1, 0);
    tps__row_t row;
    char err[256];
    make(&t, 8, 1, 0, &used, max);
    for (uint64_t id = 0; id < rows; id++)
        ck_assert_int_eq(touch(&t, id, &used, max, &row), 1);
    uint64_t bytes = t.bytes;
    for (int k = 1; k <= 3; k++) {
        err[0] = 0;
        ck_assert_int_eq(tps__table_touch(&t, "emb", rows + (uint64_t)k, &used,
                                          max, &row, err, sizeof(err)),
                         TPS_ELIMIT);
        ck_assert_uint_eq(t.full, (uint64_t)k);
    }
    char rows_s[64];
    snprintf(rows_s, sizeof(rows_s), " %llu rows ", (unsigned long long)rows);
    ck_assert_ptr_nonnull(strstr(err, "table \"emb\""));
    ck_assert_ptr_nonnull(strstr(err, rows_s));
    ck_assert_ptr_nonnull(strstr(err, "--max-memory"));
    ck_assert_uint_eq(t.rows, rows);
    ck_assert_uint_eq(t.bytes, bytes);
    ck_assert_uint_eq(used - start, bytes);
    ck_assert_int_eq(tps__table_find(&t, rows + 1, &row), 0);
    for (uint64_t id = 0; id < rows; id += 97) {
        ck_assert_int_eq(touch(&t, id, &used, max, &row), 1);
        ck_assert_uint_eq(row.id, id);
    }
    ck_assert_int_eq(tps__table_insert(&t, "emb", rows + 9, row.val,
                                       row.slot[0], 0, &used, max, err,
                                       sizeof(err)),
                     TPS_ELIMIT);
    ck_assert_uint_eq(t.full, 3);
    tps__table_free(&t, &used);
}

START_TEST(test_bound_slabs) {
    bound(3 * 4096);
}
END_TEST

/* 3,072 rows fill a 4,096-bucket index to 3/4 while their slab has room:
 * the index's growth alone is refused. */
START_TEST(test_bound_index) {
    bound(3072);
}
END_TEST

START_TEST(test_bound_sketch) {
    tps__table_t t;
    uint64_t used = 100;
    char err[256];
    ck_assert_int_eq(tps__table_init(&t, "emb", 8, 0, TPS_INIT_ZEROS, 1, 1, 2,
                                     &used, 100 + (4u << 20) - 1, err,
                                     sizeof(err)),
                     TPS_ELIMIT);
    ck_assert_ptr_nonnull(strstr(err, "table \"emb\""));
    ck_assert_uint_eq(used, 100);
}
END_TEST

START_TEST(test_init_refusals) {
    tps__table_t t;
    uint64_t used = 0;
    char err[256];
    ck_assert_int_eq(tps__table_init(&t, "emb", 0, 0, 0, 1, 1, 0, &used, 0, err,
                                     sizeof(err)),
                     TPS_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "table \"emb\""));
    ck_assert_int_eq(tps__table_init(&t, "emb", 65537, 0, 0, 1, 1, 0, &used, 0,
                                     err, sizeof(err)),
                     TPS_EINVAL);
    ck_assert_int_eq(tps__table_init(&t, "emb", 16, 0, 0, 1, 1, 256, &used, 0,
                                     err, sizeof(err)),
                     TPS_EINVAL);
    ck_assert_int_eq(tps__table_init(&t, "emb", 16, 3, 0, 1, 1, 0, &used, 0,
                                     err, sizeof(err)),
                     TPS_EINVAL);
    ck_assert_int_eq(tps__table_init(&t, "emb", 65536, 2, 0, 1, 1, 255, &used,
                                     0, err, sizeof(err)),
                     0);
    ck_assert_uint_eq(used, 4u << 20);
    tps__table_free(&t, &used);
    ck_assert_uint_eq(used, 0);
}
END_TEST

START_TEST(test_admission) {
    tps__table_t t;
    uint64_t used = 0;
    tps__row_t row;
    make(&t, 4, 0, 3, &used, 0);
    ck_assert_int_eq(touch(&t, 10, &used, 0, &row), 0);
    ck_assert_int_eq(touch(&t, 11, &used, 0, &row), 0);
    ck_assert_int_eq(touch(&t, 10, &used, 0, &row), 0);
    ck_assert_int_eq(tps__table_find(&t, 10, &row), 0);
    ck_assert_uint_eq(t.not_admitted, 3);
    ck_assert_uint_eq(t.rows, 0);
    ck_assert_int_eq(touch(&t, 10, &used, 0, &row), 1);
    ck_assert_uint_eq(row.id, 10);
    ck_assert(row.val[2] == ref_init(TPS_INIT_NORMAL, 0.5f, 7, 10, 2));
    ck_assert_uint_eq(t.rows, 1);
    ck_assert_int_eq(touch(&t, 10, &used, 0, &row), 1);
    ck_assert_int_eq(touch(&t, 11, &used, 0, &row), 0);
    ck_assert_int_eq(touch(&t, 11, &used, 0, &row), 1);
    ck_assert_uint_eq(t.not_admitted, 4);
    ck_assert_uint_eq(t.rows, 2);
    tps__table_free(&t, &used);
    /* K = 1 (and 0) admits on the first push, with no sketch. */
    make(&t, 4, 0, 1, &used, 0);
    ck_assert_int_eq(touch(&t, 10, &used, 0, &row), 1);
    ck_assert_uint_eq(t.bytes, ref_bytes(1, 4, 0, 0));
    tps__table_free(&t, &used);
}
END_TEST

/* Ranks 0..n-1 with weight 1/(r+1)^s: the cumulative weights. */
static double *zipf_cdf(int n, double s) {
    double *cdf = malloc((size_t)n * sizeof(double)), sum = 0;
    ck_assert_ptr_nonnull(cdf);
    for (int r = 0; r < n; r++)
        cdf[r] = sum += pow(r + 1, -s);
    for (int r = 0; r < n; r++)
        cdf[r] /= sum;
    return cdf;
}

static int zipf_draw(const double *cdf, int n, tps__rng_t *rng) {
    double u = tps__rng_uniform(rng);
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (cdf[mid] < u)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

START_TEST(test_sketch_bounds) {
    enum { IDS = 50000, PUSHES = 100000, K = 255 };
    tps__table_t t;
    uint64_t used = 0;
    tps__row_t row;
    tps__rng_t rng;
    double *cdf = zipf_cdf(IDS, 1.1);
    unsigned *exact = calloc(IDS, sizeof(unsigned)); /* pushes refused */
    ck_assert_ptr_nonnull(exact);
    tps__rng_seed(&rng, 5, 0);
    make(&t, 2, 0, K, &used, 0);
    for (int p = 0; p < PUSHES; p++) {
        int r = zipf_draw(cdf, IDS, &rng);
        int rc = touch(&t, ref_mix((uint64_t)r), &used, 0, &row);
        /* Never undercounting, the sketch admits by the K-th push. */
        ck_assert_int_eq(rc, exact[r] == K - 1 ? 1 : rc);
        if (rc == 0)
            exact[r]++;
    }
    double bound = exp(1.0) / (1 << 20) * (double)t.not_admitted;
    int pushed = 0, over = 0;
    for (int r = 0; r < IDS; r++) {
        if (exact[r] == 0 && !tps__table_find(&t, ref_mix((uint64_t)r), &row))
            continue;
        pushed++;
        unsigned est = tps__table_admit_count(&t, ref_mix((uint64_t)r));
        ck_assert_uint_ge(est, exact[r]);
        if (est - exact[r] > bound)
            over++;
    }
    ck_assert_int_gt(pushed, 10000);
    ck_assert_uint_gt(t.rows, 20);
    /* §2b: over by more than the bound with probability at most e^-4. */
    ck_assert(over <= exp(-4.0) * pushed);
    tps__table_free(&t, &used);
    free(exact);
    free(cdf);
}
END_TEST

START_TEST(test_hot) {
    enum { RARE = 100000, HOT = 5 };
    const uint64_t hot_ids[HOT] = {900, 300, 500, 100, 700};
    const uint64_t hot_n[HOT] = {20000, 15000, 10000, 6000, 3000};
    uint64_t n = RARE, k = 0;
    for (int h = 0; h < HOT; h++)
        n += hot_n[h];
    uint64_t *order = malloc(n * sizeof(uint64_t));
    ck_assert_ptr_nonnull(order);
    for (uint64_t i = 0; i < RARE; i++)
        order[k++] = 1000000 + i;
    for (int h = 0; h < HOT; h++)
        for (uint64_t i = 0; i < hot_n[h]; i++)
            order[k++] = hot_ids[h];
    tps__rng_t rng;
    tps__rng_seed(&rng, 3, 0);
    for (uint64_t i = n - 1; i > 0; i--) {
        uint64_t j = tps__rng_below(&rng, i + 1), x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
    tps__table_t t;
    uint64_t used = 0;
    tps__row_t row;
    make(&t, 1, 0, 0, &used, 0);
    uint64_t ids[100], counts[100];
    ck_assert_int_eq(tps__table_hot(&t, 5, ids, counts), 0);
    for (uint64_t i = 0; i < n; i++)
        ck_assert_int_eq(touch(&t, order[i], &used, 0, &row), 1);
    ck_assert_int_eq(tps__table_hot(&t, HOT, ids, counts), HOT);
    for (int h = 0; h < HOT; h++) {
        ck_assert_uint_eq(ids[h], hot_ids[h]);
        ck_assert_uint_ge(counts[h], hot_n[h]);
        ck_assert_uint_le(counts[h], hot_n[h] + n / TPS__TABLE_HOT);
    }
    ck_assert_int_eq(tps__table_hot(&t, 100, ids, counts), TPS__TABLE_HOT);
    for (int i = 1; i < TPS__TABLE_HOT; i++)
        ck_assert_uint_ge(counts[i - 1], counts[i]);
    tps__table_free(&t, &used);
    free(order);
}
END_TEST

/* The summary's guarantees (Metwally et al. 2005, Lemma 3.4 and Theorem
 * 3.5) on a skewed stream with many ids of equal counts, against exact
 * counts: the counts add up to the touches, no listed id is undercounted
 * or overcounted by more than the smallest count, and every id pushed more
 * than touches / 64 times is listed. */
START_TEST(test_hot_guarantees) {
    enum { IDS = 5000, TOUCHES = 200000 };
    uint64_t *truth = calloc(IDS, sizeof(uint64_t));
    ck_assert_ptr_nonnull(truth);
    tps__rng_t rng;
    tps__rng_seed(&rng, 11, 0);
    tps__table_t t;
    uint64_t used = 0;
    tps__row_t row;
    make(&t, 1, 0, 0, &used, 0);
    for (int i = 0; i < TOUCHES; i++) {
        /* id = floor(IDS^u) - 1 for u uniform in [0, 1): a log-uniform
         * skew, heavy at small ids with a long flat tail. */
        uint64_t id = (uint64_t)pow(IDS, tps__rng_uniform(&rng)) - 1;
        truth[id]++;
        ck_assert_int_eq(touch(&t, id, &used, 0, &row), 1);
    }
    uint64_t ids[TPS__TABLE_HOT], counts[TPS__TABLE_HOT], sum = 0;
    int k = tps__table_hot(&t, TPS__TABLE_HOT, ids, counts);
    ck_assert_int_eq(k, TPS__TABLE_HOT);
    uint64_t min = counts[k - 1];
    for (int i = 0; i < k; i++) {
        sum += counts[i];
        ck_assert_uint_ge(counts[i], truth[ids[i]]);
        ck_assert_uint_le(counts[i], truth[ids[i]] + min);
    }
    ck_assert_uint_eq(sum, TOUCHES);
    for (uint64_t id = 0; id < IDS; id++) {
        if (truth[id] <= TOUCHES / TPS__TABLE_HOT)
            continue;
        int listed = 0;
        for (int i = 0; i < k; i++)
            listed |= ids[i] == id;
        ck_assert_msg(listed, "id %llu pushed %llu times is not listed",
                      (unsigned long long)id, (unsigned long long)truth[id]);
    }
    tps__table_free(&t, &used);
    free(truth);
}
END_TEST

static Suite *table_suite(void) {
    Suite *s = suite_create("table");
    TCase *tc = tcase_create("rows");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_row_init_formula);
    tcase_add_test(tc, test_lazy_init_same_everywhere);
    tcase_add_test(tc, test_find_creates_nothing);
    tcase_add_test(tc, test_million_sequential);
    tcase_add_test(tc, test_million_random);
    tcase_add_test(tc, test_insert);
    tcase_add_test(tc, test_bytes);
    tcase_add_test(tc, test_bound_slabs);
    tcase_add_test(tc, test_bound_index);
    tcase_add_test(tc, test_bound_sketch);
    tcase_add_test(tc, test_init_refusals);
    tcase_add_test(tc, test_admission);
    tcase_add_test(tc, test_sketch_bounds);
    tcase_add_test(tc, test_hot);
    tcase_add_test(tc, test_hot_guarantees);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(table_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
