/* SPDX-License-Identifier: MIT */
/* Pushes on a shard: each push's fate, fixed at its first chunk (the
 * staleness this shard measures or the client decided, the staleness
 * weight, the drop verdict, the 1/n of asynchronous local averaging); the
 * answers to repeated push frames (the window of dedup.c); the NaN/Inf scan
 * and the clip factor (the claimed norm, never below the slice's own);
 * applying a push of one chunk, dense or encoded, or staging the chunks of
 * a longer one and applying them together at its last, so that a push
 * applies whole or not at all (in sync modes, buffering instead of
 * applying); CLOCK and the commits (the sync step is step.c's); and the
 * VERSION probe a client decides one staleness from (docs/design.md §3a).
 *
 * Must NOT answer or hold pulls (pull.c: told through
 * tps__pull_process_pending when a push or a step may release one), and
 * must not manage connections, hellos or the listener (accept.c,
 * hello.c, server.c). */
#include "server_internal.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#include "taups.h"
#include "tps_codec.h"
#include "tps_float.h"
#include "tps_log.h"

/* Marks the push being received as finished, or abandons it: the chunks
 * it staged are dropped unapplied; the chunks it applied as they came stay,
 * and make an update of their own (the version moves, so that no two
 * states share one). Pulls of its tensor that waited for it may now be
 * answered. */
void tps__push_close(sconn_t *sc) {
    if (!sc->cur_open)
        return;
    sc->cur_open = 0;
    sc->nstaged = 0;
    sc->stage_n = 0;
    tps__server_t *s = sc->srv;
    tps__shard_t *sh = &s->shard;
    if (sc->cur_tensor >= (uint32_t)sh->ntensors)
        return;
    tps__tensor_t *t = &sh->tensors[sc->cur_tensor];
    t->pushing--;
    if (sc->cur_streamed > 0 && !sh->aggregate) {
        t->version++;
        sh->st.steps++;
        sh->st.partial++;
        tps__trace(s, "partial", sc->rank, sc->clock, (int)sc->cur_tensor,
                   t->version, sc->cur_stale, sc->cur_weight, 0, 0);
    }
    sc->cur_streamed = 0;
}

/* The group of the push being opened: two-phase pushes are decided
 * group by group. */
static void push_group(sconn_t *sc, const Taups__Header *h) {
    sc->cur_group = tps__group_of(h);
    sc->cur_group_n = h->group_n ? h->group_n : 1;
}

/* Grows *buf to hold n bytes; returns it or NULL. */
static void *grow(void *buf, size_t *cap, size_t n) {
    if (*cap >= n)
        return buf;
    void *p = realloc(buf, n);
    if (p)
        *cap = n;
    return p;
}

/* Checks a compressed push's codec and sizes and undoes its zstd layer.
 * Returns the encoded bytes (*enc, *enc_len) or replies with an error and
 * returns -1. The codec's own decoder validates the contents later. */
static int unwrap_push(sconn_t *sc, const Taups__Header *h,
                       const tps__tensor_t *t, uint8_t *payload, uint64_t len,
                       tps__codec_t *codec, const uint8_t **enc,
                       size_t *enc_len) {
    if (tps__codec_unpack(codec, h->codec, h->codec_ratio) < 0) {
        tps__reply_error(
            sc, h, TPS_EPROTO, 1,
            "push to tensor \"%s\": invalid codec id 0x%x (ratio %g)", t->name,
            h->codec, h->codec_ratio);
        return -1;
    }
    size_t want = tps__codec_wire_size(codec, h->count);
    if (!h->zstd) {
        if (len != want) {
            tps__reply_error(sc, h, TPS_EPROTO, 1,
                             "push to tensor \"%s\": %llu bytes of %s for %llu "
                             "elements, expected %zu",
                             t->name, (unsigned long long)len,
                             codec->kind == TPS_CODEC_NONE ? "none"
                                                           : "codec data",
                             (unsigned long long)h->count, want);
            return -1;
        }
        *enc = payload;
        *enc_len = (size_t)len;
        return 0;
    }
    char why[160] = "";
    uint8_t *zb = NULL;
    int rc = TPS_EPROTO;
    if (h->encoded_len != want)
        snprintf(why, sizeof(why),
                 "zstd of %llu encoded bytes, the codec "
                 "needs %zu",
                 (unsigned long long)h->encoded_len, want);
    else
        rc = tps__push_unzstd(sc, payload, len, want, 0, &zb, why, sizeof(why));
    if (rc < 0) {
        tps__reply_error(sc, h, rc, 1, "push to tensor \"%s\": %s", t->name,
                         why);
        return -1;
    }
    *enc = zb;
    *enc_len = want;
    return 0;
}

