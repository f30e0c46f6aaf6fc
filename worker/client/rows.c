/* SPDX-License-Identifier: MIT */
/* Tables (docs/design.md §2b), libtaups' side (client_internal.h): the row
 * calls, each made into a job on the caller's thread (the ids unique and
 * sorted, grouped by shard, split into frames within chunk_bytes, a push's
 * duplicate rows summed and its read versions looked up, every payload
 * built once), the frames sent and the replies taken in, and the version
 * each row had at this client's last pull of it, which a later push of the
 * row carries. Each frame is a request of its own: rows have no two-phase
 * push, and a row's fate is its shard's.
 *
 * A shard answers one connection's frames in order, so a reply belongs to
 * the oldest frame of its ticket the shard still owes (c->owed counts them);
 * a reconnection resends exactly those. It must not touch the dense
 * tensors' slicing (wire.c) nor decide consistency questions (policy.c). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"
#include "tps_codec.h"
#include "tps_float.h"
#include "tps_ids.h"
#include "tps_rng.h"

/* The version map's largest size (slots): past half of it the map starts
 * afresh, the rows it forgets being "not known" until pulled again. */
#define VMAP_MAX_SLOTS ((size_t)1 << 22)

/* --- the version map ----------------------------------------------------- */

typedef struct tps__vent_s vent_t;

/* How far ahead a pass over a call's ids prefetches their entries: enough
 * misses in flight to cover a memory round trip. */
#define VMAP_AHEAD 12

static size_t vmap_home(size_t cap, uint64_t id) {
    return (size_t)tps__mix64(id) & (cap - 1);
}

static size_t vmap_find(const vent_t *m, size_t cap, uint64_t id) {
    size_t k = vmap_home(cap, id);
    while (m[k].ver != 0 && m[k].id != id)
        k = (k + 1) & (cap - 1);
    return k;
}

/* The entry of the id VMAP_AHEAD places ahead in a pass, prefetched. A
 * macro: GCC judges a function that only prefetches free of effects and
 * drops its calls. */
#define VMAP_AHEAD_FETCH(m, cap, ids, u, n)                                    \
    do {                                                                       \
        if ((u) + VMAP_AHEAD < (n))                                            \
            __builtin_prefetch(&(m)[vmap_home(cap, (ids)[(u) + VMAP_AHEAD])]); \
    } while (0)

/* Each unique id's entry: version + 1, or 0 when not known (mu). */
static void vmap_lookup(const tps__tensor_t *ts, const uint64_t *uniq,
                        size_t n, uint64_t *vers) {
    if (ts->vmap_cap == 0) {
        memset(vers, 0, n * sizeof(uint64_t));
        return;
    }
    for (size_t u = 0; u < n; u++) {
        VMAP_AHEAD_FETCH(ts->vmap, ts->vmap_cap, uniq, u, n);
        vers[u] = ts->vmap[vmap_find(ts->vmap, ts->vmap_cap, uniq[u])].ver;
    }
}

/* Room for `more` entries below half full: doubled (rehashed), or emptied
 * once at its largest. Returns 0 or TPS_ENOMEM, the map unchanged then. */
static int vmap_room(tps__tensor_t *ts, size_t more) {
    if (2 * (ts->vmap_n + more) <= ts->vmap_cap)
        return 0;
    size_t cap = ts->vmap_cap ? ts->vmap_cap : 1024;
    while (2 * (ts->vmap_n + more) > cap && cap < VMAP_MAX_SLOTS)
        cap *= 2;
    if (2 * (ts->vmap_n + more) > cap) {
        ts->vmap_n = 0; /* forgets everything: versions are a hint */
        if (cap == ts->vmap_cap) {
            memset(ts->vmap, 0, cap * sizeof(vent_t));
            return 0;
        }
    }
    vent_t *m = calloc(cap, sizeof(vent_t));
    if (m == NULL)
        return TPS_ENOMEM;
    for (size_t k = 0; ts->vmap_n && k < ts->vmap_cap; k++)
        if (ts->vmap[k].ver)
            m[vmap_find(m, cap, ts->vmap[k].id)] = ts->vmap[k];
    free(ts->vmap);
    ts->vmap = m;
    ts->vmap_cap = cap;
    return 0;
}

