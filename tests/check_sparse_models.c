/* SPDX-License-Identifier: MIT */
/* Unit tests of the table models (worker/models/model_fm.c), the sparse
 * rows they train on (worker/data/data_sparse.c, the 64-bit ids of
 * data_libsvm.c) and the synthetic CTR generator (worker/data/ctr_gen.c).
 * References are written here from the definitions: the FM's pairwise sum
 * in O(k nnz^2), the regularised objective in closed form, gradients by
 * central finite differences of that reference, the AUC by counting
 * pairs. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tps_rng.h"
#include "worker/data/ctr_gen.h"
#include "worker/data/data_libsvm.h"
#include "worker/data/data_sparse.h"
#include "worker/models/model.h"
#include "worker/models/model_internal.h"

/* ---- a small data set and a reference model ----------------------------- */

#define NROWS 7
#define MAXNNZ 4

/* Rows as ids and values (0 ends a row: no id here is 0), labels +-1. */
static const uint64_t row_ids[NROWS][MAXNNZ] = {
    {0xffffffffffffffffULL, 17, 1ULL << 40, 0},
    {17, 99, 0, 0},
    {1ULL << 40, 0xffffffffffffffffULL, 5, 99},
    {5, 0, 0, 0},
    {99, 17, 0, 0},
    {123456789012345ULL, 5, 17, 0},
    {0xffffffffffffffffULL, 0, 0, 0},
};
static const int8_t row_labels[NROWS] = {1, -1, 1, -1, -1, 1, 1};

/* The rows above with values drawn from seed, indexed by slot. */
static tps__sparse_set_t small_set(uint64_t seed) {
    tps__sparse_set_t s = {0};
    uint64_t raw[NROWS * MAXNNZ];
    s.offsets = calloc(NROWS + 1, sizeof(uint64_t));
    s.values = malloc(NROWS * MAXNNZ * sizeof(float));
    s.labels = malloc(NROWS);
    tps__rng_t rng;
    tps__rng_seed(&rng, seed, 0);
    for (size_t r = 0; r < NROWS; r++) {
        for (size_t j = 0; j < MAXNNZ && row_ids[r][j]; j++) {
            raw[s.nnz] = row_ids[r][j];
            s.values[s.nnz++] = (float)(0.5 + tps__rng_uniform(&rng));
        }
        s.offsets[r + 1] = s.nnz;
        s.labels[r] = row_labels[r];
    }
    s.n = NROWS;
    char err[256];
    ck_assert_int_eq(tps__sparse_index(&s, raw, err, sizeof(err)), 0);
    return s;
}

/* The parameters of a reference model, in double. */
typedef struct ref_s {
    size_t nids;
    uint32_t k;
    double b, *w, *v; /* nids, nids * k */
} ref_t;

static double softplus_ref(double t) {
    return log(1 + exp(t));
}

/* f(x_r) from the definition: the pairwise sum over i < j. */
static double ref_margin(const ref_t *p, const tps__sparse_set_t *s,
                         size_t r) {
    double f = p->b;
    for (uint64_t a = s->offsets[r]; a < s->offsets[r + 1]; a++) {
        f += p->w[s->slots[a]] * s->values[a];
        for (uint64_t c = a + 1; c < s->offsets[r + 1]; c++)
            for (uint32_t q = 0; q < p->k; q++)
                f += p->v[s->slots[a] * p->k + q] *
                     p->v[s->slots[c] * p->k + q] * s->values[a] *
                     s->values[c];
    }
    return f;
}

/* The batch objective the model promises: mean over rows of the loss and
 * each row's share of the penalty, (lambda/2) b^2 + sum over its features
 * (lambda/2) (m / c_i) (w_i^2 + ||v_i||^2). */
static double ref_batch(const ref_t *p, const tps__sparse_set_t *s,
                        double l2, const uint32_t *rows, size_t n) {
    double sum = 0;
    for (size_t t = 0; t < n; t++) {
        size_t r = rows[t];
        sum += softplus_ref(-s->labels[r] * ref_margin(p, s, r)) +
               0.5 * l2 * p->b * p->b;
        for (uint64_t a = s->offsets[r]; a < s->offsets[r + 1]; a++) {
            size_t i = s->slots[a];
            double sq = p->w[i] * p->w[i];
            for (uint32_t q = 0; q < p->k; q++)
                sq += p->v[i * p->k + q] * p->v[i * p->k + q];
            sum += 0.5 * l2 * (double)s->total / s->count[i] * sq;
        }
    }
    return sum / (double)n;
}

