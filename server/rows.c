/* SPDX-License-Identifier: MIT */
/* Tables on a shard (docs/design.md §2b): PULL_ROWS and PUSH_ROWS. A frame
 * names rows by id; each row's fate is decided here, by the shard that
 * owns its slot, on arrival, so a push of rows can be applied in part by
 * design: its stale rows are dropped, its not-yet-admitted rows counted,
 * the rest applied, each at its own version. In sync the rows are kept
 * for the step instead (rowsync.c), and the step applies their mean.
 *
 * Must NOT hold: the row store (table.c), the optimizer's arithmetic
 * (shard.c, optimizer.c), the pull gate (pull.c holds and releases row
 * pulls with the dense ones). */
#include "server_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "taups.h"
#include "tps_float.h"
#include "tps_ids.h"
#include "tps_log.h"

/* Room for n ids, versions and row numbers in the server's scratch. */
static int scratch(tps__server_t *s, uint64_t n) {
    if (n <= s->row_cap)
        return 0;
    uint64_t *ids = realloc(s->row_ids, (size_t)n * sizeof(uint64_t));
    if (ids == NULL)
        return TPS_ENOMEM;
    s->row_ids = ids;
    uint64_t *v = realloc(s->row_vers, (size_t)n * sizeof(uint64_t));
    if (v == NULL)
        return TPS_ENOMEM;
    s->row_vers = v;
    uint32_t *at = realloc(s->row_at, (size_t)n * sizeof(uint32_t));
    if (at == NULL)
        return TPS_ENOMEM;
    s->row_at = at;
    s->row_cap = n;
    return 0;
}

/* The table a frame of rows names, or NULL after refusing it. */
static tps__tensor_t *frame_table(sconn_t *sc, const Taups__Header *h,
                                  uint64_t len) {
    tps__shard_t *sh = &sc->srv->shard;
    const char *what = h->op == TAUPS__OP__PUSH_ROWS ? "push" : "pull";
    if (h->tensor_id >= (uint32_t)sh->ntensors) {
        tps__reply_error(sc, h, TPS_ENOENT, 0,
                         "%s of rows: no tensor with id %u (this shard has %d)",
                         what, h->tensor_id, sh->ntensors);
        return NULL;
    }
    tps__tensor_t *t = &sh->tensors[h->tensor_id];
    if (t->kind != TPS__KIND_TABLE) {
        tps__reply_error(sc, h, TPS_EINVAL, 0,
                         "%s of rows to tensor \"%s\", which is dense: push "
                         "and pull it by range",
                         what, t->name);
        return NULL;
    }
    /* Every id takes at least one byte: a count the ids cannot hold is a
     * broken frame, refused before any room is made for it. */
    if (h->rows == NULL ||
        (!h->rows->scan &&
         (h->rows->ids_len > len || h->count > h->rows->ids_len ||
          h->rows->versions_len > len))) {
        tps__reply_error(sc, h, TPS_EPROTO, 1,
                         "%s of rows of table \"%s\": %llu ids in %llu "
                         "payload bytes do not add up",
                         what, t->name, (unsigned long long)h->count,
                         (unsigned long long)len);
        return NULL;
    }
    return t;
}

/* Decodes a frame's ids into s->row_ids and checks that each is this
 * shard's. Returns 0, or -1 after refusing the frame. */
static int frame_ids(sconn_t *sc, const Taups__Header *h,
                     const tps__tensor_t *t, const uint8_t *payload) {
    tps__server_t *s = sc->srv;
    char err[200] = "";
    size_t used = 0;
    if (scratch(s, h->count) < 0) {
        tps__reply_error(sc, h, TPS_ENOMEM, 1, "out of memory for %llu ids",
                         (unsigned long long)h->count);
        return -1;
    }
    if (tps__ids_decode(payload, (size_t)h->rows->ids_len, s->row_ids,
                        (size_t)h->count, &used, err, sizeof(err)) < 0 ||
        used != h->rows->ids_len) {
        tps__reply_error(sc, h, TPS_EPROTO, 1, "table \"%s\": %s", t->name,
                         used != h->rows->ids_len && err[0] == 0
                             ? "ids shorter than their length says"
                             : err);
        return -1;
    }
    const tps__shard_t *sh = &s->shard;
    for (uint64_t i = 0; i < h->count && sh->nshards > 1; i++) {
        uint64_t id = s->row_ids[i];
        uint32_t owner = tps__id_shard(id, sh->nshards);
        if (owner != sh->index) {
            tps__reply_error(sc, h, TPS_EINVAL, 0,
                             "table \"%s\": id %llu (slot %u) belongs to "
                             "shard %u, not to shard %u",
                             t->name, (unsigned long long)id,
                             tps__id_slot(id), owner, sh->index);
            return -1;
        }
    }
    return 0;
}