int tps__push_unzstd(sconn_t *sc, const uint8_t *in, uint64_t len, size_t want,
                     size_t pad, uint8_t **out, char *why, size_t whylen) {
    unsigned long long content = ZSTD_getFrameContentSize(in, len);
    if (content != want) {
        snprintf(why, whylen,
                 "zstd frame holds %llu bytes, its header "
                 "says %zu",
                 content, want);
        return TPS_EPROTO;
    }
    if (sc->zd == NULL)
        sc->zd = ZSTD_createDCtx();
    uint8_t *zb = grow(sc->zbuf, &sc->zcap, pad + want + 1);
    if (sc->zd == NULL || zb == NULL) {
        snprintf(why, whylen, "out of memory for a zstd payload");
        return TPS_ENOMEM;
    }
    sc->zbuf = zb;
    size_t got = ZSTD_decompressDCtx(sc->zd, zb + pad, want, in, len);
    if (ZSTD_isError(got) || got != want) {
        snprintf(why, whylen, "bad zstd frame: %s",
                 ZSTD_isError(got) ? ZSTD_getErrorName(got) : "short");
        return TPS_EPROTO;
    }
    *out = zb + pad;
    return 0;
}

/* Scans a push payload for NaN/Inf as it arrives, while it is in cache,
 * so that accepting a clean push costs no second pass over memory. */
void tps__push_progress(tps__conn_t *c, const uint8_t *payload, uint64_t from,
                        uint64_t to) {
    sconn_t *sc = (sconn_t *)c;
    if (from == 0) {
        sc->nonfinite = UINT64_MAX;
        sc->gmax_bits = 0;
        sc->sumsq = 0;
    }
    if (sc->nonfinite != UINT64_MAX || c->rd.hdr->op != TAUPS__OP__PUSH)
        return;
    uint64_t f0 = from / sizeof(float), f1 = to / sizeof(float);
    const float *x = (const float *)payload + f0;
    /* The largest magnitude comes with the check: it lets plain SGD skip
     * the undo copy (tps__shard_apply). */
    uint32_t m = tps__max_abs_bits(x, f1 - f0);
    if (m >= TPS_NONFINITE_BITS) {
        sc->nonfinite = f0 + tps__first_nonfinite(x, f1 - f0);
        return;
    }
    if (m > sc->gmax_bits)
        sc->gmax_bits = m;
    /* Only a shard that clips checks the claimed norm, while the bytes
     * are still in cache. */
    if (sc->srv->shard.optim.clip_norm > 0 && c->rd.hdr->codec == 0 &&
        !c->rd.hdr->zstd)
        sc->sumsq += tps__sum_squares(x, f1 - f0);
}

/* Applies (or, in sync modes, buffers) an encoded gradient chunk. Plain
 * SGD without weight decay decodes straight into the parameters
 * (p += -lr*scale*decode(payload), no dense temporary); other update rules
 * decode into a reused scratch buffer first, since they need g itself. */
static int apply_encoded(sconn_t *sc, const Taups__Header *h, tps__tensor_t *t,
                         const tps__codec_t *codec, const uint8_t *enc,
                         size_t enc_len, uint64_t off, int aggregate,
                         double scale) {
    tps__shard_t *sh = &sc->srv->shard;
    const tps__optim_t *o = &sh->optim;
    if (aggregate) {
        float *dst = tps__syncbuf_slot(&t->sync, sc->rank, off);
        if (dst == NULL)
            return TPS_ENOMEM;
        int rc = tps__codec_decode(codec, enc, enc_len, h->count, h->codec_seed,
                                   dst);
        if (rc == 0 && scale != 1.0)
            for (uint64_t i = 0; i < h->count; i++)
                dst[i] *= (float)scale;
        return rc;
    }
    if (o->kind == TPS_OPTIM_SGD && o->weight_decay == 0) {
        double lr = tps__optim_lr(o, t->version + 1);
        if (tps__shard_save(t, 0, off, h->count, &sc->undo, &sc->undo_cap) < 0)
            return TPS_ENOMEM;
        t->pmax = -1; /* changed by amounts not known here */
        int rc = tps__codec_decode_acc(
            codec, enc, enc_len, h->count, h->codec_seed,
            (float)(-lr * scale), t->param + off);
        return rc < 0 ? rc : tps__shard_check(t, 0, off, h->count, sc->undo);
    }
    float *g = grow(sc->scratch, &sc->scratch_cap,
                    (h->count ? h->count : 1) * sizeof(float));
    if (g == NULL)
        return TPS_ENOMEM;
    sc->scratch = g;
    int rc = tps__codec_decode(codec, enc, enc_len, h->count, h->codec_seed, g);
    if (rc == 0)
        rc = tps__shard_apply(sh, t, off, g, h->count, scale, -1, &sc->undo,
                              &sc->undo_cap);
    return rc;
}

/* The clip factor of the open push: from the norm its first chunk claimed
 * for the worker's whole gradient, but never from less than the norm of
 * what this shard received of it. A shard sees only its slice, so the
 * claim is what covers the rest; what it can see, it does not take on
 * trust. */
