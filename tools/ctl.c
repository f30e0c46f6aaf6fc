/* SPDX-License-Identifier: MIT */
/* taups-ctl: looks inside a running taups cluster.
 *
 * It connects as an admin client, which never counts as a worker and whose
 * pulls never block, so it can be pointed at a cluster in the middle of a
 * run without changing what the run does. Commands:
 *   stats   every shard's counters, as a readable summary or as the JSON
 *           array the shards sent;
 *   dump    one tensor, pulled whole, as a NumPy .npy file, or one
 *           table's rows as three (ids, values, versions);
 *   reshard a stopped cluster's checkpoints re-cut for another shard count
 *           (offline: tools/reshard.c).
 *
 * Its rooms are listed in tools/ctl.h. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "ctl.h"
#include "reshard.h"
#include "taups.h"
#include "tps_auth.h"
#include "tps_opt.h"
#include "tps_tool.h"

/* ---- stats --------------------------------------------------------------- */

static int opt_json;

static const tps__opt_t stats_opts[] = {
    {"json", TPS_OPT_FLAG, &opt_json, NULL, 0, -1, NULL, NULL,
     "print the shards' JSON array as received, on one line"},
    TPS_OPT_END,
};

const char *tps__ctl_human_bytes(uint64_t b, char *buf, size_t len) {
    static const char *const unit[] = {"kB", "MB", "GB", "TB", "PB", "EB"};
    if (b < 1000) {
        snprintf(buf, len, "%llu B", (unsigned long long)b);
        return buf;
    }
    double x = (double)b / 1000;
    int u = 0;
    while (x >= 1000 && u < 5) {
        x /= 1000;
        u++;
    }
    snprintf(buf, len, "%.1f %s", x, unit[u]);
    return buf;
}

static const char *human_seconds(double s, char *buf, size_t len) {
    if (s < 120)
        snprintf(buf, len, "%.1f s", s);
    else if (s < 7200)
        snprintf(buf, len, "%.1f min", s / 60);
    else
        snprintf(buf, len, "%.1f h", s / 3600);
    return buf;
}

/* Non-empty buckets as "staleness:count", the bucket of [2^k, 2^(k+1)) as
 * "lo-hi:count". */
static void print_histogram(const json_t *h) {
    const json_t *exact = json_object_get(h, "exact");
    json_t *pow2 = json_object_get(h, "pow2"), *b;
    const char *key;
    int any = 0;
    for (size_t i = 0; i < json_array_size(exact); i++) {
        b = json_array_get(exact, i);
        if (!json_is_number(b) || json_number_value(b) == 0)
            continue;
        printf(" %zu:%llu", i, (unsigned long long)u64_of(b));
        any = 1;
    }
    json_object_foreach(pow2, key, b) {
        if (!json_is_number(b) || json_number_value(b) == 0)
            continue;
        uint64_t lo = strtoull(key, NULL, 10);
        /* Unsigned wrap-around makes the top bucket end at 2^64 - 1. */
        printf(" %llu-%llu:%llu", (unsigned long long)lo,
               (unsigned long long)(lo * 2 - 1), (unsigned long long)u64_of(b));
        any = 1;
    }
    if (!any)
        printf(" (no pushes)");
}

typedef struct totals_s {
    int answered;
    uint64_t workers, pushes, steps, dropped, rejected, pulls, blocked;
    uint64_t stale_count, stale_max, in, out;
    double blocked_s, stale_sum;
} totals_t;

/* Each rank's clock, "-" for a rank not (or no longer) joined. */
static void print_clocks(const json_t *sh) {
    printf("  clocks    ");
    const json_t *clocks = json_object_get(sh, "worker_clocks");
    size_t nclocks = json_array_size(clocks);
    for (size_t r = 0; r < nclocks; r++) {
        const json_t *c = json_array_get(clocks, r);
        /* null: the rank has not joined or has left */
        if (json_is_number(c))
            printf(" rank %zu: %llu%s", r, (unsigned long long)u64_of(c),
                   r + 1 < nclocks ? "," : "");
        else
            printf(" rank %zu: -%s", r, r + 1 < nclocks ? "," : "");
    }
    printf("%s\n", nclocks ? "" : " none");
}