/* A page of a scan (taups-ctl dump): up to h->count rows from row number
 * h->offset in creation order, answered at once, never held by the pull
 * gate: the reader is an admin or evaluator, whose pulls never wait. The
 * page is cut to what one frame may carry. */
static void rows_scan(sconn_t *sc, const Taups__Header *h,
                      const tps__tensor_t *t, uint64_t len) {
    tps__server_t *s = sc->srv;
    if (sc->role != TPS_ROLE_ADMIN && sc->role != TPS_ROLE_EVALUATOR) {
        tps__reply_error(sc, h, TPS_EPERM, 1,
                         "only admins and evaluators may scan table \"%s\"",
                         t->name);
        return;
    }
    if (len != 0 || h->codec != 0) {
        tps__reply_error(sc, h, TPS_EPROTO, 1,
                         "scan of table \"%s\": no payload, answered as "
                         "float32",
                         t->name);
        return;
    }
    size_t d = t->dim, per = 20 + d * sizeof(float);
    uint64_t rows = t->table->rows;
    uint64_t n = h->offset < rows ? rows - h->offset : 0;
    if (n > h->count)
        n = h->count;
    if (n > s->cfg.lim.max_payload / per)
        n = s->cfg.lim.max_payload / per;
    /* One pass over the rows: the values go after room for the longest
     * ids and versions (rounded to a float), which are coded and copied
     * in just before them. */
    size_t room = (2 * TPS_IDS_MAX_BYTES(n) + 3) & ~(size_t)3;
    outbuf_t *b = scratch(s, n) < 0
                      ? NULL
                      : tps__pull_outbuf(sc, room + n * d * sizeof(float));
    if (b == NULL) {
        tps__reply_error(sc, h, TPS_ENOMEM, 1, "out of memory for rows");
        return;
    }
    uint8_t *val = b->data + room;
    for (uint64_t i = 0; i < n; i++) {
        tps__row_t row;
        tps__table_row_at(t->table, h->offset + i, &row);
        s->row_ids[i] = row.id;
        s->row_vers[i] = *row.version;
        memcpy(val + i * d * sizeof(float), row.val, d * sizeof(float));
    }
    Taups__Header r = TAUPS__HEADER__INIT;
    Taups__Rows rr = TAUPS__ROWS__INIT;
    rr.scan = 1;
    rr.ids_len = tps__varints_encode(s->row_ids, (size_t)n, b->data);
    rr.versions_len =
        tps__varints_encode(s->row_vers, (size_t)n, b->data + rr.ids_len);
    size_t head = rr.ids_len + rr.versions_len;
    memmove(b->data + room - head, b->data, head);
    r.op = TAUPS__OP__PULL_ROWS_OK;
    r.request_id = h->request_id;
    r.tensor_id = h->tensor_id;
    r.offset = h->offset;
    r.count = n;
    r.shard = s->shard.index;
    r.rows = &rr;
    tps__send_or_close(sc, &r, b->data + room - head,
                       head + n * d * sizeof(float), tps__pull_outbuf_sent,
                       b);
}