static double clip_scale(const sconn_t *sc) {
    double own = sqrt(sc->cur_sumsq);
    return tps__clip_factor(sc->srv->shard.optim.clip_norm,
                            sc->cur_claim > own ? sc->cur_claim : own);
}

/* Applies (or, in sync modes, buffers) a push that came in one chunk. When
 * the shard clips, an encoded one is decoded before anything is applied,
 * since its norm decides the factor; otherwise plain SGD decodes it
 * straight into the parameters. */
static int apply_one(sconn_t *sc, const Taups__Header *h, tps__tensor_t *t,
                     const float *g, const tps__codec_t *codec,
                     const uint8_t *enc, size_t enc_len, int encoded,
                     int aggregate) {
    tps__shard_t *sh = &sc->srv->shard;
    uint64_t off = h->offset - t->lo;
    double gmax = tps__bits_float(sc->gmax_bits);
    if (encoded && sh->optim.clip_norm > 0) {
        float *d = grow(sc->scratch, &sc->scratch_cap,
                        (h->count ? h->count : 1) * sizeof(float));
        if (d == NULL)
            return TPS_ENOMEM;
        sc->scratch = d;
        int rc = tps__codec_decode(codec, enc, enc_len, h->count,
                                   h->codec_seed, d);
        if (rc < 0)
            return rc;
        sc->cur_sumsq += tps__sum_squares(d, h->count);
        gmax = tps__bits_float(tps__max_abs_bits(d, h->count));
        g = d;
        encoded = 0;
    } else if (!encoded && h->count > 0) {
        sc->cur_sumsq += sc->sumsq;
    }
    double scale = sc->cur_scale * clip_scale(sc);
    if (encoded)
        return apply_encoded(sc, h, t, codec, enc, enc_len, off, aggregate,
                             scale);
    if (aggregate)
        return tps__syncbuf_add(&t->sync, sc->rank, off, g, h->count,
                                (float)scale);
    return tps__shard_apply(sh, t, off, g, h->count, scale, gmax, &sc->undo,
                            &sc->undo_cap);
}

/* Adds a chunk of the open push to its stage, decoded. It must continue
 * where the previous chunk ended, and carry elements: then the stage never
 * outgrows the slice. Returns 0, TPS_EINVAL with a sentence in err,
 * TPS_ENOMEM, or the decoder's error (nothing staged then). */
static int stage_chunk(sconn_t *sc, const Taups__Header *h,
                       const tps__tensor_t *t, const float *g,
                       const tps__codec_t *codec, const uint8_t *enc,
                       size_t enc_len, int encoded, char *err, size_t errlen) {
    uint64_t off = h->offset - t->lo;
    if (sc->nstaged == 0) {
        sc->stage_off = off;
        sc->stage_n = 0;
        sc->stage_gmax = 0;
    }
    if (h->count == 0 || off != sc->stage_off + sc->stage_n) {
        snprintf(err, errlen,
                 "its chunk of %llu elements at element %llu does not follow "
                 "the previous chunk, which ended at element %llu",
                 (unsigned long long)h->count, (unsigned long long)h->offset,
                 (unsigned long long)(t->lo + sc->stage_off + sc->stage_n));
        return TPS_EINVAL;
    }
    /* A dense chunk that tps__push_dest placed has room already: grow()
     * keeps the buffer, and g, which points into it, stays valid. */
    float *st = grow(sc->stage, &sc->stage_cap,
                     (sc->stage_n + h->count) * sizeof(float));
    if (st == NULL)
        return TPS_ENOMEM;
    sc->stage = st;
    uint64_t *counts = grow(sc->stage_counts, &sc->staged_cap,
                            (sc->nstaged + 1) * sizeof(uint64_t));
    if (counts == NULL)
        return TPS_ENOMEM;
    sc->stage_counts = counts;
    float *dst = st + sc->stage_n;
    uint32_t m = sc->gmax_bits;
    if (encoded) {
        int rc = tps__codec_decode(codec, enc, enc_len, h->count,
                                   h->codec_seed, dst);
        if (rc < 0)
            return rc;
        m = tps__max_abs_bits(dst, h->count);
        if (sc->srv->shard.optim.clip_norm > 0)
            sc->cur_sumsq += tps__sum_squares(dst, h->count);
    } else {
        if (dst != g)
            memcpy(dst, g, h->count * sizeof(float));
        sc->cur_sumsq += sc->sumsq;
    }
    if (m > sc->stage_gmax)
        sc->stage_gmax = m;
    sc->stage_n += h->count;
    counts[sc->nstaged++] = h->count;
    return 0;
}