/* A completed pull's versions become the rows' read versions (mu). */
static void vmap_merge(tps__tensor_t *ts, const tps__rowjob_t *job) {
    if (job->no_versions || vmap_room(ts, job->nu) < 0)
        return;
    vent_t *m = ts->vmap;
    size_t cap = ts->vmap_cap;
    for (size_t u = 0; u < job->nu && 2 * (ts->vmap_n + 1) <= cap; u++) {
        VMAP_AHEAD_FETCH(m, cap, job->uniq, u, job->nu);
        size_t k = vmap_find(m, cap, job->uniq[u]);
        ts->vmap_n += m[k].ver == 0;
        m[k].id = job->uniq[u];
        m[k].ver = job->vers[u] + 1;
    }
}

/* The table's completed pull whose versions wait, merged now (mu): before
 * a push looks versions up, and by the caller's next call once its
 * request is out, while the shards answer it. A pull's completion only
 * hands its job over, so the merge (a cache miss an id in a large map)
 * is not on the pull's critical path. */
static void vmap_settle(tps_client_t *c, tps__tensor_t *ts) {
    tps__rowjob_t *job = ts->vmap_due;
    if (job == NULL)
        return;
    ts->vmap_due = NULL;
    vmap_merge(ts, job);
    tps__cl_rows_put(c, job);
}

/* --- jobs ---------------------------------------------------------------- */

void tps__cl_rows_put(tps_client_t *c, tps__rowjob_t *job) {
    if (job) {
        job->next = c->row_spare;
        c->row_spare = job;
    }
}

static void job_free(tps__rowjob_t *job) {
    free(job->uniq);
    free(job->vers);
    free(job->tmp);
    free(job->pos);
    free(job->order);
    free(job->first);
    free(job->start);
    free(job->sfirst);
    free(job->vals);
    free(job->buf);
    free(job->fr);
    free(job->scratch);
    free(job->cvals);
    free(job->zbuf);
    ZSTD_freeDCtx(job->zd);
    free(job);
}

void tps__cl_rows_free(tps_client_t *c) {
    for (int i = 0; i < TPS__CL_MAX_TICKETS; i++) {
        tps__cl_rows_put(c, c->tickets[i].x.job); /* never completed */
        c->tickets[i].x.job = NULL;
    }
    for (int i = 0; i < c->ntensors; i++) {
        tps__cl_rows_put(c, c->tensors[i].vmap_due);
        c->tensors[i].vmap_due = NULL;
    }
    while (c->row_spare) {
        tps__rowjob_t *job = c->row_spare;
        c->row_spare = job->next;
        job_free(job);
    }
    for (int i = 0; i < c->ntensors; i++)
        free(c->tensors[i].vmap);
}

/* Grows the job's arrays to room for n ids and nvals values (contents not
 * kept); a job of the same size or smaller allocates nothing. */
static int job_room(tps__rowjob_t *job, size_t n, size_t S, size_t nvals,
                    size_t bytes) {
    if (n > job->cap_n) {
        free(job->uniq);
        free(job->vers);
        free(job->tmp);
        free(job->pos);
        free(job->order);
        free(job->first);
        job->uniq = malloc(n * sizeof(uint64_t));
        job->vers = malloc(n * sizeof(uint64_t));
        job->tmp = malloc(n * sizeof(uint64_t));
        job->pos = malloc(n * sizeof(uint32_t));
        job->order = malloc(n * sizeof(uint32_t));
        job->first = malloc(n * sizeof(uint32_t));
        job->cap_n = job->uniq && job->vers && job->tmp && job->pos &&
                             job->order && job->first
                         ? n
                         : 0;
        if (job->cap_n == 0)
            return TPS_ENOMEM;
    }
    if (job->start == NULL) {
        job->start = malloc((S + 1) * sizeof(size_t));
        job->sfirst = malloc((S + 1) * sizeof(size_t));
        if (job->start == NULL || job->sfirst == NULL)
            return TPS_ENOMEM;
    }
    if (nvals > job->cap_vals) {
        free(job->vals);
        job->cap_vals = (job->vals = malloc(nvals * sizeof(float))) ? nvals : 0;
        if (job->vals == NULL)
            return TPS_ENOMEM;
    }
    if (bytes > job->cap_buf) {
        free(job->buf);
        job->cap_buf = (job->buf = malloc(bytes)) ? bytes : 0;
        if (job->buf == NULL)
            return TPS_ENOMEM;
    }
    return 0;
}

