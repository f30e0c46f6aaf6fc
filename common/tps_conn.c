/* SPDX-License-Identifier: MIT */
/* Frame-carrying TCP connection; see tps_conn.h. */
#include "tps_conn.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include "taups_error.h"

/* A frame held back by the link shaper: its preamble and header are copied
 * here (the caller's header does not outlive the send call), the payload is
 * only pointed to, as on the direct path. */
typedef struct held_s {
    uv_write_t req;
    struct held_s *next;
    tps__conn_t *c;
    double release_ms;
    tps__write_cb cb;
    void *arg;
    const void *payload;
    uint64_t plen;
    size_t mlen, tlen; /* meta[] holds the preamble and header, then the tag */
    uint8_t meta[];
} held_t;

/* Until the connection closes, the timer is armed exactly when the queue is
 * not empty. */
struct tps__link_q_s {
    uv_timer_t timer;
    tps__link_sched_t sched;
    held_t *head, *tail;
    uint64_t held_bytes;
};

/* A batch's buffers point into its own meta[] only once it is handed to
 * libuv: meta[] may move while it grows, so until then such a buffer holds
 * an offset and is flagged in is_meta[]. */
typedef struct batch_cb_s {
    tps__write_cb cb;
    void *arg;
} batch_cb_t;

struct tps__batch_s {
    uv_write_t req;
    tps__conn_t *c;
    tps__batch_t *next_failed;
    int status;          /* a write libuv refused at once */
    unsigned nbufs, bufcap, nframes, ncbs, cbcap;
    size_t mused, mcap;
    uint64_t bytes;
    uv_buf_t *bufs;
    uint8_t *is_meta;
    batch_cb_t *cbs;
    uint8_t *meta;
};

static double now_ms(void) {
    return (double)uv_hrtime() / 1e6;
}

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf) {
    tps__conn_t *c = (tps__conn_t *)h;
    /* Reading restarts only once the staged bytes are parsed
     * (maybe_resume), so the staging buffer is free here. */
    uint8_t *base;
    size_t want;
    (void)suggested;
    tps__reader_want(&c->rd, &base, &want);
    if (c->rd.state == TPS_RD_PAYLOAD && want >= TPS_STAGING_SIZE) {
        /* The kernel copies straight into the payload's destination. */
        buf->base = (char *)base;
        buf->len = want;
    } else {
        buf->base = (char *)c->staging;
        buf->len = TPS_STAGING_SIZE;
    }
}

static void progress(tps__conn_t *c) {
    if (c->on_progress == NULL || c->rd.plen == 0)
        return;
    uint64_t to = c->rd.state == TPS_RD_PAYLOAD ? c->rd.got : c->rd.plen;
    if (to > c->progress_seen)
        c->on_progress(c, c->rd.payload, c->progress_seen, to);
    c->progress_seen = to;
}

static void deliver(tps__conn_t *c) {
    progress(c);
    c->progress_seen = 0;
    c->on_frame(c, c->rd.hdr, c->rd.payload, c->rd.plen);
    tps__reader_next(&c->rd);
    c->frame_at = now_ms();
}

static void on_turn(uv_idle_t *h);
static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf);

/* `reading` says whether libuv reads; whether frames may be parsed is
 * `may_parse`. */
static void start_reading(tps__conn_t *c) {
    if (!c->reading && !c->closing && !c->stopped &&
        uv_read_start((uv_stream_t *)&c->tcp, on_alloc, on_read) == 0)
        c->reading = 1;
}

static void stop_reading(tps__conn_t *c) {
    if (c->reading)
        uv_read_stop((uv_stream_t *)&c->tcp);
    c->reading = 0;
}

static int may_parse(const tps__conn_t *c) {
    return !c->closing && !c->paused && !c->yielded && !c->stopped;
}

/* Stops reading until the next turn of the loop, after the other
 * connections' events. */
static void yield_turn(tps__conn_t *c) {
    stop_reading(c);
    c->yielded = 1;
    uv_idle_start(&c->turn, on_turn);
}