/* Random parameters in float, and the same in double for the reference. */
static void random_params(ref_t *p, float **params, uint64_t seed) {
    tps__rng_t rng;
    tps__rng_seed(&rng, seed, 1);
    params[0][0] = (float)(0.3 * tps__rng_normal(&rng));
    p->b = params[0][0];
    for (size_t i = 0; i < p->nids; i++) {
        params[1][i] = (float)(0.5 * tps__rng_normal(&rng));
        p->w[i] = params[1][i];
    }
    for (size_t i = 0; i < p->nids * p->k; i++) {
        params[2][i] = (float)(0.5 * tps__rng_normal(&rng));
        p->v[i] = params[2][i];
    }
}

/* A model of k factors (0: sparse-logreg) on small_set as training rows,
 * with its parameter and gradient buffers and the reference's. */
typedef struct fixture_s {
    tps__model_t *m;
    tps__sparse_set_t copy; /* the training rows, as the reference sees them */
    float *params[3], *grads[3];
    ref_t ref;
} fixture_t;

static void fixture_init(fixture_t *f, uint32_t k, double l2, int as_test) {
    memset(f, 0, sizeof(*f));
    tps__sparse_set_t a = small_set(3), b = small_set(3), none = {0};
    char err[256];
    int rc = as_test ? tps__model_fm_from_sets(&none, &a, k, l2, &f->m, err,
                                                sizeof(err))
                     : tps__model_fm_from_sets(&a, &none, k, l2, &f->m, err,
                                                sizeof(err));
    ck_assert_msg(rc == 0, "%s", err);
    f->copy = b;
    ck_assert_int_eq(f->m->ntensors, k ? 3 : 2);
    ck_assert_uint_eq(f->m->nrow_ids, b.nids);
    f->ref = (ref_t){.nids = b.nids, .k = k};
    f->ref.w = calloc(b.nids, sizeof(double));
    f->ref.v = calloc(b.nids * k + 1, sizeof(double));
    size_t lens[3] = {1, b.nids, b.nids * k + 1};
    for (int t = 0; t < 3; t++) {
        f->params[t] = calloc(lens[t], sizeof(float));
        f->grads[t] = calloc(lens[t], sizeof(float));
    }
    random_params(&f->ref, f->params, 11 + k);
}

static void fixture_free(fixture_t *f) {
    f->m->destroy(f->m);
    tps__sparse_free(&f->copy);
    for (int t = 0; t < 3; t++) {
        free(f->params[t]);
        free(f->grads[t]);
    }
    free(f->ref.w);
    free(f->ref.v);
}

/* ---- gradients ----------------------------------------------------------- */

/* Checks grad() on a batch (with a repeated row) against the reference's
 * value and central differences, and that rows the batch does not touch
 * keep what their gradient buffer held. */
