/* SPDX-License-Identifier: MIT */
/* The checkpoint file; see checkpoint_file.h and, for the format,
 * checkpoint.h. */
#include "checkpoint_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>
#include <xxhash.h>

#include "taups_error.h"

#define MAGIC "TAUPSCKP"
#define MAGIC_END "TAUPSEND"
#define FORMAT 2 /* 2: tables; a format 1 file (no tables) still loads */
#define BOM 0x01020304u
#define HEADER_LEN 32
#define TRAILER_LEN 16
#define DEDUP_FIELDS 11   /* u64 per exactly-once answer */
#define DEDUP_FIELDS_V1 8 /* ... in format 1, before frames of rows */
#define IO_CHUNK ((size_t)8 << 20)

/* --- writing ----------------------------------------------------------------
 */

typedef struct writer_s {
    int fd;
    XXH3_state_t *h;
    int err; /* errno of the first failure */
} writer_t;

static void put(writer_t *w, const void *p, size_t n) {
    const uint8_t *b = p;
    while (n > 0 && w->err == 0) {
        size_t k = n < IO_CHUNK ? n : IO_CHUNK;
        if (w->h) /* NULL for the trailer, which the sum does not cover */
            XXH3_64bits_update(w->h, b, k);
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

static json_t *flag_array(const uint8_t *v, int n) {
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i] != 0));
    return a;
}

/* Who assigned a tensor's starting values (server/assign.c), so that the
 * assign's chunks sent again after a restore are known; absent from
 * older files and from tensors never assigned. */
static json_t *assign_json(const tps__tensor_t *t) {
    char session[24], request[24];
    snprintf(session, sizeof(session), "%" PRIu64, t->assign_session);
    snprintf(request, sizeof(request), "%" PRIu64, t->assign_request);
    return json_pack("{s:i, s:s, s:s, s:I}", "rank", t->assign_rank,
                     "session", session, "request", request, "next",
                     (json_int_t)t->assign_next);
}

static char *meta_json(const tps__server_t *s, uint64_t gen) {
    const tps__shard_t *sh = &s->shard;
    const tps__members_t *m = &s->members;
    char opt[256];
    tps__optim_describe(&sh->optim, opt, sizeof(opt));
    json_t *tensors = json_array();
    for (int i = 0; i < sh->ntensors; i++) {
        const tps__tensor_t *t = &sh->tensors[i];
        /* Still being initialised: no client has its id yet, so it is not
         * part of the state (each loop below skips it too). */
        if (!t->ready)
            continue;
        char seed[24];
        snprintf(seed, sizeof(seed), "%" PRIu64, t->seed);
        if (t->kind == TPS__KIND_TABLE) {
            json_array_append_new(
                tensors,
                json_pack("{s:s, s:s, s:i, s:i, s:f, s:s, s:I}", "name",
                          t->name, "kind", "table", "dim", (int)t->dim,
                          "init", t->init, "scale", (double)t->scale, "seed",
                          seed, "rows", (json_int_t)t->table->rows));
            continue;
        }
        json_t *o = json_pack("{s:s, s:I, s:I, s:I, s:i, s:f, s:s, s:I, s:o}",
                              "name", t->name, "n", (json_int_t)t->n, "lo",
                              (json_int_t)t->lo, "hi", (json_int_t)t->hi,
                              "init", t->init, "scale", (double)t->scale,
                              "seed", seed, "version",
                              (json_int_t)t->version, "shape",
                              u64_array(t->shape, (int)t->ndims));
        if (o != NULL && t->assigned)
            json_object_set_new(o, "assign", assign_json(t));
        json_array_append_new(tensors, o);
    }
    const tps__shard_stats_t *st = &sh->st;
    json_t *o = json_pack(
        "{s:i, s:I, s:I, s:i, s:i, s:i, s:s, s:i, s:s, s:i, s:i, s:I, "
        "s:{s:o, s:o, s:o}, s:{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}, "
        "s:o}",
        "format", FORMAT, "generation", (json_int_t)gen, "written",
        (json_int_t)time(NULL), "shard", (int)sh->index, "shards",
        (int)sh->nshards, "workers", s->cfg.workers, "mode",
        s->cfg.cons.mode->name, "optimizer_kind", (int)sh->optim.kind,
        "optimizer", opt, "slots", tps__optim_slots(&sh->optim), "aggregate",
        sh->aggregate, "step", (json_int_t)s->step, "members", "clock",
        u64_array(m->clock, m->n), "joined", flag_array(m->joined, m->n),
        "live", flag_array(m->live, m->n), "stats", "pushes",
        (json_int_t)st->pushes, "push_frames", (json_int_t)st->push_frames,
        "steps", (json_int_t)st->steps, "dropped", (json_int_t)st->dropped,
        "pulls", (json_int_t)st->pulls, "refused", (json_int_t)st->refused,
        "applied_frames", (json_int_t)st->applied_frames, "dropped_frames",
        (json_int_t)st->dropped_frames, "duplicates",
        (json_int_t)st->duplicates, "tensors", tensors);
    char *text = o ? json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(17))
                   : NULL;
    json_decref(o);
    return text;
}