/* Parses the staged bytes until they run out, the connection pauses (its
 * replies pile up: the rest waits for them to drain), its turn is over, or
 * it closes. */
static int drain_staged(tps__conn_t *c) {
    int rc = 0;
    size_t used;
    unsigned frames = 0;
    c->draining = 1;
    while (c->staged_len > 0 && may_parse(c)) {
        if (frames == TPS_FRAMES_PER_TURN) {
            yield_turn(c);
            break;
        }
        rc = tps__reader_feed(&c->rd, c->staging + c->staged_off,
                             c->staged_len, &used);
        c->staged_off += used;
        c->staged_len -= used;
        if (rc < 0)
            break;
        if (rc == 1) {
            deliver(c);
            frames++;
        }
    }
    c->draining = 0;
    return rc;
}

/* Reading restarts once the staged bytes are parsed, unless something
 * stopped it meanwhile. */
static void resume_reading(tps__conn_t *c) {
    int rc = drain_staged(c);
    if (rc < 0 && !c->closing) {
        c->on_error(c, rc);
        return;
    }
    if (may_parse(c) && c->staged_len == 0)
        start_reading(c);
}

static void on_turn(uv_idle_t *h) {
    tps__conn_t *c = h->data;
    uv_idle_stop(h);
    if (!c->yielded)
        return;
    c->yielded = 0;
    if (may_parse(c)) /* else maybe_resume takes over once replies drain */
        resume_reading(c);
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf) {
    tps__conn_t *c = (tps__conn_t *)s;
    if (nread < 0) {
        c->on_error(c, (int)nread);
        return;
    }
    if (nread == 0 || c->closing)
        return;
    c->bytes_in += (uint64_t)nread;
    c->rx_at = now_ms();
    if (c->rd.state == TPS_RD_PREAMBLE && c->rd.got == 0)
        c->frame_at = c->rx_at;
    int rc;
    if ((uint8_t *)buf->base != c->staging) {
        c->rd.direct_reads++;
        rc = tps__reader_commit(&c->rd, (size_t)nread);
        if (rc == 1)
            deliver(c);
        else if (rc == 0)
            progress(c);
    } else {
        c->staged_off = 0;
        c->staged_len = (size_t)nread;
        rc = drain_staged(c);
    }
    if (rc < 0 && !c->closing) {
        c->on_error(c, rc);
        return;
    }
    /* A pause that began and ended while the frames were handled. */
    if (may_parse(c) && c->staged_len == 0)
        start_reading(c);
    /* The replies to what this read brought go out together, now. */
    tps__conn_flush(c);
}

static int conn_init(uv_loop_t *loop, tps__conn_t *c, int is_pipe,
                     const tps__limits_t *lim, tps__payload_dest_cb dest_cb,
                     void *dest_arg) {
    int err = tps__reader_init(&c->rd, lim, dest_cb, dest_arg);
    if (err < 0)
        return err;
    c->staging = malloc(TPS_STAGING_SIZE);
    if (c->staging == NULL) {
        tps__reader_free(&c->rd);
        return TPS_ENOMEM;
    }
    c->is_pipe = is_pipe;
    err =
        is_pipe ? uv_pipe_init(loop, &c->pipe, 0) : uv_tcp_init(loop, &c->tcp);
    if (err < 0) {
        free(c->staging);
        tps__reader_free(&c->rd);
        return err;
    }
    c->tcp.data = c;
    /* Cannot fail on a live loop; counted in open_handles below. */
    uv_idle_init(loop, &c->turn);
    c->turn.data = c;
    uv_idle_init(loop, &c->flush);
    c->flush.data = c;
    c->batch = c->spare = c->failed = NULL;
    c->copy_spare = NULL;
    c->batches_out = 0;
    c->closing = c->reading = c->paused = 0;
    c->yielded = c->stopped = 0;
    c->high_water = TPS_WRITE_HIGH_WATER;
    c->queued = 0;
    c->staged_off = c->staged_len = 0;
    c->draining = 0;
    c->rx_at = c->frame_at = now_ms();
    c->on_progress = NULL;
    c->progress_seen = 0;
    c->bytes_in = c->bytes_out = c->frames_out = 0;
    c->link = NULL;
    c->open_handles = 3;
    c->tagged = 0;
    return 0;
}