void tps__rows_pull_handle(sconn_t *sc, const Taups__Header *h,
                           const uint8_t *payload, uint64_t len) {
    tps__tensor_t *t = frame_table(sc, h, len);
    if (t != NULL && h->rows->scan) {
        rows_scan(sc, h, t, len);
        return;
    }
    if (t == NULL || frame_ids(sc, h, t, payload) < 0)
        return;
    if (h->rows->ids_len != len) {
        tps__reply_error(sc, h, TPS_EPROTO, 1,
                         "pull of rows of table \"%s\": a payload of ids "
                         "only",
                         t->name);
        return;
    }
    if (tps__rows_pull_codec_ok(sc, h, t) < 0)
        return;
    pull_req_t q = {h->request_id,      0,           h->count, h->clock,
                    0,                  h->tensor_id, h->codec, h->codec_ratio,
                    payload,            (size_t)h->rows->ids_len,
                    h->rows->versions,  h->zstd,
                    1};
    tps__pull_request(sc, h, &q);
}

/* Ids a pull reply looks up before it copies their rows. */
#define ANSWER_BLOCK 64

void tps__rows_answer(sconn_t *sc, const pull_req_t *q) {
    tps__server_t *s = sc->srv;
    tps__shard_t *sh = &s->shard;
    tps__tensor_t *t = &sh->tensors[q->tensor_id];
    size_t n = (size_t)q->count, used, d = t->dim;
    char err[200];
    /* Checked on arrival; a held copy is the same bytes. */
    if (!q->decoded &&
        (scratch(s, n) < 0 || tps__ids_decode(q->rows, q->rows_len, s->row_ids,
                                              n, &used, err, sizeof(err)) < 0)) {
        Taups__Header h = TAUPS__HEADER__INIT;
        h.request_id = q->request_id;
        tps__reply_error(sc, &h, TPS_ENOMEM, 1, "out of memory for rows");
        return;
    }
    /* The values go after room for the longest versions, rounded to a
     * float so that they are written aligned; the versions, once coded,
     * are copied in just before them and the reply starts there. */
    size_t room = q->versions ? (TPS_IDS_MAX_BYTES(n) + 3) & ~(size_t)3 : 0;
    size_t vbytes = n * d * sizeof(float);
    outbuf_t *b = tps__pull_outbuf(
        sc, room + vbytes + tps__rows_reply_room(q, n * d, room));
    if (b == NULL) {
        Taups__Header h = TAUPS__HEADER__INIT;
        h.request_id = q->request_id;
        tps__reply_error(sc, &h, TPS_ENOMEM, 1, "out of memory for rows");
        return;
    }
    float *out = (float *)(void *)(b->data + room);
    /* A block's rows are copied just after their lookup fetched them,
     * while they are still in the nearest cache. */
    for (size_t lo = 0; lo < n; lo += ANSWER_BLOCK) {
        size_t hi = n - lo < ANSWER_BLOCK ? n : lo + ANSWER_BLOCK;
        tps__table_find_many(t->table, s->row_ids + lo, hi - lo,
                             s->row_at + lo);
        for (size_t i = lo; i < hi; i++) {
            tps__row_t row;
            if (s->row_at[i] != TPS__TABLE_NONE) {
                tps__table_row(t->table, s->row_at[i], &row);
                tps__row_copy(out + i * d, row.val, d);
                s->row_vers[i] = *row.version;
            } else {
                tps__row_init(t->init, t->scale, t->seed, s->row_ids[i],
                              (uint32_t)d, out + i * d);
                s->row_vers[i] = 0;
            }
        }
    }
    size_t vlen = 0;
    if (q->versions) {
        vlen = tps__varints_encode(s->row_vers, n, b->data);
        memmove(b->data + room - vlen, b->data, vlen);
    }
    Taups__Header r = TAUPS__HEADER__INIT;
    Taups__Rows rr = TAUPS__ROWS__INIT;
    r.op = TAUPS__OP__PULL_ROWS_OK;
    r.request_id = q->request_id;
    r.tensor_id = q->tensor_id;
    r.count = n;
    r.shard = sh->index;
    uint64_t min = tps__members_min_clock(&s->members);
    r.clock = min == UINT64_MAX ? 0 : min;
    rr.versions_len = vlen;
    r.rows = &rr;
    sh->st.pulls++;
    t->row_pulls += n;
    tps__rows_reply_send(sc, q, &r, b, room, vlen, vbytes);
}