void tps__ckpt_path(char *buf, size_t len, const char *dir, uint64_t gen) {
    snprintf(buf, len, "%s/gen-%016" PRIu64 ".ckpt", dir, gen);
}

/* Generation numbers of the complete files in dir, newest first; returns
 * how many (-1 when dir cannot be read). Temporary files of writers that
 * died are removed when `clean`. */
int tps__ckpt_list(const char *dir, uint64_t **out, int clean) {
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

/* A table's row in the file: id, version, values, each slot's values. */
static uint64_t row_record(const tps__tensor_t *t, int slots) {
    return 16 + (uint64_t)t->dim * sizeof(float) * (uint64_t)(1 + slots);
}

/* A table's rows in creation order, gathered into records a megabyte at
 * a time, so that ten million rows are not forty million writes. */
static void put_rows(writer_t *w, const tps__tensor_t *t, int slots) {
    size_t rec = (size_t)row_record(t, slots), d = t->dim * sizeof(float);
    size_t per = rec > IO_CHUNK / 8 ? 1 : (IO_CHUNK / 8) / rec;
    uint8_t *buf = malloc(per * rec);
    if (buf == NULL) {
        w->err = ENOMEM;
        return;
    }
    size_t k = 0;
    for (uint64_t i = 0; i < t->table->rows && w->err == 0; i++) {
        tps__row_t row;
        tps__table_row_at(t->table, i, &row);
        uint8_t *p = buf + k * rec;
        memcpy(p, &row.id, 8);
        memcpy(p + 8, row.version, 8);
        memcpy(p + 16, row.val, d);
        for (int s = 0; s < slots; s++)
            memcpy(p + 16 + d * (size_t)(1 + s), row.slot[s], d);
        if (++k == per) {
            put(w, buf, k * rec);
            k = 0;
        }
    }
    put(w, buf, k * rec);
    free(buf);
}

/* Bytes of the data section: every ready slice with its optimizer state,
 * and each rank's dedup window. */
static uint64_t data_bytes(const tps__server_t *s) {
    const tps__shard_t *sh = &s->shard;
    int slots = tps__optim_slots(&sh->optim);
    uint64_t data = 0;
    for (int i = 0; i < sh->ntensors; i++) {
        const tps__tensor_t *t = &sh->tensors[i];
        data += t->ready * (t->hi - t->lo) * sizeof(float) *
                (uint64_t)(1 + slots);
        if (t->kind == TPS__KIND_TABLE)
            data += t->table->rows * row_record(t, slots);
    }
    for (int r = 0; r < s->cfg.workers; r++)
        data += 8 * (5 + (uint64_t)s->dedup[r].count * DEDUP_FIELDS);
    return data;
}

/* The data section: parameters and optimizer slots, then the dedup
 * windows, oldest answer first. */
static void put_data(writer_t *w, const tps__server_t *s) {
    const tps__shard_t *sh = &s->shard;
    int slots = tps__optim_slots(&sh->optim);
    for (int i = 0; i < sh->ntensors; i++) {
        const tps__tensor_t *t = &sh->tensors[i];
        if (!t->ready)
            continue;
        size_t len = (size_t)(t->hi - t->lo) * sizeof(float);
        put(w, t->param, len);
        for (int k = 0; k < slots; k++)
            put(w, t->slot[k], len);
        if (t->kind == TPS__KIND_TABLE)
            put_rows(w, t, slots);
    }
    for (int r = 0; r < s->cfg.workers; r++) {
        const tps__dedup_t *d = &s->dedup[r];
        put_u64(w, d->session);
        put_u64(w, (uint64_t)d->seen);
        put_u64(w, d->last_rid);
        put_u64(w, d->last_off);
        put_u64(w, d->count);
        for (unsigned k = 0; k < d->count; k++) { /* oldest first */
            const tps__push_answer_t *a =
                &d->ring[(d->head + TPS_DEDUP_WINDOW - d->count + k) %
                         TPS_DEDUP_WINDOW];
            uint32_t wbits;
            memcpy(&wbits, &a->weight, sizeof(wbits));
            uint64_t f[DEDUP_FIELDS] = {
                a->request_id,
                a->offset,
                a->tensor_id,
                a->count,
                a->version,
                a->staleness,
                wbits,
                (uint64_t)a->dropped,
                a->rows[0] | (uint64_t)a->rows[1] << 32,
                a->rows[2] | (uint64_t)a->rows[3] << 32,
                a->rows[4] | (uint64_t)(a->rows_frame != 0) << 32};
            put(w, f, sizeof(f));
        }
    }
}

/* Closes a finished file: checksum and end mark, fsync, and the rename
 * that makes it the generation at `path`. Returns 0 or an errno value. */
static int finish(writer_t *w, const char *tmp, const char *path) {
    uint64_t sum = XXH3_64bits_digest(w->h);
    XXH3_freeState(w->h);
    w->h = NULL;
    put_u64(w, sum);
    put(w, MAGIC_END, 8);
    if (w->err == 0 && fsync(w->fd) < 0)
        w->err = errno;
    if (close(w->fd) < 0 && w->err == 0)
        w->err = errno;
    if (w->err == 0 && rename(tmp, path) < 0)
        w->err = errno;
    return w->err;
}

/* Keeps the newest `keep` generations in dir. */
static void prune(const char *dir, int keep) {
    uint64_t *gens;
    int n = tps__ckpt_list(dir, &gens, 0);
    for (int i = keep; i < n; i++) {
        char old[4096];
        tps__ckpt_path(old, sizeof(old), dir, gens[i]);
        unlink(old);
    }
    free(gens);
}

/* Writes generation `gen` of the server's state into dir, atomically, and
 * keeps only the newest `keep` generations. Runs in the forked child or, at
 * exit, in the server itself: it reads the state and changes nothing. */
int tps__ckpt_write(const tps__server_t *s, const char *dir, uint64_t gen,
                      int keep, char *err, size_t errlen) {
    char *meta = meta_json(s, gen);
    if (meta == NULL) {
        snprintf(err, errlen, "out of memory for the checkpoint's metadata");
        return TPS_ENOMEM;
    }
    /* A file that cannot fit is refused before a byte is written: a full
     * disk would otherwise find out near the end of a long write. */
    size_t mlen = strlen(meta);
    uint64_t total = HEADER_LEN + mlen + data_bytes(s) + TRAILER_LEN;
    struct statvfs vfs;
    if (statvfs(dir, &vfs) == 0 &&
        (uint64_t)vfs.f_bavail * vfs.f_frsize < total) {
        snprintf(err, errlen,
                 "a checkpoint of %.1f MB does not fit: %s has %.1f MB free",
                 (double)total / 1e6, dir,
                 (double)vfs.f_bavail * (double)vfs.f_frsize / 1e6);
        free(meta);
        return TPS_EIO;
    }
    char tmp[4096], path[4096];
    snprintf(tmp, sizeof(tmp), "%s/.gen-%016" PRIu64 ".%ld.tmp", dir, gen,
             (long)getpid());
    tps__ckpt_path(path, sizeof(path), dir, gen);
    writer_t w = {.fd =
                      open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600),
                  .h = XXH3_createState()};
    if (w.fd < 0 || w.h == NULL || XXH3_64bits_reset(w.h) != XXH_OK) {
        snprintf(err, errlen, "cannot create %s: %s", tmp,
                 w.fd < 0 ? strerror(errno) : "out of memory");
        if (w.fd >= 0) {
            close(w.fd);
            unlink(tmp);
        }
        XXH3_freeState(w.h);
        free(meta);
        return TPS_EIO;
    }
    put(&w, MAGIC, 8);
    put_u32(&w, FORMAT);
    put_u32(&w, BOM);
    put_u64(&w, mlen);
    put_u64(&w, data_bytes(s));
    put(&w, meta, mlen);
    free(meta);
    put_data(&w, s);
    if (finish(&w, tmp, path) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(w.err));
        unlink(tmp);
        return TPS_EIO;
    }
    if (fsync_dir(dir) < 0) {
        snprintf(err, errlen, "cannot sync the directory %s: %s", dir,
                 strerror(errno));
        return TPS_EIO;
    }
    prune(dir, keep);
    return 0;
}