static void check_grad(uint32_t k) {
    fixture_t f;
    const double l2 = 0.05;
    fixture_init(&f, k, l2, 0);
    const uint32_t rows[] = {0, 2, 4, 2};
    const size_t n = sizeof(rows) / sizeof(rows[0]);
    for (size_t i = 0; i < f.ref.nids; i++)
        f.grads[1][i] = 7.0f;
    double loss = f.m->grad(f.m, (const float *const *)f.params, f.grads,
                            rows, n);
    double want = ref_batch(&f.ref, &f.copy, l2, rows, n);
    ck_assert_msg(fabs(loss - want) <= 1e-9 * fabs(want), "loss %.12g, "
                  "reference %.12g", loss, want);
    /* Row 3 alone holds id 5 with row 2 and 5; id 123456789012345 only
     * row 5: its slot is untouched. */
    uint32_t slots[16];
    size_t touched = f.m->touched(f.m, rows, n, slots);
    const double h = 1e-5;
    double *coords[3] = {&f.ref.b, f.ref.w, f.ref.v};
    size_t lens[3] = {1, f.ref.nids, f.ref.nids * k};
    for (int t = 0; t < (k ? 3 : 2); t++)
        for (size_t i = 0; i < lens[t]; i++) {
            size_t slot = t == 0 ? 0 : t == 1 ? i : i / k;
            int hit = t == 0;
            for (size_t j = 0; j < touched; j++)
                hit |= slots[j] == slot;
            if (!hit) {
                if (t == 1)
                    ck_assert_float_eq(f.grads[1][i], 7.0f);
                continue;
            }
            double keep = coords[t][i];
            coords[t][i] = keep + h;
            double up = ref_batch(&f.ref, &f.copy, l2, rows, n);
            coords[t][i] = keep - h;
            double down = ref_batch(&f.ref, &f.copy, l2, rows, n);
            coords[t][i] = keep;
            double fd = (up - down) / (2 * h);
            ck_assert_msg(fabs(f.grads[t][i] - fd) <= 1e-4 * (1 + fabs(fd)),
                          "k %u tensor %d [%zu]: %.9g, differences %.9g", k,
                          t, i, (double)f.grads[t][i], fd);
        }
    ck_assert_uint_lt(touched, f.ref.nids);
    fixture_free(&f);
}

START_TEST(test_sparse_logreg_grad) {
    check_grad(0);
}
END_TEST

START_TEST(test_fm_grad) {
    check_grad(3);
}
END_TEST

/* Over the whole training set the spread penalty is the plain one: the
 * full-batch objective is mean loss + (lambda/2)(b^2 + ||w||^2 + ||V||^2). */
START_TEST(test_full_batch_objective) {
    fixture_t f;
    const double l2 = 0.2;
    fixture_init(&f, 2, l2, 0);
    uint32_t *rows = all_rows(NROWS);
    double loss = f.m->grad(f.m, (const float *const *)f.params, f.grads,
                            rows, NROWS);
    double want = 0, sq = f.ref.b * f.ref.b;
    for (size_t r = 0; r < NROWS; r++)
        want += softplus_ref(-f.copy.labels[r] * ref_margin(&f.ref, &f.copy,
                                                            r));
    for (size_t i = 0; i < f.ref.nids; i++) {
        sq += f.ref.w[i] * f.ref.w[i];
        for (uint32_t q = 0; q < 2; q++)
            sq += f.ref.v[i * 2 + q] * f.ref.v[i * 2 + q];
    }
    want = want / NROWS + 0.5 * l2 * sq;
    ck_assert_msg(fabs(loss - want) <= 1e-9 * want, "%.12g != %.12g", loss,
                  want);
    free(rows);
    fixture_free(&f);
}
END_TEST

/* evaluate(): the objective, the AUC of the margins, and the log-loss. */
START_TEST(test_evaluate) {
    fixture_t f;
    const double l2 = 0.1;
    fixture_init(&f, 2, l2, 1);
    double loss, auc;
    ck_assert_int_eq(f.m->evaluate(f.m, (const float *const *)f.params,
                                   &loss, &auc),
                     0);
    double ll = 0, sq = f.ref.b * f.ref.b, pairs = 0, right = 0;
    for (size_t r = 0; r < NROWS; r++)
        ll += softplus_ref(-f.copy.labels[r] * ref_margin(&f.ref, &f.copy, r));
    for (size_t i = 0; i < f.ref.nids; i++)
        sq += f.ref.w[i] * f.ref.w[i] + f.ref.v[2 * i] * f.ref.v[2 * i] +
              f.ref.v[2 * i + 1] * f.ref.v[2 * i + 1];
    for (size_t p = 0; p < NROWS; p++)
        for (size_t q = 0; q < NROWS; q++)
            if (row_labels[p] > 0 && row_labels[q] < 0) {
                double a = ref_margin(&f.ref, &f.copy, p);
                double b = ref_margin(&f.ref, &f.copy, q);
                pairs++;
                right += a > b ? 1 : a == b ? 0.5 : 0;
            }
    ck_assert_double_eq_tol(loss, ll / NROWS + 0.5 * l2 * sq, 1e-9);
    ck_assert_double_eq_tol(auc, right / pairs, 1e-12);
    ck_assert_int_eq(f.m->nextra, 1);
    ck_assert_double_eq_tol(f.m->extra[0], ll / NROWS, 1e-9);
    fixture_free(&f);
}
END_TEST