/* A job from the pool, or a new one, with room for n ids, a push's rows
 * taking `room` bytes each. */
static tps__rowjob_t *job_take(tps_client_t *c, size_t n, uint32_t dim,
                               size_t room, int push) {
    uv_mutex_lock(&c->mu);
    tps__rowjob_t *job = c->row_spare;
    if (job)
        c->row_spare = job->next;
    uv_mutex_unlock(&c->mu);
    if (job == NULL && (job = calloc(1, sizeof(*job))) == NULL)
        return NULL;
    size_t bytes = n * (push ? room : 10u);
    /* A pull's rows go straight to the caller's buffer: only a push sums
     * its rows somewhere first. */
    if (job_room(job, n, (size_t)c->nshards, push ? n * dim : 0, bytes) == 0)
        return job;
    uv_mutex_lock(&c->mu);
    tps__cl_rows_put(c, job);
    uv_mutex_unlock(&c->mu);
    return NULL;
}

/* A block of a fixed length between pointers that cannot overlap: what
 * -O2 vectorises. */
static void add8(float *restrict dst, const float *restrict src) {
    for (int k = 0; k < 8; k++)
        dst[k] += src[k];
}

/* A push's rows summed by unique id, in float, in the call's order; and
 * the L2 norm of that gradient, the one the shards apply, for their
 * clipping. */
static void sum_rows(tps__rowjob_t *job, const float *grads) {
    size_t d = job->dim;
    for (size_t i = 0; i < job->n; i++) {
        float *row = job->vals + (size_t)job->pos[i] * d;
        const float *g = grads + i * d;
        if (job->first[job->pos[i]] == i) {
            tps__row_copy(row, g, d);
            continue;
        }
        size_t j = 0;
        for (; j + 8 <= d; j += 8)
            add8(row + j, g + j);
        for (; j < d; j++)
            row[j] += g[j];
    }
    job->norm = sqrt(tps__sum_squares(job->vals, (uint64_t)job->nu * d));
}

/* Splits each shard's rows into frames of at most `per` rows. */
static int plan_frames(tps_client_t *c, tps__rowjob_t *job, size_t per) {
    size_t nfr = 0;
    for (int s = 0; s < c->nshards; s++)
        nfr += (job->start[s + 1] - job->start[s] + per - 1) / per;
    if (nfr > job->cap_fr) {
        free(job->fr);
        job->cap_fr = (job->fr = malloc(nfr * sizeof(*job->fr))) ? nfr : 0;
        if (job->fr == NULL)
            return TPS_ENOMEM;
    }
    size_t f = 0;
    for (int s = 0; s < c->nshards; s++) {
        job->sfirst[s] = f;
        for (size_t a = job->start[s]; a < job->start[s + 1]; a += per, f++) {
            tps__rowframe_t *fr = &job->fr[f];
            fr->shard = s;
            fr->first = a;
            fr->count =
                job->start[s + 1] - a < per ? job->start[s + 1] - a : per;
        }
    }
    job->sfirst[c->nshards] = f;
    job->nfr = nfr;
    return 0;
}

/* Each frame's payload: its ids, and for a push the read versions and the
 * gradients. A frame's ids ascend: order keeps unique indices ascending
 * within a shard, and uniq is sorted. */
static void build_payloads(tps__rowjob_t *job) {
    size_t at = 0, d = job->dim;
    for (size_t f = 0; f < job->nfr; f++) {
        tps__rowframe_t *fr = &job->fr[f];
        const uint32_t *o = job->order + fr->first;
        fr->pos = at;
        for (size_t k = 0; k < fr->count; k++)
            job->tmp[k] = job->uniq[o[k]];
        fr->ids_len = tps__ids_encode(job->tmp, fr->count, job->buf + at);
        at += fr->ids_len;
        fr->vers_len = 0;
        if (job->push) {
            for (size_t k = 0; k < fr->count; k++)
                job->tmp[k] = job->vers[o[k]];
            fr->vers_len =
                tps__varints_encode(job->tmp, fr->count, job->buf + at);
            at += fr->vers_len;
            if (job->codec.kind != TPS_CODEC_NONE)
                at += tps__cl_rows_encode(job, fr, job->buf + at);
            else
                for (size_t k = 0; k < fr->count; k++, at += 4 * d)
                    tps__row_copy(job->buf + at, job->vals + (size_t)o[k] * d,
                                  d);
        }
        fr->len = at - fr->pos;
    }
}

