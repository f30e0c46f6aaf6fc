/* SPDX-License-Identifier: MIT */
/* Checkpoints of a shard; see checkpoint.h for the file format. */
#include "checkpoint.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <jansson.h>
#include <zlib.h>

#include "server_internal.h"
#include "taups_error.h"
#include "tps_log.h"

#define MAGIC "TAUPSCKP"
#define MAGIC_END "TAUPSEND"
#define FORMAT 1
#define BOM 0x01020304u
#define HEADER_LEN 32
#define TRAILER_LEN 16
#define DEDUP_FIELDS 8 /* u64 per exactly-once answer */
#define IO_CHUNK ((size_t)8 << 20)

typedef struct waiter_s waiter_t;
struct waiter_s {
    waiter_t *next;
    sconn_t *sc;
    uint64_t request_id;
    uint64_t gen; /* the first generation that answers it */
};

struct tps_ckpt_s {
    tps_ckpt_cfg_t cfg;
    char *dir;
    uv_timer_t timer; /* the next periodic checkpoint */
    uv_timer_t poll;  /* watches the writing child */
    pid_t child;      /* 0: none writing */
    uint64_t child_gen;
    double child_t0;
    uint64_t gen;     /* newest generation on disk */
    double done_at;   /* tps_now() of the newest generation; < 0: none */
    double write_s;   /* how long the last write took (Young's C) */
    double fork_ms;   /* how long the loop paused to fork the last writer */
    double interval;  /* seconds between periodic checkpoints now */
    uint64_t sig_done, child_sig; /* signature() of the newest and the one
                                     being written */
    waiter_t *waiters;
};

/* --- writing ---------------------------------------------------------------- */

typedef struct writer_s {
    int fd;
    uLong crc;
    int err; /* errno of the first failure */
} writer_t;

static void put(writer_t *w, const void *p, size_t n) {
    const uint8_t *b = p;
    while (n > 0 && w->err == 0) {
        size_t k = n < IO_CHUNK ? n : IO_CHUNK;
        w->crc = crc32(w->crc, b, (uInt)k);
        for (size_t done = 0; done < k;) {
            ssize_t r = write(w->fd, b + done, k - done);
            if (r < 0 && errno == EINTR)
                continue;
            if (r < 0) {
                w->err = errno;
                return;
            }
            done += (size_t)r;
        }
        b += k;
        n -= k;
    }
}

static void put_u32(writer_t *w, uint32_t v) {
    put(w, &v, sizeof(v));
}

static void put_u64(writer_t *w, uint64_t v) {
    put(w, &v, sizeof(v));
}

static json_t *u64_array(const uint64_t *v, int n) {
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer((json_int_t)v[i]));
    return a;
}

static char *meta_json(const tps_server_t *s, uint64_t gen) {
    const tps_shard_t *sh = &s->shard;
    const tps_members_t *m = &s->members;
    char opt[256];
    tps__optim_describe(&sh->optim, opt, sizeof(opt));
    uint64_t *joined = calloc((size_t)m->n + 1, sizeof(*joined));
    if (joined == NULL)
        return NULL;
    for (int r = 0; r < m->n; r++)
        joined[r] = m->joined[r];
    json_t *tensors = json_array();
    for (int i = 0; i < sh->ntensors; i++) {
        const tps_tensor_t *t = &sh->tensors[i];
        char seed[24];
        snprintf(seed, sizeof(seed), "%" PRIu64, t->seed);
        json_array_append_new(
            tensors, json_pack("{s:s, s:I, s:I, s:I, s:i, s:f, s:s, s:I}",
                               "name", t->name, "n", (json_int_t)t->n, "lo",
                               (json_int_t)t->lo, "hi", (json_int_t)t->hi,
                               "init", t->init, "scale", (double)t->scale,
                               "seed", seed, "version",
                               (json_int_t)t->version));
    }
    const tps_shard_stats_t *st = &sh->st;
    json_t *o = json_pack(
        "{s:i, s:I, s:I, s:i, s:i, s:i, s:s, s:i, s:s, s:i, s:i, s:I, "
        "s:{s:i, s:o, s:o}, s:{s:I, s:I, s:I, s:I, s:I, s:I, s:I}, s:o}",
        "format", FORMAT, "generation", (json_int_t)gen, "written",
        (json_int_t)time(NULL), "shard", (int)sh->index, "shards",
        (int)sh->nshards, "workers", s->cfg.workers, "mode",
        tps__mode_name(s->cfg.cons.mode), "optimizer_kind", (int)sh->optim.kind,
        "optimizer", opt, "slots", tps__optim_slots(&sh->optim), "aggregate",
        sh->aggregate, "step", (json_int_t)s->step, "members", "njoined",
        m->njoined, "joined", u64_array(joined, m->n), "clock",
        u64_array(m->clock, m->n), "stats", "pushes", (json_int_t)st->pushes,
        "push_frames", (json_int_t)st->push_frames, "steps",
        (json_int_t)st->steps, "dropped", (json_int_t)st->dropped, "pulls",
        (json_int_t)st->pulls, "rejected", (json_int_t)st->rejected,
        "duplicates", (json_int_t)st->duplicates, "tensors", tensors);
    free(joined);
    char *text = o ? json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(17))
                   : NULL;
    json_decref(o);
    return text;
}