/* What became of a push's rows, for its reply. */
typedef struct verdicts_s {
    uint64_t applied, stale, not_admitted, full, refused, max_staleness;
    uint64_t last_version, last_staleness; /* the last row applied's, */
    double last_weight;                    /* for --trace-rows */
    char full_why[200];
} verdicts_t;

/* Refuses a push of rows before any row changed; counted like a dense
 * push frame refused for the same reason. */
static void refuse_rows(sconn_t *sc, const Taups__Header *h, int reason,
                        int status, const char *why) {
    tps__shard_stats_t *st = &sc->srv->shard.st;
    st->push_frames++;
    st->refused++;
    st->refused_by[reason]++;
    tps__reply_error(sc, h, status, 0, "%s", why);
}

/* The gradients are finite and the norm claim a number: else the whole
 * frame is refused, as a dense push is. Returns the clip factor, or < 0
 * after refusing. */
static double rows_clip(sconn_t *sc, const Taups__Header *h,
                        const tps__tensor_t *t, const float *g) {
    tps__server_t *s = sc->srv;
    size_t n = (size_t)h->count, d = t->dim;
    double sumsq = tps__sum_squares(g, (uint64_t)n * d);
    char why[300];
    if (!isfinite(sumsq)) {
        size_t i = (size_t)tps__first_nonfinite(g, (uint64_t)n * d);
        snprintf(why, sizeof(why),
                 "push of rows of table \"%s\": the gradient of row %llu "
                 "holds %g; nothing of the push was applied",
                 t->name, (unsigned long long)s->row_ids[i / d],
                 (double)g[i]);
        refuse_rows(sc, h, TPS_REFUSE_NONFINITE_GRAD, TPS_EINVAL, why);
        return -1;
    }
    if (!isfinite(h->grad_norm) || h->grad_norm < 0) {
        snprintf(why, sizeof(why),
                 "push of rows of table \"%s\" claims a gradient norm of %g",
                 t->name, (double)h->grad_norm);
        refuse_rows(sc, h, TPS_REFUSE_NORM, TPS_EINVAL, why);
        return -1;
    }
    double own = sqrt(sumsq);
    return tps__clip_factor(s->shard.optim.clip_norm,
                            h->grad_norm > own ? h->grad_norm : own);
}

/* Staleness of a row at version `now` read at `read` - 1 (read 0: not
 * known, so fresh). */
static uint64_t row_staleness(uint64_t now, uint64_t read) {
    return read == 0 || now < read - 1 ? 0 : now - (read - 1);
}

/* --table-fate push: the frame's stalest row decides for all of its rows,
 * as a dense push's one staleness does (a row never pushed is fresh).
 * The rows are s->row_at's, looked up once for the push. Returns that
 * staleness. */
static uint64_t worst_staleness(const tps__server_t *s, const tps__tensor_t *t,
                                size_t n) {
    uint64_t worst = 0;
    for (size_t i = 0; i < n; i++) {
        tps__row_t row;
        uint64_t now = 0;
        if (s->row_at[i] != TPS__TABLE_NONE) {
            tps__table_row(t->table, s->row_at[i], &row);
            now = *row.version;
        }
        uint64_t st = row_staleness(now, s->row_vers[i]);
        if (st > worst)
            worst = st;
    }
    return worst;
}

/* The row of id for a push: found, or created once admitted. Returns 1,
 * or 0 when the row is not kept (counted in v). */
static int target_row(tps__shard_t *sh, tps__tensor_t *t, uint64_t id,
                      uint32_t at, tps__row_t *row, verdicts_t *v) {
    if (at != TPS__TABLE_NONE) {
        tps__table_touch_found(t->table, id, at, row);
        return 1;
    }
    char err[200];
    int rc = tps__table_touch(t->table, t->name, id, &sh->bytes, sh->max_bytes,
                              row, err, sizeof(err));
    if (rc == 0)
        v->not_admitted++;
    if (rc < 0 && v->full++ == 0)
        snprintf(v->full_why, sizeof(v->full_why), "%s", err);
    return rc > 0;
}