uint8_t *tps__push_dest(sconn_t *sc, const Taups__Header *h, uint64_t len) {
    const tps__shard_t *sh = &sc->srv->shard;
    int two_phase = sc->srv->two_phase;
    if ((sh->optim.clip_norm <= 0 && !two_phase && sh->dc_workers == 0) ||
        h->codec != 0 ||
        h->zstd || h->count == 0 ||
        len != h->count * sizeof(float) ||
        h->tensor_id >= (uint32_t)sh->ntensors)
        return NULL;
    const tps__tensor_t *t = &sh->tensors[h->tensor_id];
    uint64_t pos;
    if (sc->cur_open && sc->nstaged > 0 && h->request_id == sc->cur_request &&
        h->tensor_id == sc->cur_tensor &&
        h->offset == t->lo + sc->stage_off + sc->stage_n)
        pos = sc->stage_n; /* the next chunk of the push being staged */
    else if ((!h->last || two_phase) && sc->nstaged == 0)
        pos = 0; /* perhaps the first chunk of one */
    else
        return NULL;
    /* Any other use of these bytes (a refusal, a push dropped as stale)
     * leaves them beyond what is staged, where nothing reads them. */
    float *st = grow(sc->stage, &sc->stage_cap,
                     (pos + h->count) * sizeof(float));
    if (st == NULL)
        return NULL;
    sc->stage = st;
    return (uint8_t *)(st + pos);
}

/* --staleness-weight dc: the stage, whole, is compensated for what this
 * worker read, against the parameters now. */
static void dc_stage(sconn_t *sc, const tps__tensor_t *t) {
    const tps__shard_t *sh = &sc->srv->shard;
    if (sh->dc_workers > 0)
        sc->stage_gmax = tps__shard_dc_compensate(sh, t, sc->rank,
                                                  sc->stage_off, sc->stage,
                                                  sc->stage_n);
}

/* Applies (or buffers) the open push's stage, all of it at once: a refusal
 * (TPS_ERANGE) restores all of it. */
static int apply_staged(sconn_t *sc, tps__tensor_t *t, int aggregate) {
    dc_stage(sc, t);
    double scale = sc->cur_scale * clip_scale(sc);
    if (aggregate)
        return tps__syncbuf_add(&t->sync, sc->rank, sc->stage_off, sc->stage,
                                sc->stage_n, (float)scale);
    return tps__shard_apply(&sc->srv->shard, t, sc->stage_off, sc->stage,
                            sc->stage_n, scale,
                            tps__bits_float(sc->stage_gmax), &sc->undo,
                            &sc->undo_cap);
}

/* Two-phase: the open push's stage, whole, checked and kept for its
 * group's fate (fate.c). */
static int prepare_staged(sconn_t *sc, const Taups__Header *h,
                          tps__tensor_t *t) {
    dc_stage(sc, t);
    return tps__fate_prepare(sc, h, t, sc->cur_scale * clip_scale(sc),
                             tps__bits_float(sc->stage_gmax));
}

/* Refuses a push frame for `reason`: answered with the sentence, counted,
 * nothing applied, the stream intact and the worker still connected. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static void refuse(sconn_t *sc, const Taups__Header *h, int reason, int status,
                   const char *fmt, ...) {
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    tps__server_t *s = sc->srv;
    /* The chunks a push staged are refused with it. */
    uint64_t frames = 1;
    if (sc->cur_open && sc->cur_request == h->request_id &&
        sc->cur_tensor == h->tensor_id)
        frames += sc->nstaged;
    s->shard.st.push_frames += frames;
    s->shard.st.refused += frames;
    s->shard.st.refused_by[reason] += frames;
    tps__push_close(sc);
    sc->refused_open = !h->last;
    sc->refused_reason = reason;
    sc->refused_request = h->request_id;
    sc->refused_tensor = h->tensor_id;
    tps__reply_error(sc, h, status, 0, "%s", msg);
}

static void send_push_ok(sconn_t *sc, const tps__push_answer_t *a) {
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__PUSH_OK;
    r.request_id = a->request_id;
    r.tensor_id = a->tensor_id;
    r.offset = a->offset;
    r.count = a->count;
    r.version = a->version;
    r.staleness = a->staleness;
    r.weight = a->weight;
    r.dropped = a->dropped;
    r.applied_staleness = a->applied;
    r.shard = sc->srv->shard.index;
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}

/* Answers a push frame and remembers the answer, so that a repeat of the
 * frame is answered the same way without being applied again. */
static void push_answered(sconn_t *sc, const Taups__Header *h,
                          const tps__tensor_t *t) {
    tps__push_answer_t a = {.request_id = h->request_id,
                            .offset = h->offset,
                            .tensor_id = h->tensor_id,
                            .count = h->count,
                            .version = t->version,
                            .staleness = sc->cur_stale,
                            .applied = sc->cur_applied,
                            .weight = (float)sc->cur_weight,
                            .dropped = sc->cur_drop};
    if (tps__dedup_record(&sc->srv->dedup[sc->rank], &a) < 0)
        tps__log_err(
            "%s: out of memory for the answers of worker %d; a repeat of "
            "this push will be refused, not answered",
            sc->peer, sc->rank);
    send_push_ok(sc, &a);
}

/* A push frame this rank already sent in this session: answered again,
 * never applied twice. Returns 1 when h was such a repeat. */