static void gen_path(char *buf, size_t len, const char *dir, uint64_t gen) {
    snprintf(buf, len, "%s/gen-%016" PRIu64 ".ckpt", dir, gen);
}

/* Generation numbers of the complete files in dir, newest first; returns
 * how many (-1 when dir cannot be read). Temporary files of writers that
 * died are removed when `clean`. */
static int list_gens(const char *dir, uint64_t **out, int clean) {
    *out = NULL;
    DIR *d = opendir(dir);
    if (d == NULL)
        return -1;
    int n = 0, cap = 0;
    uint64_t *v = NULL;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        uint64_t g;
        char tail[8];
        if (clean && strncmp(e->d_name, ".gen-", 5) == 0 &&
            strstr(e->d_name, ".tmp") != NULL) {
            char p[4096];
            snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
            unlink(p);
            continue;
        }
        if (sscanf(e->d_name, "gen-%16" SCNu64 "%7s", &g, tail) != 2 ||
            strcmp(tail, ".ckpt") != 0 || strlen(e->d_name) != 25)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            uint64_t *nv = realloc(v, (size_t)cap * sizeof(*v));
            if (nv == NULL)
                break;
            v = nv;
        }
        v[n++] = g;
    }
    closedir(d);
    for (int i = 1; i < n; i++) /* newest first */
        for (int j = i; j > 0 && v[j] > v[j - 1]; j--) {
            uint64_t t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    *out = v;
    return n;
}

static int fsync_dir(const char *dir) {
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

/* Writes generation `gen` of the server's state into dir, atomically, and
 * keeps only the newest `keep` generations. Runs in the forked child or, at
 * exit, in the server itself: it reads the state and changes nothing. */
static int write_ckpt(const tps_server_t *s, const char *dir, uint64_t gen,
                      int keep, char *err, size_t errlen) {
    char *meta = meta_json(s, gen);
    if (meta == NULL) {
        snprintf(err, errlen, "out of memory for the checkpoint's metadata");
        return TPS_ENOMEM;
    }
    const tps_shard_t *sh = &s->shard;
    int slots = tps__optim_slots(&sh->optim);
    uint64_t data = 0;
    for (int i = 0; i < sh->ntensors; i++)
        data += (sh->tensors[i].hi - sh->tensors[i].lo) * sizeof(float) *
                (uint64_t)(1 + slots);
    for (int r = 0; r < s->cfg.workers; r++)
        data += 8 * (5 + (uint64_t)s->dedup[r].count * DEDUP_FIELDS);
    char tmp[4096], path[4096];
    snprintf(tmp, sizeof(tmp), "%s/.gen-%016" PRIu64 ".%ld.tmp", dir, gen,
             (long)getpid());
    gen_path(path, sizeof(path), dir, gen);
    writer_t w = {.fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600),
                  .crc = crc32(0L, Z_NULL, 0)};
    if (w.fd < 0) {
        snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
        free(meta);
        return TPS_EIO;
    }
    size_t mlen = strlen(meta);
    put(&w, MAGIC, 8);
    put_u32(&w, FORMAT);
    put_u32(&w, BOM);
    put_u64(&w, mlen);
    put_u64(&w, data);
    put(&w, meta, mlen);
    free(meta);
    for (int i = 0; i < sh->ntensors; i++) {
        const tps_tensor_t *t = &sh->tensors[i];
        size_t len = (size_t)(t->hi - t->lo) * sizeof(float);
        put(&w, t->param, len);
        for (int k = 0; k < slots; k++)
            put(&w, t->slot[k], len);
    }
    for (int r = 0; r < s->cfg.workers; r++) {
        const tps_dedup_t *d = &s->dedup[r];
        put_u64(&w, d->session);
        put_u64(&w, (uint64_t)d->seen);
        put_u64(&w, d->last_rid);
        put_u64(&w, d->last_off);
        put_u64(&w, d->count);
        for (unsigned k = 0; k < d->count; k++) { /* oldest first */
            const tps_push_answer_t *a =
                &d->ring[(d->head + TPS_DEDUP_WINDOW - d->count + k) %
                         TPS_DEDUP_WINDOW];
            uint32_t wbits;
            memcpy(&wbits, &a->weight, sizeof(wbits));
            uint64_t f[DEDUP_FIELDS] = {a->request_id, a->offset, a->tensor_id,
                                        a->count,      a->version, a->staleness,
                                        wbits,         (uint64_t)a->dropped};
            put(&w, f, sizeof(f));
        }
    }
    uint32_t crc = (uint32_t)w.crc;
    put_u32(&w, crc);
    put_u32(&w, 0);
    put(&w, MAGIC_END, 8);
    if (w.err == 0 && fsync(w.fd) < 0)
        w.err = errno;
    if (close(w.fd) < 0 && w.err == 0)
        w.err = errno;
    if (w.err == 0 && rename(tmp, path) < 0)
        w.err = errno;
    if (w.err != 0) {
        snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(w.err));
        unlink(tmp);
        return TPS_EIO;
    }
    if (fsync_dir(dir) < 0) {
        snprintf(err, errlen, "cannot sync the directory %s: %s", dir,
                 strerror(errno));
        return TPS_EIO;
    }
    uint64_t *gens;
    int n = list_gens(dir, &gens, 0);
    for (int i = keep; i < n; i++) {
        char old[4096];
        gen_path(old, sizeof(old), dir, gens[i]);
        unlink(old);
    }
    free(gens);
    return 0;
}