/* One row's fate: created or found, judged by its own staleness (or, with
 * --table-fate push, by the frame's `forced` >= 0), applied. `read` is the
 * version the worker read, plus one (0: not known). */
static void push_row(sconn_t *sc, tps__tensor_t *t, size_t i, const float *g,
                     double clip, int64_t forced, verdicts_t *v) {
    tps__server_t *s = sc->srv;
    tps__shard_t *sh = &s->shard;
    tps__row_t row;
    uint64_t read = s->row_vers[i];
    if (!target_row(sh, t, s->row_ids[i], s->row_at[i], &row, v))
        return;
    uint64_t stale =
        forced >= 0 ? (uint64_t)forced : row_staleness(*row.version, read);
    const tps__consistency_t *cons = &s->cfg.cons;
    if (cons->max_staleness >= 0 && stale > (uint64_t)cons->max_staleness) {
        v->stale++;
        t->row_stale++;
        return;
    }
    double scale = tps__staleness_weight(&sh->optim, stale) * clip;
    if (tps__shard_apply_row(sh, t, &row, g, scale) < 0) {
        v->refused++;
        return;
    }
    tps__hist_add(&sh->st.staleness, stale);
    if (stale > v->max_staleness)
        v->max_staleness = stale;
    v->applied++;
    t->row_pushes++;
    v->last_version = *row.version;
    v->last_staleness = stale;
    v->last_weight = scale;
}

/* --trace-rows: the frame's rows applied one by one, each applied row a
 * trace line in the dense pushes' columns: its version after the update,
 * its own staleness, its weight (times the clip factor), and its id where
 * a push's version read goes. A loop of its own, so that without the
 * option the rows' loop carries no test per row. */
static void push_rows_traced(sconn_t *sc, const Taups__Header *h,
                             tps__tensor_t *t, size_t n, const float *g,
                             double clip, int64_t forced, verdicts_t *v) {
    for (size_t i = 0; i < n; i++) {
        uint64_t before = v->applied;
        push_row(sc, t, i, g + i * t->dim, clip, forced, v);
        if (v->applied > before)
            tps__trace(sc->srv, "row", sc->rank, h->clock, (int)h->tensor_id,
                       v->last_version, v->last_staleness, v->last_weight, 0,
                       sc->srv->row_ids[i]);
    }
}

/* The answer to a push of rows, kept in the rank's exactly-once window
 * so that a frame resent after a reconnection is answered, not applied,
 * again. */