int tps__conn_init(uv_loop_t *loop, tps__conn_t *c, const tps__limits_t *lim,
                  tps__payload_dest_cb dest_cb, void *dest_arg) {
    return conn_init(loop, c, 0, lim, dest_cb, dest_arg);
}

int tps__conn_init_pipe(uv_loop_t *loop, tps__conn_t *c,
                        const tps__limits_t *lim, tps__payload_dest_cb dest_cb,
                        void *dest_arg) {
    return conn_init(loop, c, 1, lim, dest_cb, dest_arg);
}

void tps__conn_set_mac(tps__conn_t *c, const tps__key_t *key, int side,
                      const uint8_t nonce_c[TPS_NONCE_BYTES],
                      const uint8_t nonce_s[TPS_NONCE_BYTES]) {
    int peer = side == TPS_AUTH_SHARD ? TPS_AUTH_CLIENT : TPS_AUTH_SHARD;
    tps__fmac_init(&c->tx_mac, key, side, nonce_c, nonce_s);
    tps__fmac_init(&c->rx_mac, key, peer, nonce_c, nonce_s);
    tps__reader_set_mac(&c->rd, &c->rx_mac);
    c->tagged = 1;
}

static size_t tag_len(const tps__conn_t *c) {
    return c->tagged ? TPS_TAG_BYTES : 0;
}

int tps__conn_start(tps__conn_t *c) {
    if (!c->is_pipe) {
        uv_tcp_nodelay(&c->tcp, 1);
    } else {
        int sz = 4 << 20;
        uv_send_buffer_size((uv_handle_t *)&c->tcp, &sz);
        sz = 4 << 20;
        uv_recv_buffer_size((uv_handle_t *)&c->tcp, &sz);
    }
    int err = uv_read_start((uv_stream_t *)&c->tcp, on_alloc, on_read);
    c->reading = err == 0;
    return err;
}

int tps__conn_keepalive(tps__conn_t *c, double seconds) {
    if (c->is_pipe || seconds <= 0)
        return 0;
    unsigned idle = seconds >= 3 ? (unsigned)(seconds / 3) : 1;
    int err = uv_tcp_keepalive(&c->tcp, 1, idle);
    uv_os_fd_t fd;
    if (err == 0)
        err = uv_fileno((const uv_handle_t *)&c->tcp, &fd);
    if (err < 0)
        return err;
    int intvl = seconds >= 9 ? (int)(seconds / 9) : 1, cnt = 3;
    unsigned user_ms = (unsigned)(seconds * 1000);
    if (setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &intvl, sizeof(intvl)) < 0 ||
        setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &cnt, sizeof(cnt)) < 0 ||
        setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &user_ms,
                   sizeof(user_ms)) < 0)
        return uv_translate_sys_error(errno);
    return 0;
}

typedef struct send_ctx_s {
    tps__conn_t *c;
    tps__write_cb cb;
    void *arg;
    uint64_t bytes; /* the frame's */
} send_ctx_t;

static void maybe_resume(tps__conn_t *c) {
    if (!c->paused || c->closing || c->stopped ||
        c->queued >= c->high_water / 2)
        return;
    c->paused = 0;
    if (c->on_drain != NULL) {
        c->on_drain(c);
        if (c->paused || c->closing)
            return;
    }
    /* A write callback that runs while staged frames are being handled
     * leaves them to the drain already running; a yielded connection waits
     * for its turn. Otherwise the frames read before the pause are parsed
     * at the next turn, not in this callback: write callbacks come by the
     * dozen in one turn, and each resuming at once let one connection have
     * thousands of frames handled in a turn. */
    if (!c->draining && !c->yielded)
        yield_turn(c);
}

void tps__conn_stop_reading(tps__conn_t *c) {
    c->stopped = 1;
    c->yielded = 0;
    uv_idle_stop(&c->turn);
    stop_reading(c);
}