static int push_repeat(sconn_t *sc, const Taups__Header *h) {
    tps__dedup_t *d = &sc->srv->dedup[sc->rank];
    if (!tps__dedup_is_repeat(d, h->request_id, h->offset))
        return 0;
    const tps__push_answer_t *a = tps__dedup_find(d, h->request_id, h->offset);
    if (a != NULL) {
        sc->srv->shard.st.push_frames++;
        sc->srv->shard.st.duplicates++;
        send_push_ok(sc, a);
    } else {
        refuse(sc, h, TPS_REFUSE_REPEAT, TPS_EINVAL,
               "worker %d repeats push request %llu (offset %llu), which "
               "is older than its last %d answers or was refused; not "
               "applied again",
               sc->rank, (unsigned long long)h->request_id,
               (unsigned long long)h->offset, TPS_DEDUP_WINDOW);
    }
    return 1;
}

/* The largest staleness a client may decide: 2^53, the largest integer
 * every JSON reader of the stats holds exactly. */
#define TPS_MAX_DECIDED_STALENESS (UINT64_C(1) << 53)

/* The staleness, weight, drop verdict and scale of a push, fixed at its
 * first chunk so that all its chunks share them. A push the client decided
 * (docs/design.md §3a) carries one staleness and live-worker count for
 * every shard; otherwise this shard measures its own. */
static int push_fate(sconn_t *sc, const Taups__Header *h,
                     const tps__tensor_t *t) {
    tps__server_t *s = sc->srv;
    const tps__shard_t *sh = &s->shard;
    const tps__consistency_t *cons = &s->cfg.cons;
    int aggregate = tps__consistency_aggregates(cons);
    int nlive = s->members.nlive > 0 ? s->members.nlive : 1;
    int n = nlive;
    if (h->decided) {
        if (h->workers < 1 || h->workers > (uint32_t)s->cfg.workers) {
            tps__reply_error(
                sc, h, TPS_EPROTO, 1,
                "decided push of worker %d counts %u live workers, "
                "outside [1, %d]",
                sc->rank, h->workers, s->cfg.workers);
            return -1;
        }
        if (h->staleness > TPS_MAX_DECIDED_STALENESS) {
            /* No run reaches it; past it the counters and the JSON
             * integers of the stats would wrap. */
            tps__reply_error(
                sc, h, TPS_EPROTO, 1,
                "decided push of worker %d claims a staleness of %llu "
                "updates, more than 2^53",
                sc->rank, (unsigned long long)h->staleness);
            return -1;
        }
        sc->cur_stale = h->staleness;
        n = (int)h->workers;
    } else {
        sc->cur_stale = t->version >= h->version ? t->version - h->version : 0;
    }
    sc->cur_drop = !aggregate && cons->max_staleness >= 0 &&
                   sc->cur_stale > (uint64_t)cons->max_staleness;
    sc->cur_weight =
        aggregate ? 1.0 : tps__staleness_weight(&sh->optim, sc->cur_stale);
    sc->cur_scale = sc->cur_weight;
    /* Asynchronous averaging of local models: each delta counts 1/n, n the
     * live workers, as the synchronous mean divides by the committed ones. */
    if (cons->mode->local_steps && !aggregate)
        sc->cur_scale /= n;
    if (!aggregate && !s->two_phase)
        tps__hist_add(&s->shard.st.staleness, sc->cur_stale);
    return 0;
}

/* A push the client decided to drop: one header-only frame per shard, so
 * that every shard counts the same drop. */
static void handle_decided_drop(sconn_t *sc, const Taups__Header *h,
                                uint64_t len) {
    tps__server_t *s = sc->srv;
    char err[256];
    tps__tensor_t *t = tps__shard_range(&s->shard, h->tensor_id, h->offset, 0,
                                       err, sizeof(err));
    if (t == NULL || h->count != 0 || len != 0 ||
        tps__consistency_aggregates(&s->cfg.cons)) {
        tps__reply_error(
            sc, h, TPS_EPROTO, 1,
            "a dropped push must name a tensor, carry nothing, and "
            "come in a mode that drops: %s",
            t == NULL ? err : "it did not");
        return;
    }
    tps__push_close(sc);
    if (push_fate(sc, h, t) < 0)
        return;
    sc->cur_drop = 1;
    s->shard.st.push_frames++;
    s->shard.st.dropped_frames++;
    if (s->two_phase) {
        /* Counted once its group's fate is known, like any push. */
        push_group(sc, h);
        sc->stage_n = 0;
        if (tps__fate_prepare(sc, h, t, 0, 0) < 0) {
            tps__reply_error(sc, h, TPS_ENOMEM, 1,
                             "out of memory for a dropped push");
            return;
        }
        push_answered(sc, h, t);
        return;
    }
    s->shard.st.dropped++;
    tps__trace(s, "drop", sc->rank, h->clock, (int)h->tensor_id, t->version,
               sc->cur_stale, sc->cur_weight, 0, h->version);
    push_answered(sc, h, t);
}

