/* SPDX-License-Identifier: MIT */
/* The shard's reports: the summary log line and the stats reply, built
 * with jansson from a view that server.c fills in; see stats.h.
 *
 * Must NOT change what it reports on or know about connections: it reads
 * tps__stats_view_t and nothing else. */
#include "stats.h"
#include "fate.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "tps_codec.h"
#include "tps_log.h"

void tps__stats_log(const tps__stats_view_t *v, const char *when) {
    const tps__shard_stats_t *st = &v->shard->st;
    tps__log(
        "%s: %.1f s up, %d tensors, %d %s live, %llu pushes "
        "(%llu frames, %llu steps), %llu dropped, %llu refused, %llu "
        "protocol errors, %llu refused handshakes, %llu pulls "
        "(%llu blocked, %.3f s), staleness mean %.2f max %llu, %.1f MB in, "
        "%.1f MB out",
        when, v->uptime_s, v->shard->ntensors, v->workers,
        v->workers == 1 ? "worker" : "workers", (unsigned long long)st->pushes,
        (unsigned long long)st->push_frames, (unsigned long long)st->steps,
        (unsigned long long)st->dropped, (unsigned long long)st->refused,
        (unsigned long long)v->protocol_errors,
        (unsigned long long)v->handshakes_refused,
        (unsigned long long)st->pulls, (unsigned long long)st->pulls_blocked,
        st->blocked_s, tps__hist_mean(&st->staleness),
        (unsigned long long)st->staleness.max, (double)v->bytes_in / 1e6,
        (double)v->bytes_out / 1e6);
}

/* jansson integers are signed: a counter past 2^63 (only a clock a worker
 * made up can get there) is written negative, and taups-ctl casts it back. */
static json_int_t u64(uint64_t x) {
    return (json_int_t)x;
}

/* Appends v (taken) to a. On failure a is released too and NULL returned,
 * which makes the caller's json_pack fail. */
static json_t *append(json_t *a, json_t *v) {
    if (json_array_append_new(a, v) == 0)
        return a;
    json_decref(a);
    return NULL;
}

/* x to `scale` (1e3: milliseconds): the reply shows what was measured, not
 * the noise of the last bits. */
static double rounded(double x, double scale) {
    return round(x * scale) / scale;
}

/* A string from outside (a tensor name) need not be UTF-8, which JSON
 * requires; if it is not, its bytes past ASCII read as '?' rather than the
 * whole reply failing. */
static json_t *text(const char *s) {
    json_t *j = json_string(s);
    if (j != NULL)
        return j;
    char *copy = strdup(s);
    if (copy == NULL)
        return NULL;
    for (char *p = copy; *p; p++)
        if ((unsigned char)*p >= 0x80)
            *p = '?';
    j = json_string(copy);
    free(copy);
    return j;
}

/* Live ranks' clocks; null for a rank that has not joined or has left. */
static json_t *clocks_json(const tps__members_t *m) {
    json_t *a = json_array();
    for (int r = 0; r < m->n; r++)
        a = append(a,
                   m->live[r] ? json_integer(u64(m->clock[r])) : json_null());
    return a;
}

void tps__stats_codec_name(const tps__codec_stats_t *cs, char *name,
                           size_t len) {
    tps__codec_t codec;
    snprintf(name, len, "invalid");
    if (tps__codec_unpack(&codec, cs->id, cs->ratio) == 0) {
        /* The spec alone ("topk:0.01"), without the description. */
        tps__codec_describe(&codec, name, len);
        name[strcspn(name, " ")] = '\0';
    }
}

static json_t *codecs_json(const tps__shard_stats_t *st) {
    json_t *a = json_array();
    for (int i = 0; i < TPS_CODEC_STATS; i++) {
        const tps__codec_stats_t *cs = &st->codecs[i];
        if (!cs->used)
            continue;
        char name[64];
        tps__stats_codec_name(cs, name, sizeof(name));
        double in = cs->wire_in ? (double)cs->raw_in / (double)cs->wire_in : 0;
        double out =
            cs->wire_out ? (double)cs->raw_out / (double)cs->wire_out : 0;
        a = append(a,
                   json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:f, s:f}",
                             "codec", name, "push_frames", u64(cs->push_frames),
                             "raw_in", u64(cs->raw_in), "wire_in",
                             u64(cs->wire_in), "pull_frames",
                             u64(cs->pull_frames), "raw_out", u64(cs->raw_out),
                             "wire_out", u64(cs->wire_out), "ratio_in",
                             rounded(in, 1e6), "ratio_out", rounded(out, 1e6)));
    }
    return a;
}