/* ---- AUC ----------------------------------------------------------------- */

START_TEST(test_auc_pairs) {
    tps__rng_t rng;
    tps__rng_seed(&rng, 5, 0);
    enum { N = 300 };
    double s[N];
    int8_t y[N];
    for (int i = 0; i < N; i++) {
        s[i] = floor(tps__rng_uniform(&rng) * 20); /* many ties */
        y[i] = tps__rng_uniform(&rng) < 0.2 + s[i] / 40 ? 1 : -1;
    }
    double pairs = 0, right = 0;
    for (int p = 0; p < N; p++)
        for (int q = 0; q < N; q++)
            if (y[p] > 0 && y[q] < 0) {
                pairs++;
                right += s[p] > s[q] ? 1 : s[p] == s[q] ? 0.5 : 0;
            }
    ck_assert_double_eq_tol(tps__auc(s, y, N), right / pairs, 1e-12);
    const double two[] = {1, 2};
    const int8_t same[] = {1, 1}, split[] = {-1, 1};
    ck_assert_double_eq(tps__auc(two, same, 2), 0.5);
    ck_assert_double_eq(tps__auc(two, split, 2), 1.0);
}
END_TEST

/* ---- the generator -------------------------------------------------------- */

static tps__ctr_spec_t spec_default(void) {
    tps__ctr_spec_t s = {.rows = 3000, .features = 500, .nnz = 6,
                         .zipf = 1.1, .seed = 9, .k = 3};
    return s;
}

/* Row r of set as its sorted ids. */
static void row_of(const tps__sparse_set_t *s, size_t r, uint64_t *out) {
    size_t j = 0;
    for (uint64_t a = s->offsets[r]; a < s->offsets[r + 1]; a++)
        out[j++] = s->ids[s->slots[a]];
}

START_TEST(test_ctr_deterministic) {
    tps__ctr_spec_t spec = spec_default();
    char err[256];
    tps__sparse_set_t a, b, part;
    ck_assert_int_eq(tps__ctr_generate(&spec, 0, spec.rows, &a, err,
                                       sizeof(err)), 0);
    ck_assert_int_eq(tps__ctr_generate(&spec, 0, spec.rows, &b, err,
                                       sizeof(err)), 0);
    ck_assert_int_eq(tps__ctr_generate(&spec, 1000, 1100, &part, err,
                                       sizeof(err)), 0);
    ck_assert_uint_eq(a.nnz, (uint64_t)spec.rows * spec.nnz);
    ck_assert_uint_eq(a.nids, b.nids);
    ck_assert_mem_eq(a.ids, b.ids, a.nids * sizeof(uint64_t));
    ck_assert_mem_eq(a.slots, b.slots, a.nnz * sizeof(uint32_t));
    ck_assert_mem_eq(a.labels, b.labels, a.n);
    ck_assert_mem_eq(a.planted, b.planted, a.n * sizeof(double));
    /* A block is the same rows whoever generates it. */
    for (size_t r = 0; r < part.n; r++) {
        uint64_t x[6], y[6];
        row_of(&a, 1000 + r, x);
        row_of(&part, r, y);
        ck_assert_mem_eq(x, y, sizeof(x));
        ck_assert_int_eq(a.labels[1000 + r], part.labels[r]);
    }
    /* Ids: feature j is mix64(j ^ mix64(seed)), spread over 64 bits. */
    size_t high = 0;
    for (size_t i = 0; i < a.nids; i++)
        high += a.ids[i] >> 63;
    ck_assert_uint_gt(high, a.nids / 4);
    tps__sparse_free(&a);
    tps__sparse_free(&b);
    tps__sparse_free(&part);
}
END_TEST

/* The features follow the Zipf law's order, labels follow the planted
 * model: the share of positives is the mean planted probability, and the
 * mean planted log-loss the mean entropy, within sampling error. */