/* --- reading ---------------------------------------------------------------- */

typedef struct reader_s {
    FILE *f;
    uLong crc;
    int short_read;
} reader_t;

static int get(reader_t *r, void *p, size_t n) {
    uint8_t *b = p;
    while (n > 0) {
        size_t k = n < IO_CHUNK ? n : IO_CHUNK;
        if (fread(b, 1, k, r->f) != k) {
            r->short_read = 1;
            return -1;
        }
        r->crc = crc32(r->crc, b, (uInt)k);
        b += k;
        n -= k;
    }
    return 0;
}

/* What a checkpoint file holds, loaded beside the running server's state
 * and swapped in only once the whole file has checked out. */
typedef struct loaded_s {
    tps_shard_t shard;
    int shard_ok;
    uint64_t step, generation;
    int64_t written;
    int njoined;
    uint8_t *joined;
    uint64_t *clock;
    tps_dedup_t *dedup;
} loaded_t;

static void loaded_free(loaded_t *L, int workers) {
    if (L->shard_ok)
        tps__shard_free(&L->shard);
    free(L->joined);
    free(L->clock);
    for (int r = 0; L->dedup && r < workers; r++)
        tps__dedup_free(&L->dedup[r]);
    free(L->dedup);
    memset(L, 0, sizeof(*L));
}

enum { LOAD_OK = 0, LOAD_BAD = -1, LOAD_FOREIGN = -2 };

static int json_u64(json_t *o, const char *key, uint64_t *out) {
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0)
        return -1;
    *out = (uint64_t)json_integer_value(v);
    return 0;
}

/* Checks the file's shape against this server; LOAD_FOREIGN with both
 * named in why when it belongs elsewhere. */
static int check_shape(const tps_server_t *s, json_t *m, char *why,
                       size_t len) {
    uint64_t shard, shards, workers, kind;
    const char *mode = json_string_value(json_object_get(m, "mode"));
    if (json_u64(m, "shard", &shard) || json_u64(m, "shards", &shards) ||
        json_u64(m, "workers", &workers) ||
        json_u64(m, "optimizer_kind", &kind) || mode == NULL) {
        snprintf(why, len, "its metadata lacks the cluster's shape");
        return LOAD_BAD;
    }
    const tps_shard_t *sh = &s->shard;
    if (shard != sh->index || shards != sh->nshards ||
        workers != (uint64_t)s->cfg.workers) {
        snprintf(why, len,
                 "it holds shard %" PRIu64 " of %" PRIu64 " shards with %" PRIu64
                 " workers, but this is shard %u of %u with %d workers",
                 shard, shards, workers, sh->index, sh->nshards,
                 s->cfg.workers);
        return LOAD_FOREIGN;
    }
    if (strcmp(mode, tps__mode_name(s->cfg.cons.mode)) != 0 ||
        kind != (uint64_t)sh->optim.kind) {
        char opt[256];
        tps__optim_describe(&sh->optim, opt, sizeof(opt));
        snprintf(why, len,
                 "it was written in mode %s by optimizer \"%s\", but this "
                 "shard runs mode %s with \"%s\"",
                 mode, json_string_value(json_object_get(m, "optimizer")),
                 tps__mode_name(s->cfg.cons.mode), opt);
        return LOAD_FOREIGN;
    }
    return LOAD_OK;
}