/* Stops reading from a peer whose replies pile up unread. */
static void maybe_pause(tps__conn_t *c) {
    if (!c->paused && !c->closing && c->queued > c->high_water) {
        c->paused = 1;
        c->pauses++;
        stop_reading(c);
    }
}

/* A write of `bytes` finished: the kernel took them (status 0). */
static void write_done(tps__conn_t *c, uint64_t bytes, int status) {
    c->queued -= bytes + TPS_WRITE_OVERHEAD;
    if (status == 0)
        c->bytes_out += bytes;
    maybe_resume(c);
}

static void on_sent(void *arg, int status) {
    send_ctx_t *ctx = arg;
    write_done(ctx->c, ctx->bytes, status);
    if (ctx->cb)
        ctx->cb(ctx->arg, status);
    free(ctx);
}

static void on_held_written(uv_write_t *req, int status) {
    held_t *hd = (held_t *)req;
    write_done(hd->c, hd->mlen + hd->plen + hd->tlen, status);
    if (hd->cb)
        hd->cb(hd->arg, status);
    free(hd);
}

static void on_link_timer(uv_timer_t *t);

static void arm_link_timer(tps__link_q_t *q) {
    double wait = ceil(q->head->release_ms - now_ms());
    uv_timer_start(&q->timer, on_link_timer, wait > 0 ? (uint64_t)wait : 0, 0);
}

static void on_link_timer(uv_timer_t *t) {
    tps__conn_t *c = t->data;
    tps__link_q_t *q = c->link;
    double now = now_ms();
    /* The loop's clock may lag the high-resolution one, so the timer can
     * fire early: only what is due leaves, and the rest re-arms it. */
    while (q->head != NULL && q->head->release_ms <= now && !c->closing) {
        held_t *hd = q->head;
        q->head = hd->next;
        if (q->head == NULL)
            q->tail = NULL;
        q->held_bytes -= hd->mlen + hd->plen + hd->tlen;
        uv_buf_t bufs[3];
        unsigned int nbufs =
            tps__frame_bufs(bufs, hd->meta, hd->mlen, hd->payload, hd->plen,
                           hd->meta + hd->mlen, hd->tlen);
        int err = uv_write(&hd->req, (uv_stream_t *)&c->tcp, bufs, nbufs,
                           on_held_written);
        if (err < 0)
            on_held_written(&hd->req, err);
    }
    if (q->head != NULL && !c->closing)
        arm_link_timer(q);
}

/* Holds a frame until the shaper releases it. */
static int64_t hold_frame(tps__conn_t *c, const Taups__Header *h,
                          const void *payload, uint64_t len, tps__write_cb cb,
                          void *arg) {
    tps__link_q_t *q = c->link;
    size_t meta = tps__frame_meta_size(h), tag = tag_len(c);
    held_t *hd = malloc(sizeof(*hd) + meta + tag);
    if (hd == NULL)
        return TPS_ENOMEM;
    tps__frame_encode_meta(h, len, hd->meta, meta);
    if (tag > 0)
        tps__frame_tag(&c->tx_mac, hd->meta, meta, payload, len,
                      hd->meta + meta);
    uint64_t bytes = meta + len + tag;
    hd->next = NULL;
    hd->c = c;
    hd->cb = cb;
    hd->arg = arg;
    hd->payload = payload;
    hd->plen = len;
    hd->mlen = meta;
    hd->tlen = tag;
    hd->release_ms = tps__link_release(&q->sched, now_ms(), bytes);
    if (q->tail != NULL) {
        q->tail->next = hd;
    } else {
        q->head = hd;
        arm_link_timer(q);
    }
    q->tail = hd;
    q->held_bytes += bytes;
    c->queued += bytes + TPS_WRITE_OVERHEAD;
    return (int64_t)bytes;
}

int tps__conn_set_link(tps__conn_t *c, const tps__link_cfg_t *cfg,
                      uint64_t stream) {
    if (!tps__link_enabled(cfg) || c->link != NULL)
        return 0;
    tps__link_q_t *q = calloc(1, sizeof(*q));
    if (q == NULL)
        return TPS_ENOMEM;
    int err = uv_timer_init(c->tcp.loop, &q->timer);
    if (err < 0) {
        free(q);
        return err;
    }
    q->timer.data = c;
    tps__link_sched_init(&q->sched, cfg, stream);
    c->link = q;
    c->open_handles++;
    return 0;
}