START_TEST(test_ctr_distribution) {
    tps__ctr_spec_t spec = spec_default();
    spec.rows = 20000;
    char err[256];
    tps__sparse_set_t a;
    ck_assert_int_eq(tps__ctr_generate(&spec, 0, spec.rows, &a, err,
                                       sizeof(err)), 0);
    uint32_t head = 0, tail = 0;
    for (size_t i = 0; i < a.nids; i++) {
        if (a.ids[i] == tps__ctr_id(spec.seed, 0))
            head = a.count[i];
        if (a.ids[i] == tps__ctr_id(spec.seed, 50))
            tail = a.count[i];
    }
    ck_assert_uint_gt(head, 5 * tail);
    double pos = 0, prob = 0, ll = 0, ent = 0;
    for (size_t r = 0; r < a.n; r++) {
        double p = 1 / (1 + exp(-a.planted[r]));
        pos += a.labels[r] > 0;
        prob += p;
        ll += softplus_ref(-a.labels[r] * a.planted[r]);
        ent += -(p * log(p) + (1 - p) * log(1 - p));
    }
    double n = (double)a.n;
    ck_assert_msg(fabs(pos - prob) / n < 4 * 0.5 / sqrt(n), "%g vs %g",
                  pos / n, prob / n);
    ck_assert_msg(fabs(ll - ent) / n < 0.02, "%g vs %g", ll / n, ent / n);
    tps__sparse_free(&a);
}
END_TEST

START_TEST(test_ctr_parse) {
    tps__ctr_spec_t s = spec_default();
    char err[256];
    ck_assert_int_eq(tps__ctr_parse("synth-ctr:rows=10,nnz=2,zipf=0.5,k=0",
                                    &s, err, sizeof(err)), 0);
    ck_assert_uint_eq(s.rows, 10);
    ck_assert_uint_eq(s.nnz, 2);
    ck_assert_uint_eq(s.k, 0);
    ck_assert_double_eq(s.zipf, 0.5);
    ck_assert_uint_eq(s.features, 500);
    ck_assert_int_eq(tps__ctr_parse("synth-ctr:rows=1.5", &s, err,
                                    sizeof(err)), TPS_EINVAL);
    ck_assert_msg(strstr(err, "rows=") != NULL, "%s", err);
    ck_assert_int_eq(tps__ctr_parse("synth-ctr:colour=3", &s, err,
                                    sizeof(err)), TPS_EINVAL);
    ck_assert_msg(strstr(err, "colour") != NULL, "%s", err);
    ck_assert_int_eq(tps__ctr_parse("synth-ctr:features=3,nnz=4", &s, err,
                                    sizeof(err)), TPS_EINVAL);
}
END_TEST

/* ---- LIBSVM with 64-bit ids ----------------------------------------------- */

START_TEST(test_libsvm_ids) {
    tmpdir_t t;
    tmp_init(&t);
    const char text[] = "+1 18446744073709551615:0.5 0:2 42:1\n"
                        "# a comment\n"
                        "0 42:-1 9223372036854775808:3\n";
    const char *plain = tmp_path(&t, "ids.svm"), *gz = tmp_path(&t, "ids.gz");
    write_text(plain, text);
    write_gz(gz, text, sizeof(text) - 1);
    const char *paths[] = {plain, gz};
    for (int p = 0; p < 2; p++) {
        tps__libsvm_set_t s;
        char err[256];
        ck_assert_int_eq(tps__libsvm_load_ids(paths[p], &s, err, sizeof(err)),
                         0);
        ck_assert_uint_eq(s.n, 2);
        ck_assert_uint_eq(s.nnz, 5);
        const uint64_t want[] = {UINT64_MAX, 0, 42, 42, 1ULL << 63};
        ck_assert_mem_eq(s.ids, want, sizeof(want));
        ck_assert_int_eq(s.labels[1], -1);
        ck_assert_float_eq(s.values[4], 3.0f);
        tps__libsvm_free(&s);
    }
    /* Through the model: the slots' ids ascending, every one once. */
    tps__model_config_t cfg = {.model = "sparse-logreg", .data = gz,
                               .workers = 1};
    tps__model_t *m = model_or_fail(&cfg, "");
    ck_assert_uint_eq(m->nrow_ids, 4);
    const uint64_t ids[] = {0, 42, 1ULL << 63, UINT64_MAX};
    ck_assert_mem_eq(m->row_ids, ids, sizeof(ids));
    m->destroy(m);
    tmp_clean(&t);
}
END_TEST