/* The tensor a push frame may go to: from a worker, not a repeat, not a
 * decided drop (answered here), in range, and not a later chunk of a push
 * refused already. NULL when answered or refused. */
static tps__tensor_t *push_target(sconn_t *sc, const Taups__Header *h,
                                  uint64_t len) {
    if (sc->role != TPS_ROLE_WORKER) {
        tps__reply_error(sc, h, TPS_EPERM, 1,
                         "only workers may push; this connection said hello "
                         "as %s",
                         sc->role == TPS_ROLE_ADMIN ? "admin" : "evaluator");
        return NULL;
    }
    if (push_repeat(sc, h))
        return NULL;
    if (sc->srv->two_phase &&
        tps__fate_fenced(sc, tps__group_of(h))) {
        refuse(sc, h, TPS_REFUSE_SETTLED, TPS_EABORTED,
               "push request %llu of worker %d belongs to group %llu, which "
               "the shards settled as aborted after a connection of this "
               "worker was lost; not applied",
               (unsigned long long)h->request_id, sc->rank,
               (unsigned long long)tps__group_of(h));
        return NULL;
    }
    if (h->decided && h->dropped) {
        handle_decided_drop(sc, h, len);
        return NULL;
    }
    tps__tensor_t *t = tps__check_range(sc, h, len, 1);
    if (t == NULL)
        return NULL;
    if (sc->refused_open && h->request_id == sc->refused_request &&
        h->tensor_id == sc->refused_tensor) {
        refuse(sc, h, sc->refused_reason, TPS_EINVAL,
               "push request %llu of worker %d to tensor \"%s\" was refused "
               "at an earlier chunk; this chunk (element %llu) is discarded "
               "with it",
               (unsigned long long)h->request_id, sc->rank, t->name,
               (unsigned long long)h->offset);
        return NULL;
    }
    return t;
}

/* Aggregating modes: a push for another step than the pending one is
 * answered as dropped (the step went on without it) or refused. Returns
 * 1 when it was, 0 when it belongs to the pending step. */
static int step_mismatch(sconn_t *sc, const Taups__Header *h,
                         tps__tensor_t *t) {
    tps__server_t *s = sc->srv;
    tps__shard_t *sh = &s->shard;
    char why[300];
    int at = tps__step_push_check(sc, h->clock, t->name, why, sizeof(why));
    if (at == TPS__PUSH_PENDING)
        return 0;
    if (at == TPS__PUSH_REFUSED) {
        refuse(sc, h, TPS_REFUSE_STEP, TPS_EINVAL, "%s", why);
        return 1;
    }
    tps__push_close(sc);
    sh->st.push_frames++;
    sh->st.dropped_frames++;
    if (h->last)
        sh->st.dropped++;
    sc->cur_stale = s->step - h->clock;
    sc->cur_weight = 1;
    sc->cur_drop = 1;
    push_answered(sc, h, t);
    sc->cur_drop = 0;
    return 1;
}

/* The first chunk of a logical push: one left unfinished before it is
 * abandoned, and its fate is decided. A pull of this tensor waits until
 * its last chunk. Returns 0, or -1 when refused. */
static int push_open(sconn_t *sc, const Taups__Header *h, tps__tensor_t *t) {
    tps__push_close(sc);
    if (push_fate(sc, h, t) < 0)
        return -1;
    sc->cur_open = 1;
    sc->cur_tensor = h->tensor_id;
    sc->cur_request = h->request_id;
    push_group(sc, h);
    sc->cur_claim = h->grad_norm;
    sc->cur_sumsq = 0;
    sc->cur_applied = 0;
    t->pushing++;
    if (!(h->grad_norm >= 0 && h->grad_norm <= FLT_MAX)) {
        /* max(claim, what the shard sees) must mean something: a NaN
         * claim would compare false and a negative one be ignored. */
        refuse(sc, h, TPS_REFUSE_NORM, TPS_EINVAL,
               "push from worker %d to tensor \"%s\" claims a gradient "
               "norm of %g; a norm is a finite number >= 0; rejected",
               sc->rank, t->name, (double)h->grad_norm);
        return -1;
    }
    return 0;
}

/* A chunk that could not be applied (rc < 0): nothing was, and it is
 * refused with the reason; out of memory closes the connection. */
