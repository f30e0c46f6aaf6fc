/* SPDX-License-Identifier: MIT */
/* Unit tests of a client's metrics page (tps_metrics_text, the Python
 * package's serve_metrics): read back with a parser of the Prometheus text
 * format written here, every sample has its family's HELP and TYPE, the
 * rank label, and the value the client's state says; the loss appears
 * once tps_set_loss gives one; and the page names exactly the series of
 * taups-worker --metrics. The client is made with tps__cl_new (no thread,
 * no connection) and a push is completed by hand, as the I/O thread would,
 * with the fate one shard's reply gives it. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "worker/client/client_internal.h"
#include "worker/worker_metrics.h"

#define MAXS 64

/* One sample of a parsed page, with what its family said about it. */
typedef struct sample_s {
    char name[96], labels[96], type[16];
    int helped; /* a HELP line for the family came before it */
    double value;
} sample_t;

typedef struct page_s {
    sample_t s[MAXS];
    int n;
} page_t;

/* The exposition format, line by line: "# HELP name text", "# TYPE name
 * type", then samples "name{labels} value" of that family. */
static void parse(const char *text, page_t *pg) {
    char help[96] = "", type_of[96] = "", type[16] = "";
    memset(pg, 0, sizeof(*pg));
    ck_assert_msg(text[0] && text[strlen(text) - 1] == '\n',
                  "the page does not end in a newline");
    char *copy = strdup(text), *save = NULL;
    for (char *ln = strtok_r(copy, "\n", &save); ln;
         ln = strtok_r(NULL, "\n", &save)) {
        char a[96], b[96];
        if (sscanf(ln, "# HELP %95s %95s", a, b) == 2) {
            snprintf(help, sizeof(help), "%s", a);
            continue;
        }
        if (sscanf(ln, "# TYPE %95s %15s", a, type) == 2) {
            snprintf(type_of, sizeof(type_of), "%s", a);
            continue;
        }
        ck_assert_msg(ln[0] != '#', "stray comment: %s", ln);
        ck_assert_int_lt(pg->n, MAXS);
        sample_t *s = &pg->s[pg->n++];
        char *brace = strchr(ln, '{'), *close = strchr(ln, '}');
        ck_assert_msg(brace && close && close[1] == ' ', "sample: %s", ln);
        snprintf(s->name, sizeof(s->name), "%.*s", (int)(brace - ln), ln);
        snprintf(s->labels, sizeof(s->labels), "%.*s",
                 (int)(close - brace - 1), brace + 1);
        char *end;
        s->value = strtod(close + 2, &end);
        ck_assert_msg(*end == '\0', "value: %s", ln);
        ck_assert_msg(strcmp(type_of, s->name) == 0, "%s: no TYPE", s->name);
        snprintf(s->type, sizeof(s->type), "%s", type);
        s->helped = strcmp(help, s->name) == 0;
    }
    free(copy);
}

static const sample_t *find(const page_t *pg, const char *name) {
    for (int i = 0; i < pg->n; i++)
        if (strcmp(pg->s[i].name, name) == 0)
            return &pg->s[i];
    return NULL;
}

/* name's sample: a counter (name ends in _total) or a gauge, with HELP,
 * labelled rank="rank", of value v. */
static void expect(const page_t *pg, const char *name, int rank, double v) {
    const sample_t *s = find(pg, name);
    ck_assert_msg(s != NULL, "no %s", name);
    size_t n = strlen(name);
    int counter = n > 6 && strcmp(name + n - 6, "_total") == 0;
    ck_assert_str_eq(s->type, counter ? "counter" : "gauge");
    ck_assert_msg(s->helped, "%s has no HELP", name);
    char want[32];
    snprintf(want, sizeof(want), "rank=\"%d\"", rank);
    ck_assert_str_eq(s->labels, want);
    ck_assert_msg(s->value == v, "%s = %.17g, expected %.17g", name, s->value,
                  v);
}

static tps_client_t *client_of_rank(int rank) {
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = "127.0.0.1:1";
    o.rank = rank;
    o.workers = rank + 1;
    tps_client_t *c = NULL;
    char err[256] = "";
    ck_assert_int_eq(tps__cl_new(&o, &c, err, sizeof(err)), 0);
    return c;
}

/* A dense tensor of n elements, held by the one shard. */
static int tensor(tps_client_t *c, uint64_t n) {
    int i = c->ntensors++;
    c->tensors[i].n = n;
    c->tensors[i].ids = calloc(1, sizeof(uint32_t));
    c->tensors[i].versions = calloc(1, sizeof(uint64_t));
    return i;
}

/* One push of tensor t that the shard applied at `staleness` with
 * `weight`, completed as the I/O thread completes it. */