START_TEST(test_libsvm_ids_malformed) {
    static const struct {
        const char *text, *want;
    } cases[] = {
        {"+1 1:1\n-1 5:1 7:2 5:3\n", ":2: feature id 5 appears twice"},
        {"+1 18446744073709551616:1\n", ":1: feature id in"},
        {"+1 3:1\n2 4:1\n", ":2: label \"2\""},
        {"+1 3:1\n-1 4:x\n", ":2: \"4:x\" is not an index:value pair"},
        {"+1 3:nan\n", ":1: value \"nan\""},
    };
    tmpdir_t t;
    tmp_init(&t);
    const char *path = tmp_path(&t, "bad.svm");
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        write_text(path, cases[i].text);
        tps__libsvm_set_t s;
        char err[256] = "";
        ck_assert_int_eq(tps__libsvm_load_ids(path, &s, err, sizeof(err)),
                         TPS_EIO);
        ck_assert_msg(strstr(err, path) && strstr(err, cases[i].want),
                      "case %zu: %s", i, err);
    }
    tmp_clean(&t);
}
END_TEST

/* --write-data's file reads back as the same rows. */
START_TEST(test_write_roundtrip) {
    tps__ctr_spec_t spec = spec_default();
    spec.rows = 200;
    char err[256];
    tps__sparse_set_t a, b = {0};
    ck_assert_int_eq(tps__ctr_generate(&spec, 0, spec.rows, &a, err,
                                       sizeof(err)), 0);
    tmpdir_t t;
    tmp_init(&t);
    const char *path = tmp_path(&t, "rows.svm");
    ck_assert_int_eq(tps__sparse_write(&a, path, err, sizeof(err)), 0);
    tps__libsvm_set_t f;
    ck_assert_int_eq(tps__libsvm_load_ids(path, &f, err, sizeof(err)), 0);
    b = (tps__sparse_set_t){.offsets = f.offsets, .values = f.values,
                            .labels = f.labels, .n = f.n, .nnz = f.nnz};
    ck_assert_int_eq(tps__sparse_index(&b, f.ids, err, sizeof(err)), 0);
    free(f.ids);
    ck_assert_uint_eq(b.n, a.n);
    ck_assert_uint_eq(b.nids, a.nids);
    ck_assert_mem_eq(b.ids, a.ids, a.nids * sizeof(uint64_t));
    ck_assert_mem_eq(b.offsets, a.offsets, (a.n + 1) * sizeof(uint64_t));
    ck_assert_mem_eq(b.slots, a.slots, a.nnz * sizeof(uint32_t));
    ck_assert_mem_eq(b.labels, a.labels, a.n);
    /* A block keeps its rows and only their ids, with the whole counts. */
    ck_assert_int_eq(tps__sparse_keep(&b, 50, 60, err, sizeof(err)), 0);
    ck_assert_uint_eq(b.n, 10);
    ck_assert_uint_eq(b.total, 200);
    for (size_t r = 0; r < 10; r++) {
        uint64_t x[6], y[6];
        row_of(&a, 50 + r, x);
        row_of(&b, r, y);
        ck_assert_mem_eq(x, y, sizeof(x));
    }
    for (size_t i = 0; i + 1 < b.nids; i++)
        ck_assert_uint_lt(b.ids[i], b.ids[i + 1]);
    tps__sparse_free(&a);
    tps__sparse_free(&b);
    tmp_clean(&t);
}
END_TEST

static Suite *sparse_models_suite(void) {
    Suite *s = suite_create("sparse_models");
    TCase *tc = tcase_create("models");
    tcase_add_test(tc, test_sparse_logreg_grad);
    tcase_add_test(tc, test_fm_grad);
    tcase_add_test(tc, test_full_batch_objective);
    tcase_add_test(tc, test_evaluate);
    tcase_add_test(tc, test_auc_pairs);
    suite_add_tcase(s, tc);
    tc = tcase_create("data");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_ctr_deterministic);
    tcase_add_test(tc, test_ctr_distribution);
    tcase_add_test(tc, test_ctr_parse);
    tcase_add_test(tc, test_libsvm_ids);
    tcase_add_test(tc, test_libsvm_ids_malformed);
    tcase_add_test(tc, test_write_roundtrip);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(sparse_models_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