/* The workers' barrier (design §3b): how many passed, who is in the open
 * one. Absent from the stats of older shards. */
static void print_barrier(const json_t *sh) {
    const json_t *b = json_object_get(sh, "barrier");
    if (b == NULL)
        return;
    const json_t *in = json_object_get(b, "arrived");
    printf("  barrier    %llu passed; in the next:",
           (unsigned long long)ju64(b, "generation"));
    for (size_t i = 0; i < json_array_size(in); i++)
        printf("%s rank %llu", i ? "," : "",
               (unsigned long long)u64_of(json_array_get(in, i)));
    printf("%s\n", json_array_size(in) ? "" : " nobody");
}

/* Per codec: raw bytes the frames stand for, wire bytes, their ratio. */
static void print_codecs(const json_t *sh) {
    const json_t *codecs = json_object_get(sh, "codecs");
    for (size_t i = 0; i < json_array_size(codecs); i++) {
        const json_t *cd = json_array_get(codecs, i);
        char r1[32], w1[32], r2[32], w2[32];
        printf("  codec      %s: pushes %llu frames, %s raw in %s on the wire "
               "(x%.2f); pulls %llu frames, %s raw in %s (x%.2f)\n",
               jstr(cd, "codec"), (unsigned long long)ju64(cd, "push_frames"),
               tps__ctl_human_bytes(ju64(cd, "raw_in"), r1, sizeof(r1)),
               tps__ctl_human_bytes(ju64(cd, "wire_in"), w1, sizeof(w1)),
               jnum(cd, "ratio_in"),
               (unsigned long long)ju64(cd, "pull_frames"),
               tps__ctl_human_bytes(ju64(cd, "raw_out"), r2, sizeof(r2)),
               tps__ctl_human_bytes(ju64(cd, "wire_out"), w2, sizeof(w2)),
               jnum(cd, "ratio_out"));
    }
}

static void print_tensors(const json_t *sh) {
    const json_t *tensors = json_object_get(sh, "tensors");
    size_t ntensors = json_array_size(tensors);
    if (ntensors == 0)
        printf("  tensors    none\n");
    for (size_t i = 0; i < ntensors; i++) {
        const json_t *tn = json_array_get(tensors, i);
        char b[32];
        if (strcmp(jstr(tn, "kind"), "table") == 0) {
            printf("  table      %s: dim %llu, %llu rows, %s\n",
                   jstr(tn, "name"), (unsigned long long)ju64(tn, "dim"),
                   (unsigned long long)ju64(tn, "rows"),
                   tps__ctl_human_bytes(ju64(tn, "bytes"), b, sizeof(b)));
            continue;
        }
        printf("  tensor     %s: length %llu, slice [%llu, %llu), version "
               "%llu\n",
               jstr(tn, "name"), (unsigned long long)ju64(tn, "length"),
               (unsigned long long)ju64(tn, "lo"),
               (unsigned long long)ju64(tn, "hi"),
               (unsigned long long)ju64(tn, "version"));
    }
}

/* Adds one shard's counters to the cluster's totals. */
static void add_totals(totals_t *t, const json_t *sh, const json_t *st) {
    t->answered++;
    /* Every shard sees every worker, so the cluster has as many live
     * workers as the shard that sees the most. */
    if (ju64(sh, "workers") > t->workers)
        t->workers = ju64(sh, "workers");
    t->pushes += ju64(sh, "pushes");
    t->steps += ju64(sh, "steps");
    t->dropped += ju64(sh, "dropped");
    t->rejected += ju64(sh, "rejected");
    t->pulls += ju64(sh, "pulls");
    t->blocked += ju64(sh, "pulls_blocked");
    t->blocked_s += jnum(sh, "blocked_s");
    t->stale_count += ju64(st, "count");
    t->stale_sum += jnum(st, "mean") * (double)ju64(st, "count");
    if (ju64(st, "max") > t->stale_max)
        t->stale_max = ju64(st, "max");
    t->in += ju64(sh, "bytes_in");
    t->out += ju64(sh, "bytes_out");
}