static int load_tensors(const tps_server_t *s, json_t *m, reader_t *rd,
                        loaded_t *L, char *why, size_t len) {
    json_t *ts = json_object_get(m, "tensors");
    int slots = tps__optim_slots(&s->shard.optim);
    size_t i;
    json_t *o;
    if (!json_is_array(ts)) {
        snprintf(why, len, "its metadata lacks the tensors");
        return LOAD_BAD;
    }
    json_array_foreach(ts, i, o) {
        const char *name = json_string_value(json_object_get(o, "name"));
        const char *seed_text = json_string_value(json_object_get(o, "seed"));
        uint64_t n, lo, hi, init, version;
        json_t *scale = json_object_get(o, "scale");
        if (name == NULL || seed_text == NULL || !json_is_number(scale) ||
            json_u64(o, "n", &n) || json_u64(o, "lo", &lo) ||
            json_u64(o, "hi", &hi) || json_u64(o, "init", &init) ||
            json_u64(o, "version", &version)) {
            snprintf(why, len, "tensor %zu's declaration is incomplete", i);
            return LOAD_BAD;
        }
        char err[256];
        int id = tps__shard_restore(&L->shard, name, n, (int)init,
                                    (float)json_number_value(scale),
                                    strtoull(seed_text, NULL, 10), err,
                                    sizeof(err));
        if (id < 0) {
            snprintf(why, len, "%s", err);
            return LOAD_BAD;
        }
        tps_tensor_t *t = &L->shard.tensors[id];
        if (t->lo != lo || t->hi != hi) {
            snprintf(why, len, "tensor \"%s\": its slice is [%" PRIu64
                     ", %" PRIu64 "), this shard's would be [%" PRIu64
                     ", %" PRIu64 ")", name, lo, hi, t->lo, t->hi);
            return LOAD_BAD;
        }
        t->version = version;
        size_t bytes = (size_t)(hi - lo) * sizeof(float);
        if (get(rd, t->param, bytes) < 0)
            goto truncated;
        for (int k = 0; k < slots; k++)
            if (get(rd, t->slot[k], bytes) < 0)
                goto truncated;
    }
    return LOAD_OK;
truncated:
    snprintf(why, len, "it ends early (truncated)");
    return LOAD_BAD;
}

static int load_dedup(const tps_server_t *s, reader_t *rd, loaded_t *L,
                      char *why, size_t len) {
    for (int r = 0; r < s->cfg.workers; r++) {
        tps_dedup_t *d = &L->dedup[r];
        uint64_t h[5];
        if (get(rd, h, sizeof(h)) < 0 || h[4] > TPS_DEDUP_WINDOW) {
            snprintf(why, len, "rank %d's exactly-once window is damaged", r);
            return LOAD_BAD;
        }
        d->session = h[0];
        d->seen = h[1] != 0;
        d->last_rid = h[2];
        d->last_off = h[3];
        for (uint64_t k = 0; k < h[4]; k++) {
            uint64_t f[DEDUP_FIELDS];
            if (get(rd, f, sizeof(f)) < 0) {
                snprintf(why, len, "it ends early (truncated)");
                return LOAD_BAD;
            }
            uint32_t wbits = (uint32_t)f[6];
            tps_push_answer_t a = {.request_id = f[0], .offset = f[1],
                                   .tensor_id = (uint32_t)f[2], .count = f[3],
                                   .version = f[4], .staleness = f[5],
                                   .dropped = (int)f[7]};
            memcpy(&a.weight, &wbits, sizeof(wbits));
            uint64_t rid = d->last_rid, off = d->last_off;
            if (tps__dedup_record(d, &a) < 0) {
                snprintf(why, len, "out of memory");
                return LOAD_BAD;
            }
            d->last_rid = rid; /* the window's key, not its last answer */
            d->last_off = off;
        }
    }
    return LOAD_OK;
}

static int load_members(const tps_server_t *s, json_t *m, loaded_t *L,
                        char *why, size_t len) {
    json_t *mem = json_object_get(m, "members");
    json_t *joined = json_object_get(mem, "joined");
    json_t *clock = json_object_get(mem, "clock");
    int n = s->cfg.workers;
    if (!json_is_array(joined) || !json_is_array(clock) ||
        json_array_size(joined) != (size_t)n ||
        json_array_size(clock) != (size_t)n) {
        snprintf(why, len, "its membership does not list %d workers", n);
        return LOAD_BAD;
    }
    L->njoined = (int)json_integer_value(json_object_get(mem, "njoined"));
    for (int r = 0; r < n; r++) {
        L->joined[r] = json_integer_value(json_array_get(joined, (size_t)r)) != 0;
        L->clock[r] = (uint64_t)json_integer_value(json_array_get(clock, (size_t)r));
    }
    return LOAD_OK;
}