static void push_failed(sconn_t *sc, const Taups__Header *h,
                        const tps__tensor_t *t, int rc, int staged,
                        const char *err) {
    if (rc == TPS_ENOMEM) {
        tps__reply_error(sc, h, TPS_ENOMEM, 1, "out of memory applying a push");
        return;
    }
    if (rc == TPS_ERANGE) {
        /* Finite gradient, finite parameters, but together with the step
         * size they overflow: the elements were restored. The last chunk,
         * staged with the others, is the refused frame itself. */
        if (staged)
            sc->nstaged--;
        refuse(sc, h, TPS_REFUSE_NONFINITE_PARAM, TPS_ERANGE,
               "push from worker %d to tensor \"%s\" (elements [%llu, "
               "+%llu)): this update would make parameters non-finite (lr "
               "too large?); rejected, parameters unchanged",
               sc->rank, t->name,
               (unsigned long long)(staged ? t->lo + sc->stage_off : h->offset),
               (unsigned long long)(staged ? sc->stage_n : h->count));
        return;
    }
    if (rc == TPS_EINVAL && err[0]) {
        refuse(sc, h, TPS_REFUSE_MALFORMED, rc,
               "push request %llu of worker %d to tensor \"%s\": %s; "
               "rejected, parameters unchanged",
               (unsigned long long)h->request_id, sc->rank, t->name, err);
        return;
    }
    /* The decoder validates before it writes: nothing was applied. */
    refuse(sc, h, TPS_REFUSE_MALFORMED, rc,
           "push from worker %d to tensor \"%s\": malformed %s "
           "payload (%s); rejected, parameters unchanged",
           sc->rank, t->name, "codec", tps_strerror(rc));
}

/* A chunk applied, staged to the end, or dropped: counted, and at the
 * last chunk the push's update (a version, or its part in the step). */
static void push_count(sconn_t *sc, const Taups__Header *h, tps__tensor_t *t,
                       int staged, int aggregate) {
    tps__server_t *s = sc->srv;
    tps__shard_t *sh = &s->shard;
    uint64_t frames = staged && !sc->cur_drop ? sc->nstaged : 1;
    sh->st.push_frames += frames;
    if (sc->cur_drop)
        sh->st.dropped_frames++;
    else
        sh->st.applied_frames += frames;
    if (!h->last || s->two_phase)
        return; /* two-phase: counted when its group is decided (fate.c) */
    if (sc->cur_drop) {
        sh->st.dropped++;
    } else {
        if (aggregate) {
            /* Counted when a step takes it (step.c): a push whose worker
             * dies before its CLOCK is discarded on every shard alike. */
            t->sync.done[sc->rank] = 1;
            t->sync.samples[sc->rank] = h->samples;
        } else {
            sh->st.pushes++;
            sc->cur_applied =
                t->version >= h->version ? t->version - h->version : 0;
            tps__hist_add(&sh->st.staleness_applied, sc->cur_applied);
            t->version++;
            sh->st.steps++;
        }
    }
    tps__trace(s, sc->cur_drop ? "drop" : "push", sc->rank, h->clock,
               (int)h->tensor_id, t->version, sc->cur_stale, sc->cur_weight,
               0, h->version);
}

/* Answers the chunk (or every staged chunk, in order, with what the push
 * did); a last chunk closes the push and may release held pulls. */
static void push_reply(sconn_t *sc, const Taups__Header *h, tps__tensor_t *t,
                       int staged) {
    tps__server_t *s = sc->srv;
    if (staged && !sc->cur_drop) {
        Taups__Header fh = *h;
        fh.offset = t->lo + sc->stage_off;
        for (size_t k = 0; k < sc->nstaged; k++) {
            fh.count = sc->stage_counts[k];
            push_answered(sc, &fh, t);
            fh.offset += fh.count;
        }
    } else {
        push_answered(sc, h, t);
    }
    if (h->last) {
        sc->cur_streamed = 0; /* whole: its update is counted above */
        tps__push_close(sc);
        if (s->pending)
            tps__pull_process_pending(s);
    }
}