/* ---- batches ------------------------------------------------------------ */

static void batch_free(tps__batch_t *b) {
    if (b == NULL)
        return;
    free(b->bufs);
    free(b->is_meta);
    free(b->cbs);
    free(b->meta);
    free(b);
}

/* Grows *p (of *cap elements of `size` bytes) to hold `need`, doubling. */
static int grow(void **p, unsigned *cap, unsigned need, size_t size) {
    if (need <= *cap)
        return 0;
    unsigned n = *cap ? *cap : 16;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, (size_t)n * size);
    if (q == NULL)
        return TPS_ENOMEM;
    *p = q;
    *cap = n;
    return 0;
}

static void on_flush(uv_idle_t *h);

/* Room in c's open batch for one more frame of `mlen` meta bytes, with a
 * callback or not. Returns the batch or NULL when out of memory. */
static tps__batch_t *batch_room(tps__conn_t *c, size_t mlen, int with_cb) {
    tps__batch_t *b = c->batch;
    if (b == NULL) {
        b = c->spare != NULL ? c->spare : calloc(1, sizeof(*b));
        if (b == NULL)
            return NULL;
        c->spare = NULL;
        b->c = c;
        b->req.data = b;
        b->status = 0;
        b->nbufs = b->nframes = b->ncbs = 0;
        b->mused = 0;
        b->bytes = 0;
        c->batch = b;
        uv_idle_start(&c->flush, on_flush);
    }
    unsigned mcap = (unsigned)b->mcap, bc = b->bufcap;
    if (grow((void **)&b->bufs, &b->bufcap, b->nbufs + 3, sizeof(*b->bufs)) <
            0 ||
        grow((void **)&b->is_meta, &bc, b->nbufs + 3, 1) < 0 ||
        (with_cb &&
         grow((void **)&b->cbs, &b->cbcap, b->ncbs + 1, sizeof(*b->cbs)) < 0) ||
        grow((void **)&b->meta, &mcap, (unsigned)(b->mused + mlen), 1) < 0)
        return NULL;
    b->mcap = mcap;
    return b;
}

static void on_batch_written(uv_write_t *req, int status) {
    tps__batch_t *b = req->data;
    tps__conn_t *c = b->c;
    c->queued -= b->bytes + (uint64_t)b->nframes * TPS_WRITE_OVERHEAD;
    if (status == 0)
        c->bytes_out += b->bytes;
    maybe_resume(c);
    /* A callback may close c; c stays valid until its on_close runs, which
     * is after this returns. */
    for (unsigned i = 0; i < b->ncbs; i++)
        b->cbs[i].cb(b->cbs[i].arg, status);
    if (c->spare == NULL)
        c->spare = b;
    else
        batch_free(b);
}

/* Callbacks of writes libuv refused at once run from the loop, as the
 * callbacks of tps__conn_send must. */
static void finish_failed(tps__conn_t *c) {
    while (c->failed != NULL) {
        tps__batch_t *b = c->failed;
        c->failed = b->next_failed;
        on_batch_written(&b->req, b->status);
    }
}

/* Hands the open batch to libuv, which writes it at once if nothing is
 * queued before it. */
