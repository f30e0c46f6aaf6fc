/* SPDX-License-Identifier: MIT */
/* Unit tests of the Prometheus text writer: label values escaped as the
 * exposition format requires, numbers written exactly, and a histogram's
 * buckets cumulative with +Inf, _sum and _count. And the endpoint's
 * /ready: 200 or 503 as its callback says, 404 without one. */
#include <arpa/inet.h>
#include <check.h>
#include <math.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tps_metrics.h"
#include "tps_prom.h"

START_TEST(test_labels_escaped) {
    char buf[128];
    const char *kv[4] = {"tensor", "a\"b\\c\nd", "shard", "0"};
    ck_assert_str_eq(tps__prom_labels(buf, sizeof(buf), 2, kv),
                     "tensor=\"a\\\"b\\\\c\\nd\",shard=\"0\"");
    char tiny[8];
    ck_assert_ptr_null(tps__prom_labels(tiny, sizeof(tiny), 2, kv));
}
END_TEST

START_TEST(test_samples_and_histogram) {
    tps__prom_t p = {0};
    tps__prom_family(&p, "x_total", "counter", "things");
    tps__prom_sample(&p, "x_total", "k=\"v\"", 1e12);
    tps__prom_sample(&p, "y", NULL, 0.25);
    tps__prom_sample(&p, "z", NULL, NAN);
    tps__prom_sample(&p, "w", NULL, -INFINITY);
    tps__prom_sample_u64(&p, "u", NULL, 18446744073709551615ull);
    const double le[3] = {0, 1, 4};
    const uint64_t cum[3] = {2, 5, 5};
    tps__prom_histogram(&p, "h", "s=\"1\"", le, cum, 3, 7.5, 6);
    ck_assert(!p.oom);
    ck_assert_str_eq(p.buf,
                     "# HELP x_total things\n# TYPE x_total counter\n"
                     "x_total{k=\"v\"} 1000000000000\n"
                     "y 0.25\nz NaN\nw -Inf\nu 18446744073709551615\n"
                     "h_bucket{s=\"1\",le=\"0\"} 2\n"
                     "h_bucket{s=\"1\",le=\"1\"} 5\n"
                     "h_bucket{s=\"1\",le=\"4\"} 5\n"
                     "h_bucket{s=\"1\",le=\"+Inf\"} 6\n"
                     "h_sum{s=\"1\"} 7.5\nh_count{s=\"1\"} 6\n");
    ck_assert_uint_eq(p.len, strlen(p.buf));
    tps__prom_free(&p);
}
END_TEST

/* The text grows past any first guess. */
START_TEST(test_grows) {
    tps__prom_t p = {0};
    for (int i = 0; i < 5000; i++)
        tps__prom_sample_u64(&p, "a_long_metric_name_for_growth", NULL,
                            (uint64_t)i);
    ck_assert(!p.oom);
    ck_assert(strstr(p.buf, "a_long_metric_name_for_growth 4999\n") != NULL);
    tps__prom_free(&p);
}
END_TEST

static char *page(void *arg, size_t *len) {
    (void)arg;
    *len = 2;
    return strdup("x\n");
}

/* Read in libmicrohttpd's thread. */
static int ready_flag(void *arg) {
    return __atomic_load_n((int *)arg, __ATOMIC_SEQ_CST);
}

/* The status code of GET PATH from the endpoint at URL. */
static int status_of(const char *url, const char *path) {
    unsigned port = 0;
    ck_assert_int_eq(sscanf(url, "http://127.0.0.1:%u/", &port), 1);
    struct sockaddr_in sa = {.sin_family = AF_INET,
                             .sin_port = htons((uint16_t)port)};
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
    char req[128], resp[64] = "";
    int n = snprintf(req, sizeof(req), "GET %s HTTP/1.0\r\n\r\n", path);
    ck_assert_int_eq(write(fd, req, (size_t)n), n);
    ck_assert_int_gt(read(fd, resp, sizeof(resp) - 1), 12);
    close(fd);
    int code = 0;
    ck_assert_int_eq(sscanf(resp, "HTTP/1.%*d %d", &code), 1);
    return code;
}

START_TEST(test_ready) {
    tps__metrics_t *m;
    char err[200];
    int ready = 0;
    ck_assert_int_eq(tps__metrics_start(NULL, "127.0.0.1:0", page, &ready, &m,
                                        err, sizeof(err)),
                     0);
    const char *url = tps__metrics_url(m);
    ck_assert_int_eq(status_of(url, "/ready"), 404);
    tps__metrics_set_ready(m, ready_flag);
    ck_assert_int_eq(status_of(url, "/ready"), 503);
    __atomic_store_n(&ready, 1, __ATOMIC_SEQ_CST);
    ck_assert_int_eq(status_of(url, "/ready"), 200);
    ck_assert_int_eq(status_of(url, "/metrics"), 200);
    tps__metrics_stop(m);
}
END_TEST

int main(void) {
    Suite *s = suite_create("prom");
    TCase *tc = tcase_create("text");
    tcase_add_test(tc, test_labels_escaped);
    tcase_add_test(tc, test_samples_and_histogram);
    tcase_add_test(tc, test_grows);
    suite_add_tcase(s, tc);
    TCase *ep = tcase_create("endpoint");
    tcase_add_test(ep, test_ready);
    suite_add_tcase(s, ep);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
