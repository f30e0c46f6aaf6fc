/* SPDX-License-Identifier: MIT */
/* rows-fill: pushes rows of table "emb" (dim 4, init normal, scale 0.1,
 * seed 7) to a real two-shard cluster in raw frames, for
 * tests/e2e_table_ctl.sh, and says what taups-ctl must then show.
 *
 *   rows-fill PORT0 PORT1 OUT
 *
 * Each shard gets 21 rows: a frame of 12 high ids, then one of 9 low ids
 * (so creation order is not id order), the first 5 of each frame pushed
 * again, and one hot id pushed 10 more times on shard 0 and 5 on shard 1.
 * OUT gets one line per row in the order of a dump (shard 0's rows as
 * created, then shard 1's): "id version v0 v1 v2 v3", the values computed
 * here by SGD with lr 0.5 by hand from design §2b's initial value. Stdout
 * gets "hot ID PUSHES" for the two hot ids (and Check's summary). The shards must run --lr 0.5
 * with plain SGD and no staleness weighting.
 *
 * It is a Check program so that the raw-frame helpers of tests/rawclient.c
 * (which fail the running test) report a failure; it exits 1 then. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rawclient.h"
#include "tps_ids.h"
#include "tps_rng.h"

#define DIM 4
#define LR 0.5f
#define NA 12
#define NB 9
#define N (NA + NB)

static int port[2];
static const char *out_path;

/* One frame to shard fd and its reply, which must be `want`. */
static void call(int fd, tps__reader_t *rd, Taups__Header *h,
                 const void *payload, size_t len, Taups__Op want) {
    static uint64_t next_id = 1;
    h->request_id = next_id++;
    raw_send(fd, h, payload, len);
    const Taups__Header *r = raw_recv(fd, rd);
    ck_assert_msg(r->op == want, "op %d: %s", (int)h->op,
                  r->error ? r->error : "unexpected reply");
}

/* Pushes g (n rows) to ids[0..n), ascending, versions not known. */
static void push(int fd, tps__reader_t *rd, const uint64_t *ids, size_t n,
                 const float *g) {
    uint8_t buf[N * (20 + 4 * DIM)];
    uint64_t zero[N] = {0};
    Taups__Header h = TAUPS__HEADER__INIT;
    Taups__Rows rr = TAUPS__ROWS__INIT;
    h.op = TAUPS__OP__PUSH_ROWS;
    h.count = n;
    rr.ids_len = tps__ids_encode(ids, n, buf);
    rr.versions_len = tps__varints_encode(zero, n, buf + rr.ids_len);
    size_t at = rr.ids_len + rr.versions_len;
    memcpy(buf + at, g, n * DIM * sizeof(float));
    h.rows = &rr;
    call(fd, rd, &h, buf, at + n * DIM * sizeof(float),
         TAUPS__OP__PUSH_ROWS_OK);
}

/* Shard s's rows: pushed, and their expected state appended to out. */
static void fill(int s, FILE *out) {
    int fd = raw_connect(port[s]);
    tps__reader_t rd;
    ck_assert_int_eq(tps__reader_init(&rd, NULL, NULL, NULL), 0);
    raw_hello(fd, &rd, TPS_ROLE_WORKER, 0, 1, 2, s, 0);
    raw_declare_emb(fd, &rd, UINT64_C(1) << 20, DIM); /* past call()'s ids */

    uint64_t ids[N], vers[N];
    float g[N * DIM], want[N * DIM];
    /* High ids first, then low ones, each run ascending within its frame. */
    for (uint64_t id = 5000, k = 0; k < NA; id++)
        if (tps__id_shard(id, 2) == (uint32_t)s)
            ids[k++] = id;
    for (uint64_t id = 10, k = NA; k < N; id++)
        if (tps__id_shard(id, 2) == (uint32_t)s)
            ids[k++] = id;
    for (int i = 0; i < N * DIM; i++)
        g[i] = (float)(i % 13 + 1 + s) / 16.0f;
    for (int i = 0; i < N; i++) {
        uint64_t seed = tps__mix64(7 ^ tps__mix64(ids[i]));
        for (int j = 0; j < DIM; j++)
            want[i * DIM + j] =
                tps__init_value(TPS_INIT_NORMAL, 0.1f, seed, (uint64_t)j) -
                LR * g[i * DIM + j];
        vers[i] = 1;
    }
    push(fd, &rd, ids, NA, g);
    push(fd, &rd, ids + NA, NB, g + NA * DIM);
    /* Again: the first 5 rows of each frame, with the gradients of the
     * first 5 rows. */
    push(fd, &rd, ids, 5, g);
    push(fd, &rd, ids + NA, 5, g);
    for (int i = 0; i < N; i++) {
        int k = i < NA ? i : i - NA;
        for (int j = 0; k < 5 && j < DIM; j++)
            want[i * DIM + j] -= LR * g[k * DIM + j];
        vers[i] += k < 5;
    }
    /* The hot id: row 0, pushed with row 0's gradient. */
    int hot = s == 0 ? 10 : 5;
    for (int k = 0; k < hot; k++)
        push(fd, &rd, ids, 1, g);
    for (int j = 0; j < DIM; j++)
        want[j] -= (float)hot * LR * g[j];
    vers[0] += (uint64_t)hot;
    printf("hot %llu %llu\n", (unsigned long long)ids[0],
           (unsigned long long)vers[0]);
    for (int i = 0; i < N; i++)
        fprintf(out, "%llu %llu %.9g %.9g %.9g %.9g\n",
                (unsigned long long)ids[i], (unsigned long long)vers[i],
                (double)want[i * DIM], (double)want[i * DIM + 1],
                (double)want[i * DIM + 2], (double)want[i * DIM + 3]);
    close(fd);
    tps__reader_free(&rd);
}

START_TEST(test_fill) {
    FILE *out = fopen(out_path, "w");
    ck_assert_ptr_nonnull(out);
    fill(0, out);
    fill(1, out);
    ck_assert_int_eq(fclose(out), 0);
    fflush(stdout);
}
END_TEST

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: rows-fill PORT0 PORT1 OUT\n");
        return 2;
    }
    port[0] = atoi(argv[1]);
    port[1] = atoi(argv[2]);
    out_path = argv[3];
    Suite *s = suite_create("rows-fill");
    TCase *tc = tcase_create("fill");
    tcase_add_test(tc, test_fill);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