/* Loads one file into L. */
static int load_file(const tps_server_t *s, const char *path, loaded_t *L,
                     char *why, size_t len) {
    int n = s->cfg.workers;
    memset(L, 0, sizeof(*L));
    reader_t rd = {.f = fopen(path, "rb"), .crc = crc32(0L, Z_NULL, 0)};
    if (rd.f == NULL) {
        snprintf(why, len, "cannot open it: %s", strerror(errno));
        return LOAD_BAD;
    }
    struct stat stt;
    char magic[8];
    uint32_t format = 0, bom = 0;
    uint64_t mlen = 0, dlen = 0;
    int rc = LOAD_BAD;
    json_t *m = NULL;
    char *meta = NULL;
    if (fstat(fileno(rd.f), &stt) < 0 || get(&rd, magic, 8) < 0 ||
        memcmp(magic, MAGIC, 8) != 0) {
        snprintf(why, len, "it is not a taups checkpoint (no magic)");
        goto out;
    }
    if (get(&rd, &format, 4) < 0 || get(&rd, &bom, 4) < 0 ||
        get(&rd, &mlen, 8) < 0 || get(&rd, &dlen, 8) < 0 || format != FORMAT ||
        bom != BOM) {
        snprintf(why, len, "format %u (byte order mark %08x) is not format %d "
                 "of this host", format, bom, FORMAT);
        goto out;
    }
    if (mlen > (1u << 30) ||
        (uint64_t)stt.st_size != HEADER_LEN + mlen + dlen + TRAILER_LEN) {
        snprintf(why, len, "it is %lld bytes, its header says %" PRIu64
                 " (truncated or overwritten)",
                 (long long)stt.st_size, HEADER_LEN + mlen + dlen + TRAILER_LEN);
        goto out;
    }
    meta = malloc(mlen + 1);
    if (meta == NULL || get(&rd, meta, mlen) < 0) {
        snprintf(why, len, "cannot read its metadata");
        goto out;
    }
    meta[mlen] = '\0';
    json_error_t jerr;
    m = json_loads(meta, 0, &jerr);
    if (m == NULL) {
        snprintf(why, len, "its metadata is not JSON: %s", jerr.text);
        goto out;
    }
    if ((rc = check_shape(s, m, why, len)) != LOAD_OK)
        goto out;
    rc = LOAD_BAD;
    const tps_shard_t *sh = &s->shard;
    if (tps__shard_init(&L->shard, sh->index, sh->nshards, sh->max_tensors,
                        sh->max_elements, &sh->optim) < 0) {
        snprintf(why, len, "out of memory");
        goto out;
    }
    L->shard_ok = 1;
    if (sh->aggregate)
        tps__shard_set_aggregate(&L->shard, sh->workers);
    L->joined = calloc((size_t)n, 1);
    L->clock = calloc((size_t)n, sizeof(*L->clock));
    L->dedup = calloc((size_t)n, sizeof(*L->dedup));
    if (L->joined == NULL || L->clock == NULL || L->dedup == NULL) {
        snprintf(why, len, "out of memory");
        goto out;
    }
    json_t *st = json_object_get(m, "stats");
    if (json_u64(m, "step", &L->step) || json_u64(m, "generation", &L->generation) ||
        load_members(s, m, L, why, len) != LOAD_OK ||
        load_tensors(s, m, &rd, L, why, len) != LOAD_OK ||
        load_dedup(s, &rd, L, why, len) != LOAD_OK) {
        if (!why[0])
            snprintf(why, len, "its metadata is incomplete");
        goto out;
    }
    L->written = json_integer_value(json_object_get(m, "written"));
    tps_shard_stats_t *ls = &L->shard.st;
    json_u64(st, "pushes", &ls->pushes);
    json_u64(st, "push_frames", &ls->push_frames);
    json_u64(st, "steps", &ls->steps);
    json_u64(st, "dropped", &ls->dropped);
    json_u64(st, "pulls", &ls->pulls);
    json_u64(st, "rejected", &ls->rejected);
    json_u64(st, "duplicates", &ls->duplicates);
    uint32_t want = (uint32_t)rd.crc, crc, zero;
    char end[8];
    if (get(&rd, &crc, 4) < 0 || get(&rd, &zero, 4) < 0 || get(&rd, end, 8) < 0 ||
        memcmp(end, MAGIC_END, 8) != 0) {
        snprintf(why, len, "its trailer is missing (truncated)");
        goto out;
    }
    if (crc != want) {
        snprintf(why, len, "its checksum is %08x, its contents give %08x "
                 "(corrupt)", crc, want);
        goto out;
    }
    rc = LOAD_OK;
out:
    if (rc != LOAD_OK && rd.short_read && !why[0])
        snprintf(why, len, "it ends early (truncated)");
    json_decref(m);
    free(meta);
    fclose(rd.f);
    if (rc != LOAD_OK)
        loaded_free(L, n);
    return rc;
}

