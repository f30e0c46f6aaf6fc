/* SPDX-License-Identifier: MIT */
/* libFuzzer: every reader of configuration text written in C.
 *
 * | byte 0 mod 7 | parser                          | its text            |
 * |--------------|---------------------------------|---------------------|
 * | 0            | tps__cluster_parse               | --cluster lists     |
 * | 1            | tps__addr_parse                  | --listen, HOST:PORT |
 * | 2            | tps__opt_load_file               | --config FILE and   |
 * |              |                                 | deploy/cluster.conf |
 * | 3            | tps__opt_parse                   | a command line, one |
 * |              |                                 | argument per line   |
 * | 4            | launch_hosts_parse              | taups-launch --hosts|
 * | 5            | sweep_spec_load, then the grid  | taups-sweep's INI   |
 * |              | and every run's command line    | experiment files    |
 * | 6            | launch_faults_parse             | --fault specs, one  |
 * |              |                                 | per line            |
 *
 * Byte 1 picks the program the file is read for (tps__opt_load_file skips
 * keys qualified for another); the text follows. Nothing else reads
 * configuration: tools/launch reads no file of its own but --hosts, and the
 * scripts (demo.sh, tests, experiments/run.sh) only pass files on.
 *
 * Properties (abort() on violation): a parsed cluster has 1..256 shards,
 * each a nonempty host and a port in 1..65535; a parsed address has a port
 * in 0..65535; an option table read from a file or a command line turns
 * into JSON, unless a value is not UTF-8; a hosts file yields ssh destinations
 * with ports in 1..65535 and some role; an experiment's grid has as many labels
 * as points. ASan and UBSan catch the rest. The parsers' complaints go to
 * stderr (run.sh passes -close_fd_mask=3). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fuzz_file.h"
#include "taups_error.h"
#include "tps_cluster.h"
#include "tps_opt.h"
/* The two tools' private headers each name their own argv_t and PROG,
 * never meant to meet in one file: sweep's is renamed for this one. */
#define argv_s sweep_argv_s
#define argv_t sweep_argv_t
#include "tools/sweep/sweep.h"
#undef argv_s
#undef argv_t
#undef PROG
#include "tools/launch/launch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fuzz_file_t file;

/* A copy of the text as a C string, cut at its first NUL as a string from
 * argv or a file name would be. */
static char *text_of(const uint8_t *p, size_t len) {
    char *s = malloc(len + 1);
    if (s == NULL)
        abort();
    memcpy(s, p, len);
    s[len] = '\0';
    return s;
}

/* Splits s at newlines in place into at most max pieces; returns how many. */
static int lines(char *s, char **v, int max) {
    int n = 0;
    for (char *save = NULL, *t = strtok_r(s, "\n", &save); t && n < max;
         t = strtok_r(NULL, "\n", &save))
        v[n++] = t;
    return n;
}

static void fuzz_cluster(const char *s) {
    tps__addr_t *a;
    char err[512];
    int n = tps__cluster_parse(s, &a, err, sizeof(err));
    if (n < 0) {
        if (a != NULL)
            abort();
        return;
    }
    if (n == 0 || n > TPS_MAX_SHARDS)
        abort();
    for (int i = 0; i < n; i++)
        if (a[i].host[0] == '\0' ||
            memchr(a[i].host, '\0', sizeof(a[i].host)) == NULL ||
            memchr(a[i].text, '\0', sizeof(a[i].text)) == NULL ||
            (a[i].is_unix
                 ? a[i].port != 0 || strlen(a[i].host) > TPS_UNIX_PATH_MAX ||
                       strncmp(a[i].text, "unix:", 5) != 0 ||
                       strcmp(a[i].text + 5, a[i].host) != 0
                 : a[i].port < 1 || a[i].port > 65535))
            abort();
    free(a);
}

static void fuzz_addr(const char *s) {
    tps__addr_t a;
    char err[512];
    if (tps__addr_parse(s, &a, err, sizeof(err)) == 0 &&
        (a.host[0] == '\0' || a.port < 0 || a.port > 65535 ||
         (a.is_unix && a.port != 0)))
        abort();
}

/* An option of every type, with the names deploy/cluster.conf uses. */
static const char *o_cluster, *o_mode, *o_ckpt;
static int o_workers, o_batch, o_quiet;
static int64_t o_max_stale;
static uint64_t o_seed;
static double o_lr, o_seconds;
static tps__strlist_t o_args;

static const tps__opt_t opts[] = {
    {"cluster", TPS_OPT_STR, &o_cluster, NULL, 0, -1, NULL, "A0,A1,...", "x"},
    {"workers", TPS_OPT_INT, &o_workers, "1", 1, 4096, NULL, "N", "x"},
    {"mode", TPS_OPT_CHOICE, &o_mode, "async", 0, -1, "sync|ssp|async|local",
     NULL, "x"},
    {"lr", TPS_OPT_DOUBLE, &o_lr, "0.1", 0, 1e6, NULL, "LR", "x"},
    {"max-staleness", TPS_OPT_I64, &o_max_stale, "-1", -1, 1e15, NULL, "T",
     "x"},
    {"checkpoint-every", TPS_OPT_STR, &o_ckpt, "60", 0, -1, NULL, "SEC", "x"},
    {"batch", TPS_OPT_INT, &o_batch, "32", 1, 1 << 20, NULL, "B", "x"},
    {"seconds", TPS_OPT_DOUBLE, &o_seconds, "0", 0, 1e9, NULL, "S", "x"},
    {"seed", TPS_OPT_U64, &o_seed, "1", 0, -1, NULL, "N", "x"},
    {"quiet", TPS_OPT_FLAG, &o_quiet, NULL, 0, 0, NULL, NULL, "x"},
    {"server-arg", TPS_OPT_LIST, &o_args, NULL, 0, -1, NULL, "ARG", "x"},
    TPS_OPT_END};