static void print_shard(int s, const json_t *sh, totals_t *t) {
    char b1[32], b2[32];
    const json_t *st = json_object_get(sh, "staleness");
    printf("shard %d at %s: mode %s, optimizer %s, up %s\n", s,
           jstr(sh, "listen"), jstr(sh, "mode"), jstr(sh, "optimizer"),
           human_seconds(jnum(sh, "uptime_s"), b1, sizeof(b1)));
    printf("  workers    %llu live, %llu connections\n",
           (unsigned long long)ju64(sh, "workers"),
           (unsigned long long)ju64(sh, "connections"));
    printf("  pushes     %llu (%llu frames), %llu steps, %llu dropped, "
           "%llu rejected\n",
           (unsigned long long)ju64(sh, "pushes"),
           (unsigned long long)ju64(sh, "push_frames"),
           (unsigned long long)ju64(sh, "steps"),
           (unsigned long long)ju64(sh, "dropped"),
           (unsigned long long)ju64(sh, "rejected"));
    printf("  pulls      %llu, %llu blocked for %.3f s\n",
           (unsigned long long)ju64(sh, "pulls"),
           (unsigned long long)ju64(sh, "pulls_blocked"),
           jnum(sh, "blocked_s"));
    printf("  staleness  mean %.2f, max %llu, histogram", jnum(st, "mean"),
           (unsigned long long)ju64(st, "max"));
    print_histogram(st);
    /* What the cut-off bounds is the staleness at the decision; the
     * updates that land before the apply come on top (design §3a). */
    const json_t *at = json_object_get(sh, "staleness_applied");
    if (at != NULL) {
        printf("\n  at apply   mean %.2f, max %llu, histogram", jnum(at, "mean"),
               (unsigned long long)ju64(at, "max"));
        print_histogram(at);
    }
    printf("\n  bytes      %s in, %s out\n",
           tps__ctl_human_bytes(ju64(sh, "bytes_in"), b1, sizeof(b1)),
           tps__ctl_human_bytes(ju64(sh, "bytes_out"), b2, sizeof(b2)));
    print_clocks(sh);
    print_barrier(sh);
    print_codecs(sh);
    print_tensors(sh);
    add_totals(t, sh, st);
}

static void print_summary(const json_t *root) {
    totals_t t;
    memset(&t, 0, sizeof(t));
    size_t nshards = json_array_size(root);
    for (size_t s = 0; s < nshards; s++) {
        const json_t *sh = json_array_get(root, s);
        if (json_is_object(sh))
            print_shard((int)s, sh, &t);
        else
            printf("shard %zu: no answer\n", s);
    }
    char b1[32], b2[32];
    printf("cluster: %d of %zu shards answered, %llu %s live; summed over "
           "shards: %llu pushes, %llu steps, %llu dropped, %llu rejected, "
           "%llu pulls (%llu blocked for %.3f s), staleness mean %.2f max "
           "%llu, %s in, %s out\n",
           t.answered, nshards, (unsigned long long)t.workers,
           t.workers == 1 ? "worker" : "workers",
           (unsigned long long)t.pushes, (unsigned long long)t.steps,
           (unsigned long long)t.dropped, (unsigned long long)t.rejected,
           (unsigned long long)t.pulls, (unsigned long long)t.blocked,
           t.blocked_s,
           t.stale_count ? t.stale_sum / (double)t.stale_count : 0.0,
           (unsigned long long)t.stale_max,
           tps__ctl_human_bytes(t.in, b1, sizeof(b1)),
           tps__ctl_human_bytes(t.out, b2, sizeof(b2)));
    tps__ctl_print_tables(root);
}

/* Asks every shard (`call`: tps_stats or tps_checkpoint) and parses the
 * answers, which must form one JSON array. Returns it, with the text in
 * *text (the caller frees both), or NULL after saying what failed. */
static json_t *ask_shards(tps_client_t *c, int (*call)(tps_client_t *, char **),
                          const char *what, char **text) {
    int rc = call(c, text);
    if (rc < 0) {
        fprintf(stderr, PROG ": %s failed: %s\n", what,
                tps_errmsg(c)[0] ? tps_errmsg(c) : tps_strerror(rc));
        return NULL;
    }
    json_error_t err;
    json_t *root = json_loads(*text, 0, &err);
    if (!json_is_array(root)) {
        fprintf(stderr,
                PROG ": the shards' answers to %s are not a JSON array "
                     "(%s at byte %d)\n",
                what, root ? "another value" : err.text,
                root ? 0 : err.position);
        json_decref(root);
        free(*text);
        *text = NULL;
        return NULL;
    }
    return root;
}