/* Makes L the server's state. */
static void adopt(tps_server_t *s, loaded_t *L) {
    tps__shard_free(&s->shard);
    s->shard = L->shard;
    L->shard_ok = 0;
    s->step = L->step;
    tps_members_t *m = &s->members;
    m->njoined = L->njoined;
    for (int r = 0; r < m->n; r++) {
        m->joined[r] = L->joined[r];
        m->clock[r] = L->clock[r];
        tps__dedup_free(&s->dedup[r]);
        s->dedup[r] = L->dedup[r];
        memset(&L->dedup[r], 0, sizeof(L->dedup[r]));
    }
    /* Workers at a later clock than the restored step may come back: in the
     * aggregating modes the shard catches up with them (push.c). */
    s->behind = 1;
    loaded_free(L, m->n);
}

/* --- the server's side -------------------------------------------------------- */

/* Changes whenever the state a checkpoint holds does (every push, step,
 * declaration or clock), so that an idle shard does not rewrite the same
 * state and push its older generations out. */
static uint64_t signature(const tps_server_t *s) {
    const tps_shard_t *sh = &s->shard;
    uint64_t v = sh->st.pushes * 31 + sh->st.push_frames + sh->st.steps * 7 +
                 sh->st.dropped + (uint64_t)sh->ntensors * 1000003 + s->step;
    for (int r = 0; r < s->members.n; r++)
        v = v * 1099511628211ULL + s->members.clock[r];
    return v;
}

static void on_handle_closed(uv_handle_t *h) {
    tps_server_t *s = h->data;
    s->open_handles--;
}

/* Answers the requests that generation k->gen (or, on failure, the write
 * that just ended) settles. */
static void answer(tps_server_t *s, int status, const char *err) {
    tps_ckpt_t *k = s->ckpt;
    for (waiter_t **pp = &k->waiters; *pp;) {
        waiter_t *w = *pp;
        if (status == 0 && w->gen > k->gen) {
            pp = &w->next;
            continue;
        }
        *pp = w->next;
        Taups__Header h = TAUPS__HEADER__INIT;
        h.request_id = w->request_id;
        if (status < 0) {
            tps__reply_error(w->sc, &h, status, 0, "checkpoint: %s", err);
        } else {
            char *json = NULL;
            char path[4096];
            gen_path(path, sizeof(path), k->dir, k->gen);
            json_t *o = json_pack("{s:{s:I, s:s, s:f, s:f}}", "checkpoint",
                                  "generation", (json_int_t)k->gen, "file",
                                  path, "write_s", k->write_s, "fork_ms",
                                  k->fork_ms);
            if (o)
                json = json_dumps(o, JSON_COMPACT);
            json_decref(o);
            if (json == NULL) {
                tps__reply_error(w->sc, &h, TPS_ENOMEM, 0, "out of memory");
            } else {
                Taups__Header r = TAUPS__HEADER__INIT;
                r.op = TAUPS__OP__STATS_OK;
                r.request_id = w->request_id;
                r.shard = s->shard.index;
                tps__send_or_close(w->sc, &r, json, strlen(json), tps__free_arg,
                                   json);
            }
        }
        free(w);
    }
}

/* Young's interval from the last write time, logged when it moves. */
static void retune(tps_server_t *s) {
    tps_ckpt_t *k = s->ckpt;
    if (k->cfg.mtbf <= 0)
        return;
    double c = k->write_s > 0.001 ? k->write_s : 0.001;
    double t = sqrt(2.0 * c * k->cfg.mtbf);
    if (t < 1)
        t = 1;
    if (k->interval <= 0 || fabs(t - k->interval) > 0.1 * k->interval) {
        tps_log("checkpoint interval %.1f s: Young's sqrt(2 C MTBF) with write "
                "time C = %.3f s, MTBF %.0f s",
                t, c, k->cfg.mtbf);
        k->interval = t;
        if (uv_is_active((uv_handle_t *)&k->timer)) {
            uint64_t ms = (uint64_t)(t * 1000);
            uv_timer_start(&k->timer, k->timer.timer_cb, ms, ms);
        }
    }
}

static void begin(tps_server_t *s);

/* The writer of generation k->child_gen has exited with `status` (p < 0:
 * it could not be waited for). */
static void child_done(tps_server_t *s, pid_t p, int status) {
    tps_ckpt_t *k = s->ckpt;
    uv_timer_stop(&k->poll);
    k->child = 0;
    double took = tps_now() - k->child_t0;
    if (p > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        k->gen = k->child_gen;
        k->sig_done = k->child_sig;
        k->done_at = tps_now();
        k->write_s = took;
        tps_log("checkpoint generation %" PRIu64 " written in %.3f s (the "
                "loop paused %.1f ms to fork the writer)",
                k->gen, took, k->fork_ms);
        retune(s);
        answer(s, 0, NULL);
    } else {
        /* The child logged why. */
        tps_log("checkpoint generation %" PRIu64 " failed (%s %d); the "
                "previous generations are kept",
                k->child_gen,
                p < 0 ? "waitpid" : WIFEXITED(status) ? "exit" : "signal",
                p < 0 ? errno : WIFEXITED(status) ? WEXITSTATUS(status)
                                                 : WTERMSIG(status));
        answer(s, TPS_EIO, "the write failed; see the shard's log");
    }
    /* Requests that came in during that write want a newer one. */
    if (k->waiters && !s->stopping)
        begin(s);
}