static void batch_flush(tps__conn_t *c) {
    tps__batch_t *b = c->batch;
    if (b == NULL)
        return;
    c->batch = NULL;
    for (unsigned i = 0; i < b->nbufs; i++)
        if (b->is_meta[i])
            b->bufs[i].base = (char *)b->meta + (uintptr_t)b->bufs[i].base;
    c->batches_out++;
    uv_buf_t *bufs = b->bufs;
    unsigned nbufs = b->nbufs;
    if (b->ncbs == 0 && !c->paused &&
        uv_stream_get_write_queue_size((uv_stream_t *)&c->tcp) == 0) {
        /* Nothing before it and no callback to run: what the socket takes
         * now needs no request, and its completion is not deferred to the
         * next turn of the loop (which a client's caller-thread send
         * would otherwise have to wake the I/O thread for). */
        int n = uv_try_write((uv_stream_t *)&c->tcp, bufs, nbufs);
        size_t done = n > 0 ? (size_t)n : 0;
        while (nbufs > 0 && done >= bufs->len) {
            done -= bufs->len;
            bufs++;
            nbufs--;
        }
        if (nbufs == 0) {
            c->queued -= b->bytes + (uint64_t)b->nframes * TPS_WRITE_OVERHEAD;
            c->bytes_out += b->bytes;
            if (c->spare == NULL)
                c->spare = b;
            else
                batch_free(b);
            if (c->failed == NULL)
                uv_idle_stop(&c->flush);
            return;
        }
        bufs->base += done;
        bufs->len -= done;
    }
    int err = uv_write(&b->req, (uv_stream_t *)&c->tcp, bufs, nbufs,
                       on_batch_written);
    if (err < 0) {
        b->status = err;
        b->next_failed = c->failed;
        c->failed = b;
    }
    if (c->failed == NULL)
        uv_idle_stop(&c->flush);
    else if (!c->closing)
        uv_idle_start(&c->flush, on_flush);
}

void tps__conn_flush(tps__conn_t *c) {
    if (!c->closing)
        batch_flush(c);
}

static void on_flush(uv_idle_t *h) {
    tps__conn_t *c = h->data;
    batch_flush(c);
    finish_failed(c);
    uv_idle_stop(h);
}

static void add_buf(tps__batch_t *b, const void *base, size_t len, int meta) {
    b->bufs[b->nbufs].base = (char *)base;
    b->bufs[b->nbufs].len = len;
    b->is_meta[b->nbufs++] = (uint8_t)meta;
}

/* Adds a frame to c's open batch, its payload pointed to or, with `copy`,
 * copied into the batch. Returns 0, 1 when the frame's header is too large
 * to batch (the caller writes it alone), or an error. */
static int batch_frame(tps__conn_t *c, const Taups__Header *h,
                       const void *payload, uint64_t len, tps__write_cb cb,
                       void *arg, int copy) {
    uint8_t small[TPS_META_SMALL], *mb;
    size_t meta = tps__frame_meta(h, len, small, &mb), tag = tag_len(c);
    if (meta == 0)
        return TPS_ENOMEM;
    if (mb != small) { /* rare (a long error or hello): write it alone */
        free(mb);
        return 1;
    }
    size_t own = meta + tag + (copy ? (size_t)len : 0);
    tps__batch_t *b = c->batch;
    if (b != NULL && (b->nbufs + 3 > TPS_BATCH_BUFS ||
                      b->mused + own > TPS_BATCH_META))
        batch_flush(c);
    if ((b = batch_room(c, own, cb != NULL)) == NULL)
        return TPS_ENOMEM;
    uint8_t *m = b->meta + b->mused;
    memcpy(m, small, meta);
    if (tag > 0)
        tps__frame_tag(&c->tx_mac, m, meta, payload, len, m + meta);
    add_buf(b, (const void *)(uintptr_t)b->mused, meta, 1);
    if (copy && len > 0) {
        memcpy(m + meta + tag, payload, (size_t)len);
        add_buf(b, (const void *)(uintptr_t)(b->mused + meta + tag),
                (size_t)len, 1);
    } else if (len > 0) {
        add_buf(b, payload, (size_t)len, 0);
    }
    if (tag > 0)
        add_buf(b, (const void *)(uintptr_t)(b->mused + meta), tag, 1);
    b->mused += own;
    b->bytes += meta + len + tag;
    b->nframes++;
    if (cb != NULL)
        b->cbs[b->ncbs++] = (batch_cb_t){cb, arg};
    c->queued += meta + len + tag + TPS_WRITE_OVERHEAD;
    if (b->bytes >= TPS_BATCH_BUDGET)
        batch_flush(c);
    return 0;
}