static int run_stats(tps_client_t *c, char **args) {
    (void)args;
    char *json = NULL;
    /* Parsed even for --json, so that what is printed is known to be one
     * valid JSON array. */
    json_t *root = ask_shards(c, tps_stats, "stats", &json);
    if (root == NULL)
        return EXIT_RUNTIME;
    if (opt_json)
        printf("%s\n", json);
    else
        print_summary(root);
    json_decref(root);
    free(json);
    return 0;
}

/* ---- dump ---------------------------------------------------------------- */

static const tps__opt_t dump_opts[] = {TPS_OPT_END};

/* Every shard writes a checkpoint; one line per shard once it is on disk. */
static int run_checkpoint(tps_client_t *c, char **args) {
    (void)args;
    char *json = NULL;
    json_t *root = ask_shards(c, tps_checkpoint, "checkpoint", &json);
    if (root == NULL)
        return EXIT_RUNTIME;
    size_t i;
    json_t *o;
    json_array_foreach(root, i, o) {
        json_t *ck = json_object_get(o, "checkpoint");
        printf("shard %zu: generation %lld in %s, written in %.3f s\n", i,
               (long long)json_integer_value(json_object_get(ck, "generation")),
               json_string_value(json_object_get(ck, "file")),
               json_number_value(json_object_get(ck, "write_s")));
    }
    json_decref(root);
    free(json);
    return 0;
}

static int dump_dense(tps_client_t *c, const char *name, const char *path) {
    uint64_t n = 0;
    int id = tps_lookup(c, name, &n);
    if (id < 0) {
        const char *msg = tps_errmsg(c);
        if (msg[0] && strstr(msg, name))
            fprintf(stderr, PROG ": %s\n", msg);
        else
            fprintf(stderr, PROG ": tensor \"%s\": %s\n", name,
                    msg[0] ? msg : tps_strerror(id));
        return EXIT_RUNTIME;
    }
    if (n == 0 || n > SIZE_MAX / sizeof(float)) {
        fprintf(stderr,
                PROG ": tensor \"%s\": length %llu cannot be held here\n", name,
                (unsigned long long)n);
        return EXIT_RUNTIME;
    }
    float *x = malloc((size_t)n * sizeof(float));
    int ns = tps_shards(c);
    uint64_t *versions = calloc((size_t)ns, sizeof(*versions));
    if (x == NULL || versions == NULL) {
        fprintf(stderr, PROG ": tensor \"%s\": cannot allocate %llu bytes\n",
                name, (unsigned long long)n * sizeof(float));
        free(x);
        free(versions);
        return EXIT_RUNTIME;
    }
    int rc = tps_pull(c, id, x);
    if (rc < 0) {
        fprintf(stderr, PROG ": cannot pull tensor \"%s\": %s\n", name,
                tps_errmsg(c)[0] ? tps_errmsg(c) : tps_strerror(rc));
        free(x);
        free(versions);
        return EXIT_RUNTIME;
    }
    const tps__npy_t a = {"<f4", 4, x, n, 0};
    int err = tps__npy_save(path, &a);
    if (err != 0) {
        fprintf(stderr, PROG ": cannot write %s: %s\n", path, strerror(err));
        free(x);
        free(versions);
        return EXIT_RUNTIME;
    }
    /* Each shard answers for its slice at its own moment, so the dump mixes
     * the versions shown here. */
    int got = tps_versions(c, id, versions, ns);
    fprintf(stderr,
            PROG ": wrote tensor \"%s\" (%llu float32) to %s; version "
                 "by shard:",
            name, (unsigned long long)n, path);
    for (int s = 0; s < got && s < ns; s++)
        fprintf(stderr, " %d:%llu", s, (unsigned long long)versions[s]);
    fprintf(stderr, "\n");
    free(x);
    free(versions);
    return 0;
}

/* A table's ids are known only to the shards, so a table is read by
 * scanning each; the shards' STATS say which names are tables. */