static void on_poll(uv_timer_t *t) {
    tps_server_t *s = t->data;
    int status = 0;
    pid_t p = waitpid(s->ckpt->child, &status, WNOHANG);
    if (p != 0)
        child_done(s, p, status);
}

static void begin(tps_server_t *s) {
    tps_ckpt_t *k = s->ckpt;
    if (k->child > 0)
        return;
    uint64_t gen = k->gen + 1;
    pid_t parent = getpid();
    double t0 = tps_now();
    pid_t pid = fork();
    if (pid == 0) {
#ifdef __linux__
        /* A writer must not outlive its shard: a restarted shard would
         * race it for the same generation. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(1);
#endif
        char err[8400]; /* two paths and a reason */
        if (write_ckpt(s, k->dir, gen, k->cfg.keep, err, sizeof(err)) < 0) {
            tps_log("checkpoint generation %" PRIu64 ": %s", gen, err);
            _exit(1);
        }
        _exit(0);
    }
    if (pid < 0) {
        tps_log("checkpoint: cannot fork a writer: %s", strerror(errno));
        answer(s, TPS_EIO, "cannot fork a writer");
        return;
    }
    (void)parent;
    k->child = pid;
    k->fork_ms = (tps_now() - t0) * 1e3;
    k->child_sig = signature(s);
    k->child_gen = gen;
    k->child_t0 = t0;
    uv_timer_start(&k->poll, on_poll, 5, 5);
}

static void on_timer(uv_timer_t *t) {
    tps_server_t *s = t->data;
    if (s->ckpt->done_at >= 0 && signature(s) == s->ckpt->sig_done)
        return;
    begin(s);
}

void tps__ckpt_request(tps_server_t *s, sconn_t *sc, uint64_t request_id) {
    tps_ckpt_t *k = s->ckpt;
    if (k == NULL) {
        if (sc) {
            Taups__Header h = TAUPS__HEADER__INIT;
            h.request_id = request_id;
            tps__reply_error(sc, &h, TPS_EINVAL, 0,
                             "shard %u keeps no checkpoints (start it with "
                             "--checkpoint-dir)",
                             s->shard.index);
        }
        return;
    }
    /* A request during a write waits for the next one, so that what it gets
     * holds every update it has seen answered. */
    if (sc) {
        waiter_t *w = calloc(1, sizeof(*w));
        if (w) {
            w->sc = sc;
            w->request_id = request_id;
            w->gen = k->child > 0 ? k->child_gen + 1 : k->gen + 1;
            w->next = k->waiters;
            k->waiters = w;
        }
    }
    begin(s);
}

void tps__ckpt_forget(tps_server_t *s, sconn_t *sc) {
    if (s->ckpt == NULL)
        return;
    for (waiter_t **pp = &s->ckpt->waiters; *pp;) {
        if ((*pp)->sc == sc) {
            waiter_t *w = *pp;
            *pp = w->next;
            free(w);
        } else {
            pp = &(*pp)->next;
        }
    }
}

/* mkdir -p, owner only: a checkpoint is the whole model. */
static int mkdir_p(const char *dir) {
    char p[4096];
    snprintf(p, sizeof(p), "%s", dir);
    for (char *q = p + 1; *q; q++) {
        if (*q != '/')
            continue;
        *q = '\0';
        if (mkdir(p, 0700) < 0 && errno != EEXIST)
            return -1;
        *q = '/';
    }
    return mkdir(p, 0700) < 0 && errno != EEXIST ? -1 : 0;
}