void tps__push_handle(sconn_t *sc, const Taups__Header *h, uint8_t *payload,
                      uint64_t len) {
    tps__server_t *s = sc->srv;
    tps__shard_t *sh = &s->shard;
    tps__tensor_t *t = push_target(sc, h, len);
    if (t == NULL)
        return;
    const float *g = (const float *)payload;
    tps__codec_t codec;
    const uint8_t *enc = NULL;
    size_t enc_len = 0;
    int encoded = h->codec != 0 || h->zstd;
    if (encoded &&
        unwrap_push(sc, h, t, payload, len, &codec, &enc, &enc_len) < 0)
        return;
    uint64_t bad = encoded ? UINT64_MAX : sc->nonfinite;
    if (bad < h->count) {
        /* Checked before applying anything: one NaN would poison every
         * parameter it touches and, through them, every worker. The
         * stream is intact, so the worker stays connected. */
        refuse(sc, h, TPS_REFUSE_NONFINITE_GRAD, TPS_EINVAL,
               "push from worker %d to tensor \"%s\" has %s at element "
               "%llu; rejected, parameters unchanged",
               sc->rank, t->name, isnan(g[bad]) ? "NaN" : "Inf",
               (unsigned long long)(h->offset + bad));
        return;
    }
    int aggregate = tps__consistency_aggregates(&s->cfg.cons);
    if (aggregate && step_mismatch(sc, h, t))
        return;
    if ((!sc->cur_open || sc->cur_tensor != h->tensor_id ||
         sc->cur_request != h->request_id) &&
        push_open(sc, h, t) < 0)
        return;
    tps__codec_stats_t *cs = tps__codec_stats(sh, h->codec, h->codec_ratio);
    cs->push_frames++;
    cs->raw_in += h->count * sizeof(float);
    cs->wire_in += TPS_PREAMBLE_LEN + sc->c.rd.hlen + len;
    /* With clipping, a push of several chunks is staged and applied at its
     * last, so that the clip factor is decided over all of it, and one cut
     * off or refused midway changes nothing. Otherwise each chunk is
     * applied as it comes, while it is in cache and while the next is on
     * the wire (staging cost 18% of a 16 MiB push); one cut off midway is
     * then an update of its own (tps__push_close). A push of one chunk, the
     * common case, is applied as it stands. Two-phase pushes are all
     * staged, and kept at their last chunk for their group's fate; so are
     * pushes to be compensated (dc), whose whole gradient is changed. */
    int two = s->two_phase;
    int staged = two || sh->dc_workers > 0 ||
                 (sh->optim.clip_norm > 0 && (!h->last || sc->nstaged > 0));
    int rc = 0;
    char err[256] = "";
    if (sc->cur_drop) {
        /* too stale: answered, nothing applied (two-phase: once its
         * group's fate is known, counted) */
        sc->stage_n = 0;
        rc = two && h->last ? tps__fate_prepare(sc, h, t, 0, 0) : 0;
    } else if (two && h->count == 0 && t->lo == t->hi) {
        /* The slice is empty, but the group goes to every shard, so that
         * every shard takes part in its fate. */
        staged = 0;
        rc = tps__fate_prepare(sc, h, t, 0, 0);
    } else if (!staged) {
        rc = apply_one(sc, h, t, g, &codec, enc, enc_len, encoded, aggregate);
        if (rc == 0 && !h->last)
            sc->cur_streamed++;
    } else {
        rc = stage_chunk(sc, h, t, g, &codec, enc, enc_len, encoded, err,
                         sizeof(err));
        if (rc == 0 && !h->last)
            return; /* answered with the rest at the last chunk */
        if (rc == 0)
            rc = two ? prepare_staged(sc, h, t)
                     : apply_staged(sc, t, aggregate);
    }
    if (rc < 0) {
        push_failed(sc, h, t, rc, staged, err);
        return;
    }
    push_count(sc, h, t, staged, aggregate);
    push_reply(sc, h, t, staged);
}

/* A worker finished an iteration: its clock moves, and in sync modes its
 * pushes of the pending step are committed. */
void tps__clock_handle(sconn_t *sc, const Taups__Header *h) {
    tps__server_t *s = sc->srv;
    if (sc->role != TPS_ROLE_WORKER) {
        tps__reply_error(sc, h, TPS_EINVAL, 1, "only workers have a clock");
        return;
    }
    if (h->clock > sc->clock)
        sc->clock = h->clock;
    if (!s->shard.aggregate) {
        if (tps__members_advance(&s->members, sc->rank, h->clock)) {
            tps__trace(s, "clock", sc->rank, h->clock, -1, 0, 0, 0, 0, 0);
            tps__pull_process_pending(s);
        }
        return;
    }
    if (s->behind && h->clock > s->step + 1)
        tps__step_catch_up(s, sc->rank, h->clock - 1);
    if (h->clock <= s->step)
        return; /* a step already taken: a repeat, harmless */
    if (h->clock > s->step + 1) {
        tps__reply_error(
            sc, h, TPS_EINVAL, 0,
            "%s mode: worker %d ends clock %llu, but the shard is at "
            "step %llu; ignored",
            s->cfg.cons.mode->name, sc->rank,
            (unsigned long long)h->clock - 1, (unsigned long long)s->step);
        return;
    }
    tps__members_advance(&s->members, sc->rank, h->clock);
    if (!s->members.committed[sc->rank]) {
        tps__members_commit(&s->members, sc->rank, h->samples);
        tps__trace(s, "clock", sc->rank, h->clock, -1, s->step, 0, 0, 0, 0);
        tps__step_try(s);
    }
}

/* The tensor's version now and the live workers: what a client needs to
 * decide one staleness for a push on every shard. */
void tps__version_handle(sconn_t *sc, const Taups__Header *h) {
    tps__shard_t *sh = &sc->srv->shard;
    if (h->tensor_id >= (uint32_t)sh->ntensors) {
        tps__reply_error(sc, h, TPS_ENOENT, 0,
                         "no tensor with id %u on shard %u", h->tensor_id,
                         sh->index);
        return;
    }
    Taups__Header r = TAUPS__HEADER__INIT;
    r.op = TAUPS__OP__VERSION_OK;
    r.request_id = h->request_id;
    r.tensor_id = h->tensor_id;
    r.version = sh->tensors[h->tensor_id].version;
    r.workers = (uint32_t)sc->srv->members.nlive;
    r.shard = sh->index;
    tps__send_or_close(sc, &r, NULL, 0, NULL, NULL);
}