static int run_dump(tps_client_t *c, char **args) {
    char *json = NULL;
    json_t *root = ask_shards(c, tps_stats, "stats", &json);
    if (root == NULL)
        return EXIT_RUNTIME;
    int table = 0;
    for (size_t s = 0; s < json_array_size(root); s++)
        table |= tps__ctl_table_of(json_array_get(root, s), args[0]) != NULL;
    int status = table ? tps__ctl_dump_table(c, root, args[0], args[1])
                       : dump_dense(c, args[0], args[1]);
    json_decref(root);
    free(json);
    return status;
}

/* ---- commands and main --------------------------------------------------- */

typedef struct command_s {
    const char *name;
    const char *synopsis; /* arguments after the name, for messages and help */
    int nargs;            /* positional arguments required */
    const tps__opt_t *opts;
    const char *help;
    int (*run)(tps_client_t *c, char **args);
} command_t;

static const command_t commands[] = {
    {"stats", "[--json]", 0, stats_opts,
     "every shard's counters, then the cluster's", run_stats},
    {"dump", "TENSOR FILE.npy|TABLE DIR", 2, dump_opts,
     "a tensor to a .npy file, a table to DIR/*.npy", run_dump},
    {"checkpoint", "", 0, dump_opts,
     "checkpoint now (shards with --checkpoint-dir)",
     run_checkpoint},
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

/* The options every command shares: how to reach the cluster. */
typedef struct reach_s {
    const char *cluster, *key_file;
    int timeout_ms, frame_mac;
} reach_t;

/* --help's text; the command list in it comes from the command table. */
static void build_usage(char *usage, size_t len) {
    int ul = snprintf(usage, len,
                      "Usage: " PROG " --cluster A0,A1,... [options] COMMAND "
                      "[ARGS]\n\n"
                      "Looks inside a running taups cluster as an admin "
                      "client: it never counts\nas a worker and its pulls "
                      "never block.\n\nCommands:\n");
    for (size_t i = 0; i < NCOMMANDS && ul > 0 && (size_t)ul < len; i++) {
        char left[64];
        snprintf(left, sizeof(left), "%s %s", commands[i].name,
                 commands[i].synopsis);
        ul += snprintf(usage + ul, len - (size_t)ul, "  %-30s %s\n", left,
                       commands[i].help);
    }
    if (ul > 0 && (size_t)ul < len)
        ul += snprintf(usage + ul, len - (size_t)ul, "  %-30s %s\n",
                       "keygen FILE", "a new key for --key-file (mode 0600)");
    if (ul > 0 && (size_t)ul < len)
        ul += snprintf(usage + ul, len - (size_t)ul, "  %-30s %s\n",
                       "reshard OUT S2 DIR_0 ...",
                       "re-cut checkpoints for S2 shards (no --cluster)");
    if (ul > 0 && (size_t)ul < len)
        snprintf(usage + ul, len - (size_t)ul,
                 "\n`" PROG " COMMAND --help` shows a command's options.\n"
                 "Exit status: 0 done, 1 failed, 2 usage error.");
}

/* keygen FILE: the one command that talks to no shard, since it makes the
 * key they will all be given. args[0] is "keygen". */
static int keygen(int nargs, char **args) {
    char kerr[512];
    if (nargs != 2) {
        fprintf(stderr, PROG ": keygen takes one argument, the file to "
                        "create\n");
        return EXIT_USAGE;
    }
    if (tps__key_generate(args[1], kerr, sizeof(kerr)) < 0) {
        fprintf(stderr, PROG ": %s\n", kerr);
        return EXIT_RUNTIME;
    }
    return 0;
}

/* Opens an admin client, runs cmd with its arguments, and checks that the
 * output was written; an exit status. */
static int connect_and_run(const reach_t *r, const command_t *cmd,
                           char **args) {
    tps_options_t o;
    tps_options_init(&o);
    o.cluster = r->cluster;
    o.role = TPS_ROLE_ADMIN;
    o.connect_timeout_ms = r->timeout_ms;
    o.key_file = r->key_file;
    o.frame_mac = r->frame_mac;
    tps_client_t *c = NULL;
    char err[512];
    int rc = tps_open(&o, &c, err, sizeof(err));
    if (rc < 0) {
        fprintf(stderr, PROG ": %s\n", err[0] ? err : tps_strerror(rc));
        return EXIT_RUNTIME;
    }
    int status = cmd->run(c, args);
    tps_close(c);
    /* errno belongs to the failure only when the flush is what failed. */
    if (fflush(stdout) != 0) {
        fprintf(stderr, PROG ": cannot write the output: %s\n",
                strerror(errno));
        status = EXIT_RUNTIME;
    } else if (ferror(stdout)) {
        fprintf(stderr, PROG ": cannot write the output\n");
        status = EXIT_RUNTIME;
    }
    return status;
}

/* The command at argv[at], its options and arguments; *cmd is set once its
 * options are parsed (the caller frees them). An exit status. */
static int dispatch(const reach_t *r, int argc, char **argv, int at,
                    const command_t **cmd) {
    if (at >= argc) {
        fprintf(stderr, PROG ": no command given (see --help)\n");
        return EXIT_USAGE;
    }
    if (strcmp(argv[at], "keygen") == 0)
        return keygen(argc - at, argv + at);
    if (strcmp(argv[at], "reshard") == 0)
        return tps__reshard_main(argc - at, argv + at);
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(argv[at], commands[i].name) == 0)
            *cmd = &commands[i];
    if (*cmd == NULL) {
        fprintf(stderr, PROG ": unknown command \"%s\" (see --help)\n",
                argv[at]);
        return EXIT_USAGE;
    }
    char cprog[64], cusage[512];
    snprintf(cprog, sizeof(cprog), PROG " %s", (*cmd)->name);
    snprintf(cusage, sizeof(cusage),
             "Usage: " PROG " --cluster A0,A1,... %s %s\n\n%s.", (*cmd)->name,
             (*cmd)->synopsis, (*cmd)->help);
    /* The command's own options follow its name; argv[at] plays argv[0]. */
    int first =
        tps__opt_parse((*cmd)->opts, cprog, cusage, argc - at, argv + at);
    if (first < 0)
        return first == TPS_OPT_EXIT_OK ? 0 : EXIT_USAGE;
    if (argc - at - first != (*cmd)->nargs) {
        fprintf(stderr, PROG ": usage: %s %s\n", (*cmd)->name,
                (*cmd)->synopsis);
        return EXIT_USAGE;
    }
    if (r->cluster == NULL || r->cluster[0] == '\0') {
        fprintf(stderr, PROG ": --cluster A0,A1,... is required\n");
        return EXIT_USAGE;
    }
    return connect_and_run(r, *cmd, argv + at + first);
}