static const char *const progs[] = {"taups-server", "taups-worker",
                                    "taups-launch", "taups-sweep"};

/* 1 when some text value is not UTF-8, which JSON cannot hold. */
static int some_text_not_utf8(void) {
    for (const tps__opt_t *o = opts; o->name; o++) {
        const char *const *v = o->dst;
        int n = 1;
        if (o->type == TPS_OPT_LIST) {
            v = (const char *const *)((const tps__strlist_t *)o->dst)->v;
            n = ((const tps__strlist_t *)o->dst)->n;
        } else if (o->type != TPS_OPT_STR && o->type != TPS_OPT_CHOICE) {
            continue;
        }
        for (int i = 0; i < n; i++) {
            json_t *s = v[i] ? json_string(v[i]) : json_null();
            if (s == NULL)
                return 1;
            json_decref(s);
        }
    }
    return 0;
}

/* The settings as run.json records them: null only when a value is not
 * UTF-8 (tools/launch/record.c writes null then). */
static void check_json(void) {
    json_t *j = tps__opt_json(opts);
    if (j == NULL ? !some_text_not_utf8() : !json_is_object(j))
        abort();
    json_decref(j);
}

static void fuzz_opt_file(const char *prog, const uint8_t *p, size_t len) {
    const char *path = fuzz_file_set(&file, p, len);
    char *argv[] = {(char *)prog, NULL};
    /* Defaults first, as tps__opt_parse applies them before any file. */
    if (tps__opt_parse(opts, prog, "usage", 1, argv) != 1)
        abort();
    if (tps__opt_load_file(opts, prog, path) == 0)
        check_json();
    tps__opt_free(opts);
}

static void fuzz_opt_argv(const char *prog, char *s) {
    char *argv[64];
    argv[0] = (char *)prog;
    int argc = 1 + lines(s, argv + 1, 62);
    argv[argc] = NULL;
    /* --config names a file: reading the machine's files is not the
     * parser's behaviour under test (fuzz_opt_file is). */
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--config", 8) == 0)
            return;
    int rc = tps__opt_parse(opts, prog, "usage", argc, argv);
    if (rc > argc || rc == 0)
        abort();
    if (rc > 0)
        check_json();
    tps__opt_free(opts);
}

static void fuzz_hosts(const uint8_t *p, size_t len) {
    host_t *h;
    int n;
    int rc = launch_hosts_parse(fuzz_file_set(&file, p, len), &h, &n);
    for (int i = 0; rc == 0 && i < n; i++)
        if (h[i].dest == NULL || h[i].dest[0] == '\0' || h[i].addr == NULL ||
            h[i].ssh_port < 1 || h[i].ssh_port > 65535 || h[i].roles == 0)
            abort();
    launch_hosts_free(h, n);
}

static void fuzz_sweep(const uint8_t *p, size_t len) {
    experiment_t x;
    if (sweep_spec_load(&x, fuzz_file_set(&file, p, len)) == 0) {
        int npoints = sweep_grid_size(&x);
        if (npoints == 0)
            abort();
        if (npoints > 0 && npoints <= 64) {
            point_t *pts = sweep_grid_expand(&x, npoints);
            for (int i = 0; i < npoints; i++) {
                sweep_argv_t av = {0, NULL};
                if (pts[i].label == NULL)
                    abort();
                /* A [tune] key, when there is one, takes its first value. */
                sweep_grid_argv(&av, &x, &pts[i], "taups-launch", 1, "out",
                                x.tune_key ? x.tune_vals[0] : NULL);
                if (av.n < 5 || av.v[av.n] != NULL)
                    abort();
                sweep_av_free(&av);
                free(pts[i].idx);
                free(pts[i].label);
            }
            free(pts);
        }
    }
    sweep_spec_free(&x);
}

static void fuzz_faults(int shards, int workers, char *s) {
    char *v[16];
    settings_t st;
    memset(&st, 0, sizeof(st));
    st.shards = shards;
    st.workers = workers;
    st.restart_shards = shards & 1;
    st.faults.v = v;
    st.faults.n = lines(s, v, 16);
    fault_t *f = NULL;
    if (launch_faults_parse(&st, &f) == 0)
        for (int i = 0; i < st.faults.n; i++)
            if (f[i].at < 0 || f[i].rank < 0 ||
                f[i].rank >= (f[i].kind == FAULT_KILL_SHARD ? shards : workers))
                abort();
    free(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2)
        return 0;
    const char *prog = progs[data[1] % 4];
    const uint8_t *p = data + 2;
    size_t len = size - 2;
    char *s = text_of(p, len);
    switch (data[0] % 7) {
    case 0:
        fuzz_cluster(s);
        break;
    case 1:
        fuzz_addr(s);
        break;
    case 2:
        fuzz_opt_file(prog, p, len);
        break;
    case 3:
        fuzz_opt_argv(prog, s);
        break;
    case 4:
        fuzz_hosts(p, len);
        break;
    case 5:
        fuzz_sweep(p, len);
        break;
    case 6:
        fuzz_faults(1 + data[1] % 4, 1 + data[1] / 64, s);
        break;
    }
    free(s);
    return 0;
}
