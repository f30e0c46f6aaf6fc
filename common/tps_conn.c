/* Frame-carrying TCP connection; see tps_conn.h. */
#include "tps_conn.h"

#include <stdlib.h>

#include "taups.h"

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf) {
    tps_conn_t *c = (tps_conn_t *)h;
    uint8_t *base;
    size_t want;
    (void)suggested;
    tps_reader_want(&c->rd, &base, &want);
    if (c->rd.state == TPS_RD_PAYLOAD && want >= TPS_STAGING_SIZE) {
        /* The kernel copies straight into the payload's destination. */
        buf->base = (char *)base;
        buf->len = want;
    } else {
        buf->base = (char *)c->staging;
        buf->len = TPS_STAGING_SIZE;
    }
}

static void progress(tps_conn_t *c) {
    if (c->on_progress == NULL || c->rd.plen == 0)
        return;
    uint64_t to = c->rd.state == TPS_RD_DONE ? c->rd.plen : c->rd.got;
    if (to > c->progress_seen)
        c->on_progress(c, c->rd.payload, c->progress_seen, to);
    c->progress_seen = to;
}

static void deliver(tps_conn_t *c) {
    progress(c);
    c->progress_seen = 0;
    c->on_frame(c, c->rd.hdr, c->rd.payload, c->rd.plen);
    tps_reader_next(&c->rd);
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf) {
    tps_conn_t *c = (tps_conn_t *)s;
    if (nread < 0) {
        c->on_error(c, (int)nread);
        return;
    }
    if (nread == 0 || c->closing)
        return;
    c->bytes_in += (uint64_t)nread;
    int rc;
    if ((uint8_t *)buf->base != c->staging) {
        c->rd.direct_reads++;
        rc = tps_reader_commit(&c->rd, (size_t)nread);
        if (rc == 1)
            deliver(c);
        else if (rc == 0)
            progress(c);
    } else {
        const uint8_t *p = c->staging;
        size_t left = (size_t)nread, used;
        rc = 0;
        while (left > 0 && !c->closing) {
            rc = tps_reader_feed(&c->rd, p, left, &used);
            p += used;
            left -= used;
            if (rc < 0)
                break;
            if (rc == 1)
                deliver(c);
        }
    }
    if (rc < 0 && !c->closing)
        c->on_error(c, rc);
}

int tps_conn_init(uv_loop_t *loop, tps_conn_t *c, const tps_limits_t *lim,
                  tps_payload_dest_cb dest_cb, void *dest_arg) {
    int err = tps_reader_init(&c->rd, lim, dest_cb, dest_arg);
    if (err < 0)
        return err;
    c->staging = malloc(TPS_STAGING_SIZE);
    if (c->staging == NULL) {
        tps_reader_free(&c->rd);
        return TPS_ENOMEM;
    }
    err = uv_tcp_init(loop, &c->tcp);
    if (err < 0) {
        free(c->staging);
        tps_reader_free(&c->rd);
        return err;
    }
    c->tcp.data = c;
    c->closing = c->reading = c->paused = 0;
    c->on_progress = NULL;
    c->progress_seen = 0;
    c->bytes_in = c->bytes_out = c->frames_out = 0;
    return 0;
}

int tps_conn_start(tps_conn_t *c) {
    uv_tcp_nodelay(&c->tcp, 1);
    int err = uv_read_start((uv_stream_t *)&c->tcp, on_alloc, on_read);
    c->reading = err == 0;
    return err;
}

typedef struct send_ctx_s {
    tps_conn_t *c;
    tps_write_cb cb;
    void *arg;
} send_ctx_t;

static void on_sent(void *arg, int status) {
    send_ctx_t *ctx = arg;
    tps_conn_t *c = ctx->c;
    if (c->paused && !c->closing &&
        c->tcp.write_queue_size < TPS_WRITE_HIGH_WATER / 2) {
        c->paused = 0;
        if (uv_read_start((uv_stream_t *)&c->tcp, on_alloc, on_read) == 0)
            c->reading = 1;
    }
    if (ctx->cb)
        ctx->cb(ctx->arg, status);
    free(ctx);
}

int tps_conn_send(tps_conn_t *c, const Taups__Header *h, const void *payload,
                  uint64_t len, tps_write_cb cb, void *arg) {
    if (c->closing)
        return UV_ECANCELED;
    send_ctx_t *ctx = malloc(sizeof(*ctx));
    if (ctx == NULL)
        return TPS_ENOMEM;
    ctx->c = c;
    ctx->cb = cb;
    ctx->arg = arg;
    int64_t n = tps_frame_write((uv_stream_t *)&c->tcp, h, payload, len, on_sent,
                                ctx);
    if (n < 0) {
        free(ctx);
        return (int)n;
    }
    c->bytes_out += (uint64_t)n;
    c->frames_out++;
    if (!c->paused && c->reading &&
        c->tcp.write_queue_size > TPS_WRITE_HIGH_WATER) {
        uv_read_stop((uv_stream_t *)&c->tcp);
        c->paused = 1;
        c->reading = 0;
    }
    return 0;
}

static void on_closed(uv_handle_t *h) {
    tps_conn_t *c = (tps_conn_t *)h;
    tps_reader_free(&c->rd);
    free(c->staging);
    c->staging = NULL;
    if (c->on_close)
        c->on_close(c);
}

void tps_conn_close(tps_conn_t *c) {
    if (c->closing)
        return;
    c->closing = 1;
    uv_close((uv_handle_t *)&c->tcp, on_closed);
}