int main(int argc, char **argv) {
    reach_t r = {.timeout_ms = 5000};
    const tps__opt_t opts[] = {
        {"key-file", TPS_OPT_STR, &r.key_file, NULL, 0, -1, NULL, "FILE",
         "the cluster's pre-shared key (the shards' --key-file)"},
        {"frame-mac", TPS_OPT_FLAG, &r.frame_mac, NULL, 0, 0, NULL, NULL,
         "protect every frame either way with a tag (needs --key-file)"},
        {"cluster", TPS_OPT_STR, &r.cluster, NULL, 0, -1, NULL, "A0,A1,...",
         "ordered shard addresses, the same list the servers were given"},
        {"connect-timeout", TPS_OPT_INT, &r.timeout_ms,
         TPS_STR(TPS_CONNECT_TIMEOUT_MS), 0, 3600000, NULL,
         "MS", "how long to keep trying to reach each shard"},
        TPS_OPT_END,
    };
    char usage[2048];
    build_usage(usage, sizeof(usage));

    /* A closed pipe or a file-size limit then fails a write with an error
     * that is reported (and the temporary removed) instead of killing us. */
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);
    int at = tps__opt_parse(opts, PROG, usage, argc, argv);
    if (at < 0)
        return at == TPS_OPT_EXIT_OK ? 0 : EXIT_USAGE;
    const command_t *cmd = NULL;
    int status = dispatch(&r, argc, argv, at, &cmd);
    if (cmd)
        tps__opt_free(cmd->opts);
    tps__opt_free(opts);
    return status;
}