static void push_applied(tps_client_t *c, int t, uint64_t staleness,
                         float weight) {
    static float g[16];
    int err = 0;
    int64_t id = tps__cl_submit(c, OP_PUSH, t, g, NULL, 1, 0, NULL, NULL, &err);
    ck_assert_int_gt(id, 0);
    uv_mutex_lock(&c->mu);
    tps__ticket_t *tk = tps__cl_find(c, (uint64_t)id);
    tk->info.staleness = staleness;
    tk->info.weight = weight;
    tps__cl_complete(c, tk, 0);
    uv_mutex_unlock(&c->mu);
    ck_assert_int_eq(tps_wait(c, id), 0);
}

static void page_of(const tps_client_t *c, page_t *pg) {
    char *text = NULL;
    ck_assert_int_eq(tps_metrics_text(c, &text), 0);
    parse(text, pg);
    free(text);
}

START_TEST(test_page_from_client) {
    double t0 = (double)time(NULL);
    tps_client_t *c = client_of_rank(3);
    double t1 = (double)time(NULL);
    int a = tensor(c, 10), b = tensor(c, 4);
    page_t pg;
    page_of(c, &pg);
    expect(&pg, "taups_worker_pushes_sent_total", 3, 0);
    expect(&pg, "taups_worker_iterations_total", 3, 0);
    const sample_t *st = find(&pg, "taups_worker_start_time_seconds");
    ck_assert(st != NULL && st->value >= t0 && st->value <= t1);
    ck_assert_msg(find(&pg, "taups_worker_loss") == NULL,
                  "a loss before any was given");

    /* Two pushes, the later of the other tensor: the page's last push is
     * the later one, whichever tensor it was. */
    push_applied(c, a, 2, 0.5f);
    push_applied(c, b, 1, 0.25f);
    uv_mutex_lock(&c->mu);
    c->clock = 7;
    c->delivery.pulls_sent = 5;
    c->traffic.wire_recv = 123456789012ull;
    uv_mutex_unlock(&c->mu);
    tps_set_loss(c, 0.125);
    page_of(c, &pg);
    expect(&pg, "taups_worker_iterations_total", 3, 7);
    expect(&pg, "taups_worker_pushes_sent_total", 3, 2);
    expect(&pg, "taups_worker_pushes_applied_total", 3, 2);
    expect(&pg, "taups_worker_pushes_dropped_total", 3, 0);
    expect(&pg, "taups_worker_pulls_sent_total", 3, 5);
    expect(&pg, "taups_worker_raw_sent_bytes_total", 3, (10 + 4) * 4);
    expect(&pg, "taups_worker_wire_received_bytes_total", 3, 123456789012.0);
    expect(&pg, "taups_worker_last_push_staleness", 3, 1);
    expect(&pg, "taups_worker_last_push_weight", 3, 0.25);
    expect(&pg, "taups_worker_loss", 3, 0.125);
    tps_set_loss(c, NAN);
    page_of(c, &pg);
    ck_assert(find(&pg, "taups_worker_loss") == NULL);
    tps_close(c);
}
END_TEST

/* The page of taups-worker --metrics and the client's name the same
 * series; the worker's start, clock and loss are its own. */
START_TEST(test_same_series_as_worker) {
    tps_client_t *c = client_of_rank(1);
    int a = tensor(c, 3);
    push_applied(c, a, 4, 1.0f);
    tps_set_loss(c, 2.5);
    page_t cp, wp;
    page_of(c, &cp);
    tps__worker_metrics_t m;
    tps__worker_metrics_init(&m, 1);
    tps__worker_metrics_update(&m, c, a, 9, 0.75);
    size_t len = 0;
    char *text = tps__worker_metrics_render(&m, &len);
    ck_assert_ptr_nonnull(text);
    ck_assert_uint_eq(len, strlen(text));
    parse(text, &wp);
    free(text);
    ck_assert_int_eq(cp.n, wp.n);
    for (int i = 0; i < wp.n; i++)
        ck_assert_msg(find(&cp, wp.s[i].name) != NULL,
                      "%s is not on the client's page", wp.s[i].name);
    expect(&wp, "taups_worker_iterations_total", 1, 9);
    expect(&wp, "taups_worker_loss", 1, 0.75);
    expect(&wp, "taups_worker_last_push_staleness", 1, 4);
    expect(&wp, "taups_worker_pushes_applied_total", 1, 1);
    tps__worker_metrics_free(&m);
    tps_close(c);
}
END_TEST

int main(void) {
    Suite *s = suite_create("client_metrics");
    TCase *tc = tcase_create("page");
    tcase_add_test(tc, test_page_from_client);
    tcase_add_test(tc, test_same_series_as_worker);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