int tps__conn_send(tps__conn_t *c, const Taups__Header *h, const void *payload,
                  uint64_t len, tps__write_cb cb, void *arg) {
    if (c->closing)
        return UV_ECANCELED;
    int64_t n;
    if (c->link != NULL) {
        n = hold_frame(c, h, payload, len, cb, arg);
        if (n < 0)
            return (int)n;
    } else if ((n = batch_frame(c, h, payload, len, cb, arg, 0)) <= 0) {
        if (n < 0)
            return (int)n;
    } else {
        batch_flush(c); /* in order: what was batched goes first */
        send_ctx_t *ctx = malloc(sizeof(*ctx));
        if (ctx == NULL)
            return TPS_ENOMEM;
        ctx->c = c;
        ctx->cb = cb;
        ctx->arg = arg;
        ctx->bytes = tps__frame_meta_size(h) + len + tag_len(c);
        c->queued += ctx->bytes + TPS_WRITE_OVERHEAD;
        n = tps__frame_write((uv_stream_t *)&c->tcp, h, payload, len,
                            c->tagged ? &c->tx_mac : NULL, on_sent, ctx);
        if (n < 0) {
            c->queued -= ctx->bytes + TPS_WRITE_OVERHEAD;
            free(ctx);
            return (int)n;
        }
    }
    c->frames_out++;
    maybe_pause(c);
    return 0;
}

/* The bytes of a snapshot reply the kernel did not take at once: one
 * block, freed once written. */
struct tps__copy_req_s {
    uv_write_t req;
    tps__conn_t *c;
    uint64_t bytes;
    uint64_t cap;   /* bytes data[] holds */
    uint8_t data[];
};

/* A written copy is kept for the next one, which is likely the same size
 * (the same tensor pulled again): a fresh block of megabytes costs a page
 * fault and a cleared page every 4 KiB before the copy even starts. */
static void on_copy_written(uv_write_t *req, int status) {
    tps__copy_req_t *cr = (tps__copy_req_t *)req;
    tps__conn_t *c = cr->c;
    uint64_t bytes = cr->bytes;
    if (c->copy_spare == NULL && !c->closing) {
        c->copy_spare = cr;
    } else if (c->copy_spare != NULL && c->copy_spare->cap < cr->cap &&
               !c->closing) {
        free(c->copy_spare);
        c->copy_spare = cr;
    } else {
        free(cr);
    }
    write_done(c, bytes, status);
}

/* A block for `len` bytes of a snapshot: the spare if it is big enough. */
static tps__copy_req_t *copy_get(tps__conn_t *c, uint64_t len) {
    tps__copy_req_t *cr = c->copy_spare;
    if (cr != NULL && cr->cap >= len) {
        c->copy_spare = NULL;
        return cr;
    }
    cr = malloc(sizeof(*cr) + len);
    if (cr != NULL)
        cr->cap = len;
    return cr;
}

static void free_copy(void *arg, int status) {
    (void)status;
    free(arg);
}