/* A push whose values the codec refused (out of its range, or no memory):
 * nothing is sent. */
static int rows_unencoded(tps_client_t *c, tps__rowjob_t *job) {
    int rc = job->err;
    char spec[64];
    tps__codec_describe(&job->codec, spec, sizeof(spec));
    uv_mutex_lock(&c->mu);
    tps__cl_errorf_locked(c,
                          "table \"%s\": cannot encode a push of rows "
                          "with %s: %s; not pushed",
                          c->tensors[job->table].name, spec, tps_strerror(rc));
    tps__cl_rows_put(c, job);
    uv_mutex_unlock(&c->mu);
    return rc;
}

int tps__cl_rows_prepare(tps_client_t *c, int table, int push, size_t n,
                         const uint64_t *ids, const float *grads, float *out,
                         uint64_t *vers_out, tps__rowjob_t **jobp) {
    tps__tensor_t *ts = &c->tensors[table];
    /* The frame split keeps a push's and a pull reply's payload within
     * chunk_bytes, each row taking `room`. */
    tps__codec_t codec;
    size_t room = tps__cl_rows_codec(c, push, ts->dim, &codec);
    tps__rowjob_t *job = job_take(c, n, ts->dim, room, push);
    int rc = job ? 0 : TPS_ENOMEM;
    if (rc == 0) {
        job->push = push;
        job->table = table;
        job->dim = ts->dim;
        job->n = n;
        job->out = out;
        job->vers_out = push ? NULL : vers_out;
        job->no_versions = 0;
        memset(&job->info, 0, sizeof(job->info));
        job->norm = 0; /* a pooled job keeps its last push's */
        tps__cl_rows_wire_init(c, job, &codec);
        job->nu = tps__ids_unique(ids, n, job->uniq, job->pos, &job->scratch,
                                  &job->scratch_cap);
        rc = job->nu == (size_t)-1 ? TPS_ENOMEM : 0;
    }
    size_t chunk = (size_t)c->chunk_elems * sizeof(float);
    size_t per = chunk / room ? chunk / room : 1;
    if (rc == 0) {
        tps__ids_by_shard(job->uniq, job->nu, (uint32_t)c->nshards, job->order,
                          job->start);
        rc = plan_frames(c, job, per);
    }
    for (size_t i = n; rc == 0 && i-- > 0;)
        job->first[job->pos[i]] = (uint32_t)i;
    if (rc == 0 && push)
        sum_rows(job, grads);
    uv_mutex_lock(&c->mu);
    if (rc == 0 && push && vers_out == NULL) {
        vmap_settle(c, ts);
        vmap_lookup(ts, job->uniq, job->nu, job->vers);
    }
    for (size_t u = 0; rc == 0 && push && vers_out && u < job->nu; u++)
        job->vers[u] = vers_out[job->first[u]] + 1;
    if (rc < 0) {
        tps__cl_errorf_locked(c,
                              "table \"%s\": no memory for a call of %zu "
                              "rows",
                              ts->name, n);
        tps__cl_rows_put(c, job);
    }
    uv_mutex_unlock(&c->mu);
    if (rc < 0)
        return rc;
    build_payloads(job);
    if (push && job->zstd && job->err == 0)
        tps__cl_rows_squeeze(c, job);
    if (job->err < 0)
        return rows_unencoded(c, job);
    *jobp = job;
    return (int)job->nfr;
}

/* --- frames -------------------------------------------------------------- */

void tps__cl_rows_issue(tps_client_t *c, tps__ticket_t *t, Taups__Header *h,
                        int only, int resend) {
    tps__rowjob_t *job = t->x.job;
    const tps__tensor_t *ts = &c->tensors[t->tensor];
    Taups__Rows rows = TAUPS__ROWS__INIT;
    h->op = job->push ? TAUPS__OP__PUSH_ROWS : TAUPS__OP__PULL_ROWS;
    h->clock = (uint64_t)t->x.clock;
    h->samples = job->push ? t->x.samples : 0;
    h->grad_norm = t->grad_norm;
    h->rows = &rows;
    /* A pull always asks for the versions: they are what a later push of
     * the rows says it read. */
    rows.versions = !job->push;
    for (int s = 0; s < c->nshards; s++) {
        size_t f0 = job->sfirst[s], nf = job->sfirst[s + 1] - f0;
        if (nf == 0 || (only >= 0 && s != only))
            continue;
        uint64_t *ow = tps__cl_owed(c, t, s);
        if (!resend)
            *ow = nf;
        h->tensor_id = ts->ids[s];
        /* Unanswered frames are the last ones: replies come in order. */
        for (size_t f = f0 + nf - *ow; f < f0 + nf; f++) {
            const tps__rowframe_t *fr = &job->fr[f];
            h->count = fr->count;
            h->offset = fr->first - job->start[s]; /* the frame's place */
            rows.ids_len = fr->ids_len;
            rows.versions_len = fr->vers_len;
            tps__cl_rows_header(job, fr, h);
            if (tps__cl_send_frame(c, t, s, h, job->buf + fr->pos, fr->len) < 0)
                return;
        }
    }
}