/* --- reading ----------------------------------------------------------------
 */

typedef struct reader_s {
    FILE *f;
    XXH3_state_t *h;
    int short_read;
    uint32_t format; /* of the file, once its header is read */
} reader_t;

static int get(reader_t *r, void *p, size_t n) {
    uint8_t *b = p;
    while (n > 0) {
        size_t k = n < IO_CHUNK ? n : IO_CHUNK;
        if (fread(b, 1, k, r->f) != k) {
            r->short_read = 1;
            return -1;
        }
        XXH3_64bits_update(r->h, b, k);
        b += k;
        n -= k;
    }
    return 0;
}

/* Reads the trailer after everything the sum covers has gone through get():
 * 0 when the file is whole, else -1 with why set. */
static int check_trailer(reader_t *r, char *why, size_t len) {
    uint64_t want = XXH3_64bits_digest(r->h), sum;
    char end[8];
    if (get(r, &sum, 8) < 0 || get(r, end, 8) < 0 ||
        memcmp(end, MAGIC_END, 8) != 0) {
        snprintf(why, len, "its trailer is missing (truncated)");
        return -1;
    }
    if (sum != want) {
        snprintf(why, len, "its checksum is %016" PRIx64 ", its contents give "
                 "%016" PRIx64 " (corrupt)", sum, want);
        return -1;
    }
    return 0;
}