int tps__ckpt_open(tps_server_t *s, char *err, size_t errlen) {
    const tps_ckpt_cfg_t *cfg = &s->cfg.ckpt;
    if (cfg->dir == NULL)
        return 0;
    tps_ckpt_t *k = calloc(1, sizeof(*k));
    if (k == NULL || (k->dir = strdup(cfg->dir)) == NULL) {
        free(k);
        snprintf(err, errlen, "out of memory");
        return TPS_ENOMEM;
    }
    k->cfg = *cfg;
    if (k->cfg.keep < 1)
        k->cfg.keep = 1;
    k->done_at = -1;
    k->interval = cfg->every;
    s->ckpt = k;
    if (mkdir_p(k->dir) < 0) {
        snprintf(err, errlen, "--checkpoint-dir %s: cannot create it: %s",
                 k->dir, strerror(errno));
        return TPS_EIO;
    }
    uint64_t *gens;
    int n = list_gens(k->dir, &gens, 1);
    if (n < 0) {
        snprintf(err, errlen, "--checkpoint-dir %s: cannot read it: %s", k->dir,
                 strerror(errno));
        return TPS_EIO;
    }
    if (n > 0)
        k->gen = gens[0]; /* new generations number on from the newest */
    if (cfg->no_restore || n == 0) {
        tps_log("checkpoints in %s%s", k->dir,
                n == 0 ? ": none yet, starting afresh"
                       : ": --no-restore, starting afresh");
        free(gens);
        return 0;
    }
    int rc = 0;
    for (int i = 0; i < n; i++) {
        char path[4096], why[512] = "";
        gen_path(path, sizeof(path), k->dir, gens[i]);
        loaded_t L;
        double t0 = tps_now();
        int lr = load_file(s, path, &L, why, sizeof(why));
        if (lr == LOAD_FOREIGN) {
            snprintf(err, errlen, "checkpoint %s belongs elsewhere: %s", path,
                     why);
            rc = TPS_EMISMATCH;
            break;
        }
        if (lr != LOAD_OK) {
            tps_log("checkpoint %s skipped: %s; trying the previous generation",
                    path, why);
            continue;
        }
        double age = (double)(time(NULL) - L.written);
        uint64_t gen = L.generation;
        int nt = L.shard.ntensors;
        adopt(s, &L);
        char versions[256] = "";
        size_t used = 0;
        for (int t = 0; t < nt && used + 40 < sizeof(versions); t++)
            used += (size_t)snprintf(versions + used, sizeof(versions) - used,
                                     "%s%s@%" PRIu64, t ? " " : "",
                                     s->shard.tensors[t].name,
                                     s->shard.tensors[t].version);
        tps_log("restored checkpoint generation %" PRIu64 " (%s), %.0f s old, "
                "in %.3f s: %d tensors, step %" PRIu64 "; versions %s",
                gen, path, age, tps_now() - t0, nt, s->step,
                nt ? versions : "-");
        k->done_at = tps_now() - age;
        k->sig_done = signature(s);
        break;
    }
    if (rc == 0 && k->done_at < 0)
        tps_log("no valid checkpoint in %s: starting afresh", k->dir);
    free(gens);
    return rc;
}

void tps__ckpt_start(tps_server_t *s) {
    tps_ckpt_t *k = s->ckpt;
    if (k == NULL)
        return;
    uv_timer_init(s->loop, &k->timer);
    uv_timer_init(s->loop, &k->poll);
    k->timer.data = k->poll.data = s;
    s->open_handles += 2;
    if (k->cfg.mtbf > 0) {
        /* Until a write has been timed, assume it takes a second. */
        k->write_s = 1.0;
        retune(s);
    }
    if (k->interval > 0) {
        uint64_t ms = (uint64_t)(k->interval * 1000);
        uv_timer_start(&k->timer, on_timer, ms, ms);
    }
}

void tps__ckpt_stop(tps_server_t *s) {
    tps_ckpt_t *k = s->ckpt;
    if (k == NULL)
        return;
    if (k->child > 0) {
        int status = 0;
        pid_t p;
        while ((p = waitpid(k->child, &status, 0)) < 0 && errno == EINTR)
            ;
        child_done(s, p, status);
    }
    uv_close((uv_handle_t *)&k->timer, on_handle_closed);
    uv_close((uv_handle_t *)&k->poll, on_handle_closed);
    if (k->done_at >= 0 && signature(s) == k->sig_done && !k->waiters) {
        tps_log("checkpoint generation %" PRIu64 " holds the final state",
                k->gen);
        return;
    }
    char err[8400];
    double t0 = tps_now();
    uint64_t gen = k->gen + 1;
    if (write_ckpt(s, k->dir, gen, k->cfg.keep, err, sizeof(err)) < 0) {
        tps_log("final checkpoint: %s", err);
        answer(s, TPS_EIO, err);
        return;
    }
    k->gen = gen;
    k->done_at = tps_now();
    k->write_s = k->done_at - t0;
    for (waiter_t *w = k->waiters; w; w = w->next)
        w->gen = gen;
    tps_log("checkpoint generation %" PRIu64 " written at exit in %.3f s", gen,
            k->write_s);
    answer(s, 0, NULL);
}

double tps__ckpt_age(const tps_server_t *s) {
    if (s->ckpt == NULL || s->ckpt->done_at < 0)
        return -1;
    return tps_now() - s->ckpt->done_at;
}

void tps__ckpt_free(tps_server_t *s) {
    tps_ckpt_t *k = s->ckpt;
    if (k == NULL)
        return;
    while (k->waiters) {
        waiter_t *w = k->waiters;
        k->waiters = w->next;
        free(w);
    }
    free(k->dir);
    free(k);
    s->ckpt = NULL;
}