/* --- replies ------------------------------------------------------------- */

/* A pull reply's versions and rows, into the job at its frame's place. */
static int take_pull(tps__rowjob_t *job, const tps__rowframe_t *fr,
                     const Taups__Header *h, const uint8_t *payload,
                     uint64_t len, char *why, size_t whylen) {
    if (h->zstd) {
        int rc = tps__cl_rows_unzstd(job, fr, h, &payload, &len, why, whylen);
        if (rc < 0)
            return rc;
    }
    uint64_t vlen = h->rows ? h->rows->versions_len : 0;
    uint64_t vals = tps__cl_rows_value_bytes(h, (uint64_t)fr->count * job->dim);
    if (h->count != fr->count || vlen > len || len - vlen != vals) {
        snprintf(why, whylen, "%llu rows in %llu bytes, for a frame of %zu",
                 (unsigned long long)h->count, (unsigned long long)len,
                 fr->count);
        return TPS_EPROTO;
    }
    const uint32_t *o = job->order + fr->first;
    size_t used = 0;
    if (vlen == 0) {
        job->no_versions = 1;
    } else {
        int rc = tps__varints_decode(payload, (size_t)vlen, job->tmp, fr->count,
                                     &used, why, whylen);
        if (rc < 0)
            return rc;
        for (size_t k = 0; k < fr->count; k++)
            job->vers[o[k]] = job->tmp[k];
    }
    if (h->codec != 0)
        return tps__cl_rows_decode(job, fr, h, payload + vlen, len - vlen, why,
                                   whylen);
    /* Each row to its id's first place in the call; finish copies it to
     * the id's other places. */
    size_t d = job->dim, count = fr->count;
    const uint8_t *rows = payload + vlen;
    const uint32_t *first = job->first;
    float *out = job->out; /* locals, as in tps__cl_rows_finish */
    for (size_t k = 0; k < count; k++)
        tps__row_copy(out + (size_t)first[o[k]] * d, rows + k * 4 * d, d);
    return 0;
}

static void take_push(tps__rowjob_t *job, const Taups__Header *h) {
    const Taups__Rows *r = h->rows;
    if (r == NULL)
        return;
    job->info.applied += r->applied;
    job->info.stale += r->stale;
    job->info.not_admitted += r->not_admitted;
    job->info.full += r->full;
    job->info.refused += r->refused;
    if (r->max_staleness > job->info.max_staleness)
        job->info.max_staleness = r->max_staleness;
}

void tps__cl_rows_reply(tps_client_t *c, tps__cshard_t *sh, tps__ticket_t *t,
                        const Taups__Header *h, const uint8_t *payload,
                        uint64_t len) {
    tps__rowjob_t *job = t->x.job;
    int s = sh->index, push = h->op == TAUPS__OP__PUSH_ROWS_OK;
    uint64_t *ow = tps__cl_owed(c, t, s);
    size_t nf = job->sfirst[s + 1] - job->sfirst[s];
    char why[160] = "a reply to no frame";
    int rc = TPS_EPROTO;
    if (*ow > 0 && *ow <= nf && push == job->push) {
        const tps__rowframe_t *fr = &job->fr[job->sfirst[s] + nf - *ow];
        rc = 0;
        if (push)
            take_push(job, h);
        else
            rc = take_pull(job, fr, h, payload, len, why, sizeof(why));
    }
    if (rc < 0) {
        tps__cl_errorf_locked(c,
                              "shard %d at %s: bad reply for rows of "
                              "table \"%s\": %s",
                              s, sh->addr.text, c->tensors[t->tensor].name,
                              why);
        tps__cl_complete(c, t, rc);
        return;
    }
    (*ow)--;
    tps__cl_complete(c, t, 0);
}