/* A table's rows on this shard, what became of their pushes, and the
 * hottest ids pushed here ([[id, pushes], ...], most first). */
static json_t *table_json(int id, const tps__tensor_t *t) {
    const tps__table_t *tb = t->table;
    uint64_t hid[8], hn[8];
    int nh = tps__table_hot(tb, 8, hid, hn);
    json_t *hot = json_array();
    for (int k = 0; k < nh; k++)
        hot = append(hot, json_pack("[I, I]", u64(hid[k]), u64(hn[k])));
    return json_pack("{s:i, s:o, s:s, s:i, s:I, s:I, s:I, s:I, s:I, s:I, "
                     "s:I, s:o}",
                     "id", id, "name", text(t->name), "kind", "table", "dim",
                     (int)t->dim, "rows", u64(tb->rows), "bytes",
                     u64(tb->bytes), "row_pushes", u64(t->row_pushes),
                     "row_pulls", u64(t->row_pulls), "stale",
                     u64(t->row_stale), "not_admitted", u64(tb->not_admitted),
                     "full", u64(tb->full), "hot", hot);
}

static json_t *tensors_json(const tps__shard_t *sh) {
    json_t *a = json_array();
    for (int i = 0; i < sh->ntensors; i++) {
        const tps__tensor_t *t = &sh->tensors[i];
        if (t->kind == TPS__KIND_TABLE) {
            a = append(a, table_json(i, t));
            continue;
        }
        a = append(a, json_pack("{s:i, s:o, s:I, s:I, s:I, s:I, s:b}", "id",
                                i, "name", text(t->name), "length", u64(t->n),
                                "lo", u64(t->lo), "hi", u64(t->hi), "version",
                                u64(t->version), "assigned", t->assigned));
    }
    return a;
}

/* Two-phase pushes (docs/design.md §3a): how their groups were decided. */
static json_t *fates_json(const tps__fates_t *f) {
    return json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}",
                     "commits", u64(f->commits), "commits_unknown",
                     u64(f->commits_unknown), "aborts", u64(f->aborts),
                     "settled_committed", u64(f->settled_committed),
                     "settled_aborted", u64(f->settled_aborted), "fenced",
                     u64(f->fenced), "settling", u64(f->norphans),
                     "commit_refused", u64(f->commit_refused), "deferred",
                     u64(f->deferred));
}

/* The links to the other shards: [{"shard":1,"up":true,...}], empty for a
 * shard alone. */
static json_t *peers_json(const tps__shard_t *sh,
                          const tps__peer_link_t *links) {
    json_t *a = json_array();
    for (uint32_t i = 0; links && i < sh->nshards; i++) {
        if (i == sh->index)
            continue;
        a = append(a, json_pack("{s:I, s:b, s:I, s:I}", "shard", u64(i), "up",
                                links[i].up, "ups", u64(links[i].ups),
                                "reconnects", u64(links[i].reconnects)));
    }
    return a;
}

/* The barrier open (docs/design.md §3b): its number and who is in it. */
static json_t *barrier_json(const tps__stats_view_t *v) {
    json_t *in = json_array();
    for (int r = 0; v->barrier_arrived && r < v->barrier_ranks; r++)
        if (v->barrier_arrived[r])
            in = append(in, json_integer(r));
    return json_pack("{s:I, s:o}", "generation", u64(v->barrier_generation),
                     "arrived", in);
}