/* Sums the next n bytes without keeping them: 0, or -1 with why set. */
static int skip_data(reader_t *r, uint64_t n, char *why, size_t len) {
    uint8_t *buf = malloc(IO_CHUNK);
    if (buf == NULL) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    int rc = 0;
    while (rc == 0 && n > 0) {
        size_t k = n < IO_CHUNK ? (size_t)n : IO_CHUNK;
        rc = get(r, buf, k);
        n -= k;
    }
    free(buf);
    if (rc < 0)
        snprintf(why, len, "it ends early (truncated)");
    return rc;
}

void tps__ckpt_loaded_free(loaded_t *L, int workers) {
    if (L->shard_ok)
        tps__shard_free(&L->shard);
    free(L->clock);
    free(L->joined);
    free(L->live);
    for (int r = 0; L->dedup && r < workers; r++)
        tps__dedup_free(&L->dedup[r]);
    free(L->dedup);
    memset(L, 0, sizeof(*L));
}


static int json_u64(json_t *o, const char *key, uint64_t *out) {
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0)
        return -1;
    *out = (uint64_t)json_integer_value(v);
    return 0;
}

/* Checks the file's shape against this server; LOAD_FOREIGN with both
 * named in why when it belongs elsewhere. */
static int check_shape(const tps__server_t *s, json_t *m, char *why,
                       size_t len) {
    uint64_t shard, shards, workers, kind;
    const char *mode = json_string_value(json_object_get(m, "mode"));
    if (json_u64(m, "shard", &shard) || json_u64(m, "shards", &shards) ||
        json_u64(m, "workers", &workers) ||
        json_u64(m, "optimizer_kind", &kind) || mode == NULL) {
        snprintf(why, len, "its metadata lacks the cluster's shape");
        return LOAD_BAD;
    }
    const tps__shard_t *sh = &s->shard;
    if (shard != sh->index || shards != sh->nshards ||
        workers != (uint64_t)s->cfg.workers) {
        snprintf(
            why, len,
            "it holds shard %" PRIu64 " of %" PRIu64 " shards with %" PRIu64
            " workers, but this is shard %u of %u with %d workers",
            shard, shards, workers, sh->index, sh->nshards, s->cfg.workers);
        return LOAD_FOREIGN;
    }
    if (tps__mode_find(mode) != s->cfg.cons.mode ||
        kind != (uint64_t)sh->optim.kind) {
        char opt[256];
        tps__optim_describe(&sh->optim, opt, sizeof(opt));
        snprintf(why, len,
                 "it was written in mode %s by optimizer \"%s\", but this "
                 "shard runs mode %s with \"%s\"",
                 mode, json_string_value(json_object_get(m, "optimizer")),
                 s->cfg.cons.mode->name, opt);
        return LOAD_FOREIGN;
    }
    return LOAD_OK;
}