void tps__cl_rows_finish(tps_client_t *c, tps__ticket_t *t) {
    tps__rowjob_t *job = t->x.job;
    tps__tensor_t *ts = &c->tensors[t->tensor];
    t->x.job = NULL;
    if (t->result == 0 && job->push) {
        ts->rows_info = job->info;
    } else if (t->result == 0) {
        /* Locals: the copies could alias the job's arrays, which the
         * loop would then read again after every row. */
        size_t d = job->dim, n = job->nu < job->n ? job->n : 0;
        const uint32_t *first = job->first, *pos = job->pos;
        float *out = job->out;
        for (size_t i = 0; i < n; i++) {
            uint32_t at = first[pos[i]];
            if (at != i)
                tps__row_copy(out + i * d, out + (size_t)at * d, d);
        }
        for (size_t i = 0; job->vers_out && i < job->n; i++)
            job->vers_out[i] = job->no_versions ? 0 : job->vers[job->pos[i]];
        vmap_settle(c, ts); /* an earlier pull's versions go first */
        ts->vmap_due = job;
        return;
    }
    tps__cl_rows_put(c, job);
}

/* --- the calls ----------------------------------------------------------- */

int tps_table(tps_client_t *c, const char *name, uint32_t dim, tps_init_t init,
              float scale, uint64_t seed) {
    if (dim == 0) {
        tps__cl_errorf(c, "table \"%s\": needs a dim of 1 or more",
                       name ? name : "");
        return TPS_EINVAL;
    }
    tps__decl_t d = {dim, dim, init, scale, seed, 0, NULL};
    return tps__cl_declare(c, name, &d);
}

/* Whether a row call of n ids may go to `table`; sets the message if not. */
static int rows_ok(tps_client_t *c, int table, size_t n, const void *ids,
                   const void *vals, int push) {
    uv_mutex_lock(&c->mu);
    int rc = 0;
    const char *name =
        table >= 0 && table < c->ntensors ? c->tensors[table].name : NULL;
    if (name == NULL) {
        tps__cl_errorf_locked(c, "no table with id %d", table);
        rc = TPS_ENOENT;
    } else if (c->tensors[table].dim == 0) {
        tps__cl_errorf_locked(c,
                              "tensor \"%s\" is dense: rows are for "
                              "tables (tps_table)",
                              name);
        rc = TPS_EINVAL;
    } else if (n > 0 && (ids == NULL || vals == NULL)) {
        tps__cl_errorf_locked(c,
                              "table \"%s\": %s of %zu rows without ids "
                              "or values",
                              name, push ? "push" : "pull", n);
        rc = TPS_EINVAL;
    } else if (n > INT32_MAX) {
        tps__cl_errorf_locked(c,
                              "table \"%s\": %zu rows in one call, more "
                              "than %d",
                              name, n, INT32_MAX);
        rc = TPS_E2BIG;
    } else if (c->local_steps > 0) {
        tps__cl_errorf_locked(c,
                              "table \"%s\": mode \"local\" has no row "
                              "calls",
                              name);
        rc = TPS_EINVAL;
    } else if (push && !tps__codec_pullable(&c->codec)) {
        tps__cl_errorf_locked(c,
                              "table \"%s\": codec %s is not for rows: "
                              "use none, fp16, bf16, qsgd or uniform",
                              name, c->opts.codec ? c->opts.codec : "");
        rc = TPS_EINVAL;
    }
    uv_mutex_unlock(&c->mu);
    return rc;
}

/* The first non-finite value of a push, named by its row's id. */
static int check_rows(tps_client_t *c, int table, size_t n, const uint64_t *ids,
                      const float *grads) {
    const tps__tensor_t *ts = &c->tensors[table];
    size_t d = ts->dim;
    for (size_t i = 0; i < n * d; i++) {
        if (!isfinite(grads[i])) {
            tps__cl_errorf(c,
                           "gradient of table \"%s\" has %s in row id "
                           "%llu (element %zu); not pushed",
                           ts->name, isnan(grads[i]) ? "NaN" : "Inf",
                           (unsigned long long)ids[i / d], i % d);
            return TPS_EINVAL;
        }
    }
    return 0;
}