char *tps__stats_json(const tps__stats_view_t *v) {
    const tps__shard_t *sh = v->shard;
    const tps__shard_stats_t *st = &sh->st;
    char opt[256];
    tps__optim_describe(&sh->optim, opt, sizeof(opt));
    /* A failure anywhere below (out of memory) leaves a NULL that makes
     * json_pack fail, and json_pack releases what it was given. */
    json_t *doc = json_pack(
        "{s:I, s:I, s:o, s:s, s:s, s:f, s:i, s:i, s:I, s:I, s:I, s:I, s:I, "
        "s:I, s:I, s:I, s:f, s:I, s:I, s:o, s:o, s:o, s:o}",
        "shard", u64(sh->index), "shards", u64(sh->nshards), "listen",
        text(v->listen), "mode", v->mode->name, "optimizer", opt,
        "uptime_s", rounded(v->uptime_s, 1e3), "connections", v->connections,
        "workers", v->workers, "pushes", u64(st->pushes), "push_frames",
        u64(st->push_frames), "steps", u64(st->steps), "dropped",
        u64(st->dropped), "refused", u64(st->refused), "duplicates",
        u64(st->duplicates), "pulls",
        u64(st->pulls), "pulls_blocked", u64(st->pulls_blocked), "blocked_s",
        rounded(st->blocked_s, 1e6), "bytes_in", u64(v->bytes_in), "bytes_out",
        u64(v->bytes_out), "staleness", tps__hist_json(&st->staleness),
        "worker_clocks", clocks_json(v->members), "codecs", codecs_json(st),
        "tensors", tensors_json(sh));
    if (doc != NULL) {
        /* push_frames = applied_frames + dropped_frames + duplicates +
         * refused; protocol errors are frames that got the connection
         * closed, counted apart, as are refused handshakes and
         * authentication failures. */
        json_t *rb = json_object();
        for (int i = 0; i < TPS_NREFUSE; i++)
            json_object_set_new(rb, tps__refuse_name(i),
                                json_integer(u64(st->refused_by[i])));
        json_object_set_new(doc, "refused_by", rb);
        json_object_set_new(doc, "applied_frames",
                            json_integer(u64(st->applied_frames)));
        json_object_set_new(doc, "dropped_frames",
                            json_integer(u64(st->dropped_frames)));
        json_object_set_new(doc, "backup_dropped",
                            json_integer(u64(st->backup_dropped)));
        json_object_set_new(doc, "partial_pushes",
                            json_integer(u64(st->partial)));
        json_object_set_new(doc, "steps_refused",
                            json_integer(u64(st->steps_refused)));
        json_object_set_new(doc, "peers", peers_json(sh, v->links));
        json_object_set_new(doc, "protocol_errors",
                            json_integer(u64(v->protocol_errors)));
        json_object_set_new(doc, "handshakes_refused",
                            json_integer(u64(v->handshakes_refused)));
        json_object_set_new(doc, "auth_failures",
                            json_integer(u64(v->auth_failures)));
        json_object_set_new(doc, "connections_refused",
                            json_integer(u64(v->connections_refused)));
        json_object_set_new(doc, "timeouts", json_integer(u64(v->timeouts)));
        json_object_set_new(doc, "handshakes_evicted",
                            json_integer(u64(v->handshakes_evicted)));
        json_object_set_new(doc, "held_pulls",
                            json_integer(u64(v->held_pulls)));
        json_object_set_new(doc, "reply_frames_turn_max",
                            json_integer(u64(v->reply_frames_turn_max)));
        json_object_set_new(doc, "memory_bytes", json_integer(u64(sh->bytes)));
        json_object_set_new(doc, "memory_max_bytes",
                            json_integer(u64(v->memory_max)));
        json_object_set_new(doc, "loop_busy_max_ms",
                            json_real(rounded(v->loop_busy_max_ms, 1e3)));
        json_object_set_new(doc, "staleness_applied",
                            tps__hist_json(&st->staleness_applied));
        if (v->fates)
            json_object_set_new(doc, "agreement", fates_json(v->fates));
        json_object_set_new(doc, "barrier", barrier_json(v));
        json_object_set_new(doc, "checkpoint_age_s",
                            v->checkpoint_age_s < 0
                                ? json_null()
                                : json_real(rounded(v->checkpoint_age_s, 1e3)));
    }
    /* One line, with the ", " and ": " of jansson's default layout that
     * people and line tools (grep '"pushes": 20') read; reals as short as
     * they round-trip to 15 digits. */
    char *json = json_dumps(doc, JSON_REAL_PRECISION(DBL_DIG));
    json_decref(doc);
    return json;
}