/* A table and its rows (records as put_rows writes them). */
static int load_table(const tps__server_t *s, json_t *o, reader_t *rd,
                      loaded_t *L, char *why, size_t len) {
    const char *name = json_string_value(json_object_get(o, "name"));
    const char *seed_text = json_string_value(json_object_get(o, "seed"));
    json_t *scale = json_object_get(o, "scale");
    uint64_t dim, init, rows;
    if (name == NULL || seed_text == NULL || !json_is_number(scale) ||
        json_u64(o, "dim", &dim) || json_u64(o, "init", &init) ||
        json_u64(o, "rows", &rows) || dim == 0 || dim > TPS__TABLE_MAX_DIM) {
        snprintf(why, len, "a table's declaration is incomplete");
        return LOAD_BAD;
    }
    char err[256];
    int id = tps__shard_declare_table(
        &L->shard, name, (uint32_t)dim, (int)init,
        (float)json_number_value(scale), strtoull(seed_text, NULL, 10),
        (uint32_t)s->cfg.row_admit, err, sizeof(err));
    if (id < 0) {
        snprintf(why, len, "%s", err);
        return LOAD_BAD;
    }
    tps__tensor_t *t = &L->shard.tensors[id];
    int slots = tps__optim_slots(&s->shard.optim);
    size_t rec = (size_t)row_record(t, slots), d = (size_t)dim;
    float *buf = malloc(rec);
    int rc = buf ? LOAD_OK : LOAD_BAD;
    if (buf == NULL)
        snprintf(why, len, "out of memory");
    for (uint64_t r = 0; r < rows && rc == LOAD_OK; r++) {
        uint64_t head[2];
        if (get(rd, head, 16) < 0 || get(rd, buf, rec - 16) < 0) {
            snprintf(why, len, "it ends early (truncated)");
            rc = LOAD_BAD;
        } else if (tps__table_insert(t->table, name, head[0], buf,
                                     slots ? buf + d : NULL, head[1],
                                     &L->shard.bytes, s->shard.max_bytes, err,
                                     sizeof(err)) < 0) {
            snprintf(why, len, "%s", err);
            rc = LOAD_BAD;
        }
    }
    free(buf);
    return rc;
}

/* A tensor's assign record (assign_json), if the file has one: 0, or -1
 * when it is there but incomplete. */
static int load_assign(tps__tensor_t *t, json_t *a) {
    if (a == NULL)
        return 0;
    uint64_t rank, next;
    const char *session = json_string_value(json_object_get(a, "session"));
    const char *request = json_string_value(json_object_get(a, "request"));
    if (session == NULL || request == NULL || json_u64(a, "rank", &rank) ||
        json_u64(a, "next", &next))
        return -1;
    t->assigned = 1;
    t->assign_rank = (int)rank;
    t->assign_session = strtoull(session, NULL, 10);
    t->assign_request = strtoull(request, NULL, 10);
    t->assign_next = next;
    return 0;
}