int64_t tps__conn_send_snapshot(tps__conn_t *c, const Taups__Header *h,
                           const void *payload, uint64_t len) {
    if (c->closing)
        return UV_ECANCELED;
    if (c->link != NULL) {
        /* Shaped: the frame waits for its release time, so all of it. */
        void *copy = malloc(len ? len : 1);
        if (copy == NULL)
            return TPS_ENOMEM;
        memcpy(copy, payload, len);
        int err = tps__conn_send(c, h, copy, len, free_copy, copy);
        if (err < 0) {
            free(copy);
            return err;
        }
        return (int64_t)(tps__frame_meta_size(h) + len);
    }
    if (len <= TPS_SNAPSHOT_INLINE) {
        /* Small: copied into the open batch, to leave in one write with
         * the other replies to the same read (a push's answer, say). */
        int n = batch_frame(c, h, payload, len, NULL, NULL, 1);
        if (n < 0)
            return n;
        if (n == 0) {
            c->frames_out++;
            maybe_pause(c);
            return (int64_t)(tps__frame_meta_size(h) + len);
        }
    }
    batch_flush(c); /* in order; then uv_try_write sees what is queued */
    uint8_t small[TPS_META_SMALL], *mbuf, tagb[TPS_TAG_BYTES];
    size_t meta = tps__frame_meta(h, len, small, &mbuf), tag = tag_len(c);
    if (meta == 0)
        return TPS_ENOMEM;
    if (tag > 0)
        tps__frame_tag(&c->tx_mac, mbuf, meta, payload, len, tagb);
    uv_buf_t bufs[3];
    unsigned int nbufs =
        tps__frame_bufs(bufs, mbuf, meta, payload, len, tagb, tag);
    /* uv_try_write takes nothing while earlier writes are queued, which
     * keeps the frames in order. */
    int n = uv_try_write((uv_stream_t *)&c->tcp, bufs, nbufs);
    int err = 0;
    uint64_t total = meta + len + tag, done = n > 0 ? (uint64_t)n : 0;
    if (n < 0 && n != UV_EAGAIN) {
        err = n;
    } else if (done < total) {
        tps__copy_req_t *cr = copy_get(c, total - done);
        if (cr == NULL) {
            err = TPS_ENOMEM;
        } else {
            cr->c = c;
            cr->bytes = total - done;
            /* The bytes past `done`, whichever buffers they are in. */
            uint8_t *d = cr->data;
            uint64_t skip = done;
            for (unsigned int i = 0; i < nbufs; i++) {
                if (skip >= bufs[i].len) {
                    skip -= bufs[i].len;
                    continue;
                }
                memcpy(d, bufs[i].base + skip, bufs[i].len - skip);
                d += bufs[i].len - skip;
                skip = 0;
            }
            uv_buf_t rest = uv_buf_init((char *)cr->data,
                                        (unsigned int)(total - done));
            c->queued += cr->bytes + TPS_WRITE_OVERHEAD;
            err = uv_write(&cr->req, (uv_stream_t *)&c->tcp, &rest, 1,
                           on_copy_written);
            if (err < 0) {
                c->queued -= cr->bytes + TPS_WRITE_OVERHEAD;
                free(cr);
            }
        }
    }
    if (mbuf != small)
        free(mbuf);
    if (err < 0 && done == 0)
        return err;
    /* Part of the frame is on the wire: a failure after it leaves the
     * stream broken, which the next read or write reports. */
    c->bytes_out += done;
    c->frames_out++;
    maybe_pause(c);
    return err < 0 ? err : (int64_t)(meta + len);
}

/* Runs once per handle; the last one finishes the connection. Frames still
 * held are cancelled here, from the loop, as libuv cancels pending writes. */
static void handle_closed(tps__conn_t *c) {
    if (--c->open_handles > 0)
        return;
    if (c->link != NULL) {
        while (c->link->head != NULL) {
            held_t *hd = c->link->head;
            c->link->head = hd->next;
            if (hd->cb)
                hd->cb(hd->arg, UV_ECANCELED);
            free(hd);
        }
        free(c->link);
        c->link = NULL;
    }
    finish_failed(c);
    batch_free(c->spare);
    c->spare = NULL;
    free(c->copy_spare);
    c->copy_spare = NULL;
    tps__reader_free(&c->rd);
    free(c->staging);
    c->staging = NULL;
    if (c->on_close)
        c->on_close(c);
}

static void on_closed(uv_handle_t *h) {
    handle_closed((tps__conn_t *)h);
}

/* The idle handles of turns and of flushes, the link timer: their data is
 * the connection. */
static void on_aux_closed(uv_handle_t *h) {
    handle_closed(h->data);
}

void tps__conn_close(tps__conn_t *c) {
    if (c->closing)
        return;
    /* What this turn sent goes out first, as an error reply before a
     * close must. */
    batch_flush(c);
    c->closing = 1;
    uv_close((uv_handle_t *)&c->turn, on_aux_closed);
    uv_close((uv_handle_t *)&c->flush, on_aux_closed);
    if (c->link != NULL)
        uv_close((uv_handle_t *)&c->link->timer, on_aux_closed);
    uv_close((uv_handle_t *)&c->tcp, on_closed);
}