/* Prepares and submits a row call; an empty call completes at once. */
static int rows_start(tps_client_t *c, int table, int push, size_t n,
                      const uint64_t *ids, const float *grads, float *out,
                      uint64_t *vers_out, tps_ticket_t *ticket) {
    int rc = rows_ok(c, table, n, ids, push ? (const void *)grads : out, push);
    tps__tinit_t x = {0};
    int frames = 0;
    if (rc == 0 && n > 0)
        rc = frames = tps__cl_rows_prepare(c, table, push, n, ids, grads, out,
                                           vers_out, &x.job);
    /* The summed rows' norm is finite exactly when every value is (their
     * squares, in double, cannot overflow): the values are searched only
     * then, for the message. */
    if (rc >= 0 && push && x.job != NULL && !isfinite(x.job->norm)) {
        rc = check_rows(c, table, n, ids, grads);
        if (rc == 0) {
            tps__cl_errorf(c,
                           "gradient of table \"%s\": rows of one id sum "
                           "past the float range; not pushed",
                           c->tensors[table].name);
            rc = TPS_EINVAL;
        }
        uv_mutex_lock(&c->mu);
        tps__cl_rows_put(c, x.job);
        uv_mutex_unlock(&c->mu);
    }
    if (rc < 0)
        return rc;
    uv_mutex_lock(&c->mu);
    x.clock = c->clock;
    x.samples = c->samples;
    uv_mutex_unlock(&c->mu);
    int err = 0;
    int64_t id =
        tps__cl_submit(c, push ? OP_PUSH_ROWS : OP_PULL_ROWS, table, NULL, NULL,
                       frames, x.job ? (float)x.job->norm : 0, NULL, &x, &err);
    if (id <= 0) {
        uv_mutex_lock(&c->mu);
        tps__cl_rows_put(c, x.job);
        uv_mutex_unlock(&c->mu);
        return err;
    }
    *ticket = id;
    uv_mutex_lock(&c->mu);
    vmap_settle(c, &c->tensors[table]);
    uv_mutex_unlock(&c->mu);
    return 0;
}

int tps_pull_rows_async(tps_client_t *c, int table, size_t n,
                        const uint64_t *ids, float *out, uint64_t *versions,
                        tps_ticket_t *ticket) {
    return rows_start(c, table, 0, n, ids, NULL, out, versions, ticket);
}

int tps_pull_rows(tps_client_t *c, int table, size_t n, const uint64_t *ids,
                  float *out, uint64_t *versions) {
    tps_ticket_t t;
    int rc = tps_pull_rows_async(c, table, n, ids, out, versions, &t);
    return rc < 0 ? rc : tps_wait(c, t);
}

int tps_push_rows_async(tps_client_t *c, int table, size_t n,
                        const uint64_t *ids, const float *grads,
                        tps_ticket_t *ticket) {
    if (c->opts.role != TPS_ROLE_WORKER) {
        tps__cl_errorf(c, "only workers push");
        return TPS_EINVAL;
    }
    return rows_start(c, table, 1, n, ids, grads, NULL, NULL, ticket);
}

int tps_push_rows_read_async(tps_client_t *c, int table, size_t n,
                             const uint64_t *ids, const float *grads,
                             const uint64_t *read, tps_ticket_t *ticket) {
    if (c->opts.role != TPS_ROLE_WORKER) {
        tps__cl_errorf(c, "only workers push");
        return TPS_EINVAL;
    }
    /* A push's versions travel where a pull's come back. */
    return rows_start(c, table, 1, n, ids, grads, NULL, (uint64_t *)read,
                      ticket);
}

int tps_push_rows(tps_client_t *c, int table, size_t n, const uint64_t *ids,
                  const float *grads) {
    tps_ticket_t t;
    int rc = tps_push_rows_async(c, table, n, ids, grads, &t);
    return rc < 0 ? rc : tps_wait(c, t);
}

int tps_push_rows_info(const tps_client_t *c, int table,
                       tps_rows_info_t *info) {
    tps_client_t *mc = (tps_client_t *)c; /* the mutex, not the data, changes */
    uv_mutex_lock(&mc->mu);
    int ok = table >= 0 && table < c->ntensors && c->tensors[table].dim > 0;
    if (ok)
        *info = c->tensors[table].rows_info;
    uv_mutex_unlock(&mc->mu);
    return ok ? 0 : TPS_ENOENT;
}