static int load_tensors(const tps__server_t *s, json_t *m, reader_t *rd,
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
        const char *kind = json_string_value(json_object_get(o, "kind"));
        if (kind != NULL && strcmp(kind, "table") == 0) {
            if (load_table(s, o, rd, L, why, len) != LOAD_OK)
                return LOAD_BAD;
            continue;
        }
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
        tps__tensor_t *t = &L->shard.tensors[id];
        if (t->lo != lo || t->hi != hi) {
            snprintf(why, len, "tensor \"%s\": its slice is [%" PRIu64
                     ", %" PRIu64 "), this shard's would be [%" PRIu64
                     ", %" PRIu64 ")", name, lo, hi, t->lo, t->hi);
            return LOAD_BAD;
        }
        t->version = version;
        t->pmax = -1;
        if (load_assign(t, json_object_get(o, "assign")) < 0) {
            snprintf(why, len, "tensor \"%s\": its assign record is "
                     "incomplete", name);
            return LOAD_BAD;
        }
        json_t *shape = json_object_get(o, "shape");
        uint64_t dims[TPS__MAX_DIMS];
        size_t nd = json_array_size(shape);
        for (size_t k = 0; k < nd && k < TPS__MAX_DIMS; k++)
            dims[k] = (uint64_t)json_integer_value(json_array_get(shape, k));
        if (tps__shard_shape(t, (uint32_t)nd, dims, err, sizeof(err)) < 0) {
            snprintf(why, len, "%s", err);
            return LOAD_BAD;
        }
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

static int load_dedup(const tps__server_t *s, reader_t *rd, loaded_t *L,
                      char *why, size_t len) {
    for (int r = 0; r < s->cfg.workers; r++) {
        tps__dedup_t *d = &L->dedup[r];
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
            uint64_t f[DEDUP_FIELDS] = {0};
            size_t nf = rd->format == 1 ? DEDUP_FIELDS_V1 : DEDUP_FIELDS;
            if (get(rd, f, nf * sizeof(uint64_t)) < 0) {
                snprintf(why, len, "it ends early (truncated)");
                return LOAD_BAD;
            }
            uint32_t wbits = (uint32_t)f[6];
            tps__push_answer_t a = {.request_id = f[0], .offset = f[1],
                                   .tensor_id = (uint32_t)f[2], .count = f[3],
                                   .version = f[4], .staleness = f[5],
                                   .dropped = (int)f[7],
                                   .rows_frame = (int)(f[10] >> 32),
                                   .rows = {(uint32_t)f[8],
                                            (uint32_t)(f[8] >> 32),
                                            (uint32_t)f[9],
                                            (uint32_t)(f[9] >> 32),
                                            (uint32_t)f[10]}};
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

static int load_members(const tps__server_t *s, json_t *m, loaded_t *L,
                        char *why, size_t len) {
    json_t *mem = json_object_get(m, "members");
    json_t *clock = json_object_get(mem, "clock");
    int n = s->cfg.workers;
    if (!json_is_array(clock) || json_array_size(clock) != (size_t)n) {
        snprintf(why, len, "its membership does not list %d workers", n);
        return LOAD_BAD;
    }
    for (int r = 0; r < n; r++)
        L->clock[r] =
            (uint64_t)json_integer_value(json_array_get(clock, (size_t)r));
    /* Generations written before membership was kept say only the clocks:
     * every rank is then taken as joined and live (awaited). */
    json_t *joined = json_object_get(mem, "joined");
    json_t *live = json_object_get(mem, "live");
    if (joined == NULL && live == NULL)
        return LOAD_OK;
    if (!json_is_array(joined) || json_array_size(joined) != (size_t)n ||
        !json_is_array(live) || json_array_size(live) != (size_t)n) {
        snprintf(why, len, "its membership does not list %d workers", n);
        return LOAD_BAD;
    }
    L->joined = calloc((size_t)n, 1);
    L->live = calloc((size_t)n, 1);
    if (L->joined == NULL || L->live == NULL) {
        snprintf(why, len, "out of memory");
        return LOAD_BAD;
    }
    for (int r = 0; r < n; r++) {
        L->joined[r] =
            json_integer_value(json_array_get(joined, (size_t)r)) != 0;
        L->live[r] = json_integer_value(json_array_get(live, (size_t)r)) != 0;
    }
    return LOAD_OK;
}

/* The fixed header: magic, format, byte order, and lengths that add up
 * to the file's size. Returns 0, or -1 with why set. */
static int read_header(reader_t *rd, uint64_t *mlen, uint64_t *dlen,
                       char *why, size_t len) {
    struct stat stt;
    char magic[8];
    uint32_t format = 0, bom = 0;
    if (fstat(fileno(rd->f), &stt) < 0 || get(rd, magic, 8) < 0 ||
        memcmp(magic, MAGIC, 8) != 0) {
        snprintf(why, len, "it is not a taups checkpoint (no magic)");
        return -1;
    }
    if (get(rd, &format, 4) < 0 || get(rd, &bom, 4) < 0 ||
        get(rd, mlen, 8) < 0 || get(rd, dlen, 8) < 0 ||
        (format != FORMAT && format != 1) || bom != BOM) {
        snprintf(why, len, "format %u (byte order mark %08x) is not format %d "
                 "(or 1) of this host", format, bom, FORMAT);
        return -1;
    }
    rd->format = format;
    if (*mlen > (1u << 30) ||
        (uint64_t)stt.st_size != HEADER_LEN + *mlen + *dlen + TRAILER_LEN) {
        snprintf(why, len,
                 "it is %lld bytes, its header says %" PRIu64
                 " (truncated or overwritten)",
                 (long long)stt.st_size,
                 HEADER_LEN + *mlen + *dlen + TRAILER_LEN);
        return -1;
    }
    return 0;
}

/* The metadata: mlen bytes of JSON. NULL with why set when unreadable. */
static json_t *read_meta(reader_t *rd, uint64_t mlen, char *why,
                         size_t len) {
    char *meta = malloc(mlen + 1);
    if (meta == NULL || get(rd, meta, mlen) < 0) {
        snprintf(why, len, "cannot read its metadata");
        free(meta);
        return NULL;
    }
    meta[mlen] = '\0';
    json_error_t jerr;
    json_t *m = json_loads(meta, 0, &jerr);
    free(meta);
    if (m == NULL)
        snprintf(why, len, "its metadata is not JSON: %s", jerr.text);
    return m;
}

/* The shard's counters as the metadata kept them. */
static void load_stats(json_t *m, loaded_t *L) {
    json_t *st = json_object_get(m, "stats");
    tps__shard_stats_t *ls = &L->shard.st;
    json_u64(st, "pushes", &ls->pushes);
    json_u64(st, "push_frames", &ls->push_frames);
    json_u64(st, "steps", &ls->steps);
    json_u64(st, "dropped", &ls->dropped);
    json_u64(st, "pulls", &ls->pulls);
    json_u64(st, "refused", &ls->refused);
    json_u64(st, "applied_frames", &ls->applied_frames);
    json_u64(st, "dropped_frames", &ls->dropped_frames);
    json_u64(st, "duplicates", &ls->duplicates);
}

/* The state of a file whose shape is this server's: a shard like this
 * one's, membership, tensors, dedup windows and counters. */
static int load_state(const tps__server_t *s, json_t *m, reader_t *rd,
                      loaded_t *L, char *why, size_t len) {
    int n = s->cfg.workers;
    const tps__shard_t *sh = &s->shard;
    if (tps__shard_init(&L->shard, sh->index, sh->nshards, sh->max_tensors,
                        sh->max_elements, &sh->optim) < 0) {
        snprintf(why, len, "out of memory");
        return LOAD_BAD;
    }
    L->shard_ok = 1;
    if (sh->aggregate)
        tps__shard_set_aggregate(&L->shard, sh->workers);
    L->shard.dc_workers = sh->dc_workers;
    L->clock = calloc((size_t)n, sizeof(*L->clock));
    L->dedup = calloc((size_t)n, sizeof(*L->dedup));
    if (L->clock == NULL || L->dedup == NULL) {
        snprintf(why, len, "out of memory");
        return LOAD_BAD;
    }
    if (json_u64(m, "step", &L->step) ||
        json_u64(m, "generation", &L->generation) ||
        load_members(s, m, L, why, len) != LOAD_OK ||
        load_tensors(s, m, rd, L, why, len) != LOAD_OK ||
        load_dedup(s, rd, L, why, len) != LOAD_OK) {
        if (!why[0])
            snprintf(why, len, "its metadata is incomplete");
        return LOAD_BAD;
    }
    L->written = json_integer_value(json_object_get(m, "written"));
    load_stats(m, L);
    return LOAD_OK;
}

/* Loads one file into L. */
int tps__ckpt_load(const tps__server_t *s, const char *path, loaded_t *L,
                     char *why, size_t len) {
    memset(L, 0, sizeof(*L));
    reader_t rd = {.f = fopen(path, "rb"), .h = XXH3_createState()};
    if (rd.h == NULL || XXH3_64bits_reset(rd.h) != XXH_OK) {
        snprintf(why, len, "out of memory");
        if (rd.f)
            fclose(rd.f);
        XXH3_freeState(rd.h);
        return LOAD_BAD;
    }
    if (rd.f == NULL) {
        snprintf(why, len, "cannot open it: %s", strerror(errno));
        XXH3_freeState(rd.h);
        return LOAD_BAD;
    }
    uint64_t mlen = 0, dlen = 0;
    int rc = LOAD_BAD;
    json_t *m = NULL;
    if (read_header(&rd, &mlen, &dlen, why, len) < 0 ||
        (m = read_meta(&rd, mlen, why, len)) == NULL)
        goto out;
    if ((rc = check_shape(s, m, why, len)) != LOAD_OK) {
        /* A flipped bit in the metadata can make our own file look like
         * another shard's: only an intact file may refuse the start, a
         * damaged one is skipped like any other. The extra pass over the
         * data happens only on this path. */
        if (rc == LOAD_FOREIGN && (skip_data(&rd, dlen, why, len) < 0 ||
                                   check_trailer(&rd, why, len) < 0))
            rc = LOAD_BAD;
        goto out;
    }
    rc = load_state(s, m, &rd, L, why, len);
    if (rc == LOAD_OK && check_trailer(&rd, why, len) < 0)
        rc = LOAD_BAD;
out:
    if (rc != LOAD_OK && rd.short_read && !why[0])
        snprintf(why, len, "it ends early (truncated)");
    json_decref(m);
    fclose(rd.f);
    XXH3_freeState(rd.h);
    if (rc != LOAD_OK)
        tps__ckpt_loaded_free(L, s->cfg.workers);
    return rc;
}

int tps__ckpt_shape(const char *path, tps__ckpt_shape_t *shape, char *why,
                    size_t len) {
    memset(shape, 0, sizeof(*shape));
    reader_t rd = {.f = fopen(path, "rb"), .h = XXH3_createState()};
    uint64_t mlen, dlen, v[6] = {0};
    json_t *m = NULL;
    int rc = -1;
    if (rd.f == NULL || rd.h == NULL || XXH3_64bits_reset(rd.h) != XXH_OK)
        snprintf(why, len, "cannot open it: %s",
                 rd.f ? "out of memory" : strerror(errno));
    else if (read_header(&rd, &mlen, &dlen, why, len) == 0 &&
             (m = read_meta(&rd, mlen, why, len)) != NULL) {
        const char *mode = json_string_value(json_object_get(m, "mode"));
        rc = json_u64(m, "shard", &v[0]) || json_u64(m, "shards", &v[1]) ||
                     json_u64(m, "workers", &v[2]) ||
                     json_u64(m, "optimizer_kind", &v[3]) ||
                     json_u64(m, "aggregate", &v[4]) || mode == NULL ||
                     strlen(mode) >= sizeof(shape->mode)
                 ? -1
                 : 0;
        if (rc < 0)
            snprintf(why, len, "its metadata lacks the cluster's shape");
        else
            snprintf(shape->mode, sizeof(shape->mode), "%s", mode);
        const char *opt = json_string_value(json_object_get(m, "optimizer"));
        snprintf(shape->optimizer, sizeof(shape->optimizer), "%s",
                 opt ? opt : "");
        v[5] = json_array_size(json_object_get(m, "tensors"));
    }
    shape->shard = (uint32_t)v[0];
    shape->shards = (uint32_t)v[1];
    shape->workers = (int)v[2];
    shape->optimizer_kind = (int)v[3];
    shape->aggregate = v[4] != 0;
    shape->tensors = (int)v[5];
    json_decref(m);
    if (rd.f)
        fclose(rd.f);
    XXH3_freeState(rd.h);
    return rc;
}