static void send_rows_ok(sconn_t *sc, const tps__push_answer_t *a,
                         const char *full_why) {
    Taups__Header r = TAUPS__HEADER__INIT;
    Taups__Rows rr = TAUPS__ROWS__INIT;
    r.op = TAUPS__OP__PUSH_ROWS_OK;
    r.request_id = a->request_id;
    r.tensor_id = a->tensor_id;
    r.offset = a->offset;
    r.count = a->count;
    r.shard = sc->srv->shard.index;
    rr.applied = a->rows[0];
    rr.stale = a->rows[1];
    rr.not_admitted = a->rows[2];
    rr.full = a->rows[3];
    rr.refused = a->rows[4];
    rr.max_staleness = a->staleness;
    r.rows = &rr;
    /* Rows refused for memory are the application's to know about: the
     * push succeeded for the others, and says why these were not kept. */
    if (a->rows[3] > 0 && full_why != NULL)
        r.error = (char *)full_why;
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

static void answer_rows(sconn_t *sc, const Taups__Header *h,
                        const verdicts_t *v) {
    tps__push_answer_t a = {.request_id = h->request_id,
                           .offset = h->offset,
                           .tensor_id = h->tensor_id,
                           .count = h->count,
                           .staleness = v->max_staleness,
                           .weight = 1.0f,
                           .rows_frame = 1,
                           .rows = {(uint32_t)v->applied, (uint32_t)v->stale,
                                    (uint32_t)v->not_admitted,
                                    (uint32_t)v->full, (uint32_t)v->refused}};
    /* One trace row per frame, in the dense pushes' columns: the rows
     * applied (sync: kept for the step) stand where a push's version
     * does, the frame's rows where the version read does. */
    tps__trace(sc->srv, "push_rows", sc->rank, h->clock, (int)h->tensor_id,
               v->applied, v->max_staleness, 0, 0, h->count);
    tps__dedup_record(&sc->srv->dedup[sc->rank], &a);
    send_rows_ok(sc, &a, v->full_why);
}

/* A frame of rows this rank sent before (a resend after a reconnection):
 * answered again from the window, never applied twice. 1 when it was. */
static int rows_repeat(sconn_t *sc, const Taups__Header *h) {
    tps__dedup_t *d = &sc->srv->dedup[sc->rank];
    if (!tps__dedup_is_repeat(d, h->request_id, h->offset))
        return 0;
    const tps__push_answer_t *a = tps__dedup_find(d, h->request_id, h->offset);
    sc->srv->shard.st.duplicates++;
    if (a != NULL && a->rows_frame) {
        send_rows_ok(sc, a, NULL);
        return 1;
    }
    refuse_rows(sc, h, TPS_REFUSE_REPEAT, TPS_EINVAL,
                "a push of rows repeated after its answer left the "
                "exactly-once window, or that was refused: not applied "
                "again");
    return 1;
}

/* The modes a table can be pushed in: not those that keep a model per
 * worker. Returns 0, or -1 after refusing. */
static int rows_mode_ok(sconn_t *sc, const Taups__Header *h,
                        const tps__tensor_t *t) {
    const tps__consistency_t *cons = &sc->srv->cfg.cons;
    if (!cons->mode->local_steps)
        return 0;
    char why[300];
    snprintf(why, sizeof(why),
             "push of rows of table \"%s\": mode %s keeps a model per "
             "worker and averages dense tensors; tables are pushed in "
             "async, ssp and sync",
             t->name, cons->mode->name);
    refuse_rows(sc, h, TPS_REFUSE_STEP, TPS_EINVAL, why);
    return -1;
}

/* Room in the rank's buffer of the pending step for n rows, charged to
 * --max-memory. Returns 0, or -1 after refusing the push. */
static int rows_room(sconn_t *sc, const Taups__Header *h, tps__tensor_t *t) {
    tps__shard_t *sh = &sc->srv->shard;
    int rc = t->rowsync == NULL &&
                     (t->rowsync = tps__rowsync_new(sh->workers, t->dim)) ==
                         NULL
                 ? TPS_ENOMEM
                 : tps__rowsync_reserve(t->rowsync, &t->sync, sc->rank,
                                        (size_t)h->count, &sh->bytes,
                                        sh->max_bytes);
    if (rc == TPS_ENOMEM)
        tps__reply_error(sc, h, TPS_ENOMEM, 1, "out of memory for rows");
    else if (rc < 0)
        tps__reply_error(sc, h, TPS_ELIMIT, 0,
                         "push of %llu rows of table \"%s\" from worker %d: "
                         "keeping them for step %llu would pass the "
                         "shard's --max-memory of %llu bytes; refused, "
                         "nothing of it kept",
                         (unsigned long long)h->count, t->name, sc->rank,
                         (unsigned long long)sc->srv->step + 1,
                         (unsigned long long)sh->max_bytes);
    if (rc < 0)
        sh->st.push_frames++;
    return rc < 0 ? -1 : 0;
}

/* Aggregating modes: the rows are kept in the rank's buffer for the
 * pending step (rowsync.c), each row created or found first as on
 * arrival in the other modes; `applied` counts the rows kept. A push for
 * another step is answered as a dense one is: dropped (its rows counted
 * stale) or refused. */
static void keep_rows(sconn_t *sc, const Taups__Header *h, tps__tensor_t *t,
                      const float *g, double clip) {
    tps__server_t *s = sc->srv;
    tps__shard_t *sh = &s->shard;
    size_t n = (size_t)h->count, d = t->dim;
    char why[300];
    verdicts_t v = {0};
    int at = tps__step_push_check(sc, h->clock, t->name, why, sizeof(why));
    if (at == TPS__PUSH_REFUSED) {
        refuse_rows(sc, h, TPS_REFUSE_STEP, TPS_EINVAL, why);
        return;
    }
    if (at == TPS__PUSH_LATE) {
        sh->st.push_frames++;
        sh->st.dropped_frames++;
        sh->st.dropped++;
        v.stale = n;
        v.max_staleness = s->step - h->clock;
        answer_rows(sc, h, &v);
        return;
    }
    if (rows_room(sc, h, t) < 0)
        return;
    tps__table_find_many(t->table, s->row_ids, n, s->row_at);
    for (size_t i = 0; i < n; i++) {
        tps__row_t row;
        if (!target_row(sh, t, s->row_ids[i], s->row_at[i], &row, &v))
            continue;
        tps__rowsync_add(t->rowsync, sc->rank, s->row_ids[i], g + i * d, clip);
        v.applied++;
    }
    /* Counted when a step takes it, as a dense push is. */
    t->sync.done[sc->rank] = 1;
    t->sync.samples[sc->rank] = h->samples;
    sh->st.push_frames++;
    sh->st.applied_frames++;
    answer_rows(sc, h, &v);
}

void tps__rows_push_handle(sconn_t *sc, const Taups__Header *h,
                           const uint8_t *payload, uint64_t len) {
    tps__server_t *s = sc->srv;
    if (sc->role != TPS_ROLE_WORKER) {
        tps__reply_error(sc, h, TPS_EPERM, 1,
                         "only workers may push rows; this connection said "
                         "hello as %s",
                         sc->role == TPS_ROLE_ADMIN ? "admin" : "evaluator");
        return;
    }
    if (rows_repeat(sc, h) || tps__rows_unzstd(sc, h, &payload, &len) < 0)
        return;
    tps__tensor_t *t = frame_table(sc, h, len);
    if (t == NULL || rows_mode_ok(sc, h, t) < 0 ||
        frame_ids(sc, h, t, payload) < 0)
        return;
    size_t n = (size_t)h->count, d = t->dim, used = 0;
    uint64_t head = h->rows->ids_len + h->rows->versions_len;
    char err[200];
    if (head > len ||
        tps__varints_decode(payload + h->rows->ids_len,
                            (size_t)h->rows->versions_len, s->row_vers, n,
                            &used, err, sizeof(err)) < 0 ||
        used != h->rows->versions_len) {
        tps__reply_error(sc, h, TPS_EPROTO, 1,
                         "push of %zu rows of %zu values to table \"%s\": "
                         "%llu payload bytes are not their ids, versions "
                         "and gradients",
                         n, d, t->name, (unsigned long long)len);
        return;
    }
    /* The reader placed the payload so that float32 gradients land
     * aligned (dispatch.c's rows_dest): they are used where they are. */
    const float *g = tps__rows_grads(sc, h, t, payload + head, len - head);
    if (g == NULL)
        return;
    double clip = rows_clip(sc, h, t, g);
    if (clip >= 0 && s->shard.aggregate) {
        keep_rows(sc, h, t, g, clip);
    } else if (clip >= 0) {
        verdicts_t v = {0};
        const tps__consistency_t *cons = &s->cfg.cons;
        int64_t forced = -1;
        tps__table_find_many(t->table, s->row_ids, n, s->row_at);
        if (s->cfg.table_fate_push) {
            uint64_t worst = worst_staleness(s, t, n);
            forced = (int64_t)worst;
            /* Dropped whole: no row of it is created or counted. */
            if (cons->max_staleness >= 0 &&
                worst > (uint64_t)cons->max_staleness) {
                v.stale = n;
                t->row_stale += n;
                n = 0;
            }
        }
        if (s->cfg.trace_rows && s->trace != NULL)
            push_rows_traced(sc, h, t, n, g, clip, forced, &v);
        else
            for (size_t i = 0; i < n; i++)
                push_row(sc, t, i, g + i * d, clip, forced, &v);
        s->shard.st.push_frames++;
        s->shard.st.applied_frames++;
        if (v.refused > 0)
            s->shard.st.refused_by[TPS_REFUSE_NONFINITE_PARAM] += v.refused;
        answer_rows(sc, h, &v);
    }
}
