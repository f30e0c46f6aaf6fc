/* SPDX-License-Identifier: MIT */
/* libFuzzer: an in-process shard server (the sources of server/, through
 * tps__server_start, on 127.0.0.1 port 0) fed frames from up to three
 * client connections, as fuzz_shard.h describes. Plain sockets write the
 * records; the server's loop runs with UV_RUN_NOWAIT until neither side
 * moves, and every reply is read back and checked.
 *
 * Properties, each an abort():
 *   - every reply is a well-formed frame of a reply op; an ERROR carries a
 *     negative status; a dense PULL_OK carries count finite floats, and an
 *     encoded one decodes to finite floats (parameters stay finite); a
 *     PULL_ROWS_OK carries count finite rows of its table's dim;
 *   - a connection that sent a complete frame, or bytes that are no frame,
 *     got a reply or was closed;
 *   - the loop goes idle, and closes every connection whose peer left;
 *   - after each input the server still answers a fresh admin hello and a
 *     STATS request.
 * ASan and UBSan catch the rest.
 *
 * One server per configuration is started the first time an input asks for
 * it and then reused, since starting one (allocations, a listening socket)
 * costs more than most inputs. So that a crash still reproduces from its
 * input alone, nothing an input leaves may change what the next one sees:
 * each input ends by closing its connections and waiting for the server to
 * close its side, and a server that then holds anything a later input could
 * notice (a tensor, a worker that ever joined, a step taken, a held
 * declaration or pull) is stopped, freed and started afresh. What remains
 * are counters only STATS shows; they are zeroed. Set FUZZ_SHARD_LOG=1 to
 * see the server's log. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <sanitizer/common_interface_defs.h>
#include <zstd.h>

#include "fuzz_shard.h"
#include "server/server_internal.h"
#include "taups.h"
#include "taups_error.h"
#include "tps_codec.h"
#include "tps_log.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- the log, silent unless asked for ------------------------------------
 * Replaces common/tps_log.c in this target (the archive's copy is then never
 * linked): a line per refused frame would cost more than the frame. */
static int log_on;

static void vlog(const char *fmt, va_list ap) {
    if (!log_on)
        return;
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void tps__log_init(const char *who) {
    (void)who;
}

void tps__log(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vlog(fmt, ap);
    va_end(ap);
}

void tps__log_warn(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vlog(fmt, ap);
    va_end(ap);
}

void tps__log_err(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vlog(fmt, ap);
    va_end(ap);
}

double tps__now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- failures --------------------------------------------------------------
 */

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2), noreturn))
#endif
static void fail(const char *fmt, ...) {
    char msg[512] = "fuzz_shard: ";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), fmt, ap);
    va_end(ap);
    /* Also where the sanitizers report, which -close_fd_mask keeps. */
    fprintf(stderr, "%s\n", msg);
    __sanitizer_report_error_summary(msg);
    abort();
}

/* ---- servers ---------------------------------------------------------------
 */

static uv_loop_t loop;
static tps__server_t *servers[FUZZ_SHARD_NCONFIGS];
/* Frame limits of every server, and so of the shadow readers below. */
static const tps__limits_t server_lim = {4096, 256u << 10};

static void server_config(int k, tps__server_config_t *cfg, char *cluster,
                          size_t len) {
    const fuzz_shard_config_t *fc = &fuzz_shard_configs[k];
    tps__server_config_init(cfg);
    cluster[0] = '\0';
    for (int i = 0; i < fc->shards; i++)
        snprintf(cluster + strlen(cluster), len - strlen(cluster),
                 "%s127.0.0.1:%d", i ? "," : "", 7000 + i);
    cfg->listen = "127.0.0.1:0";
    cfg->cluster = cluster;
    cfg->shard = fc->shard;
    cfg->workers = fc->workers;
    cfg->stats_every = 0;
    cfg->quiet = 1;
    cfg->lim = server_lim;
    /* Small enough that no slice is initialised off the loop (no thread
     * pool: the loop alone decides the order of events) and that an input
     * cannot take long. */
    cfg->max_tensors = 4;
    cfg->max_elements = 1u << 14;
    cfg->max_memory = 32u << 20;
    cfg->conn_buffer = 1u << 20;
    cfg->max_connections = 8;
    cfg->max_held_pulls = 16;
    if ((cfg->cons.mode = tps__mode_find(fc->mode)) == NULL)
        fail("bad mode %s", fc->mode);
    cfg->cons.staleness = 1;
    cfg->cons.local_steps = 2;
    tps__optim_conf_t oc;
    tps__optim_conf_default(&oc);
    oc.optimizer = fc->optimizer;
    oc.lr = 0.5;
    if (fc->shards > 1) {
        cfg->cons.max_staleness = 1;
        oc.weight = "inverse";
        oc.clip_norm = 1.0;
    }
    char err[256];
    if (tps__optim_init(&cfg->optim, &oc, err, sizeof(err)) < 0)
        fail("optimizer: %s", err);
}

static tps__server_t *server_get(int k) {
    if (servers[k] == NULL) {
        tps__server_config_t cfg;
        char cluster[128], err[256];
        server_config(k, &cfg, cluster, sizeof(cluster));
        if (tps__server_start(&loop, &cfg, &servers[k], err, sizeof(err)) < 0)
            fail("cannot start server %d: %s", k, err);
    }
    return servers[k];
}

static void server_restart(int k) {
    tps__server_t *s = servers[k];
    tps__server_stop(s);
    for (int i = 0; s->open_handles > 0 || s->conns != NULL; i++) {
        if (i > 100000)
            fail("server %d does not close", k);
        uv_run(&loop, UV_RUN_NOWAIT);
    }
    tps__server_free(s);
    servers[k] = NULL;
    server_get(k);
}

/* Anything a later input could notice; see the top of the file. */
static int server_dirty(const tps__server_t *s) {
    return s->shard.ntensors > 0 || s->members.njoined > 0 || s->step > 0 ||
           s->decl_waiting != NULL || s->inits != NULL ||
           tps__pull_held(s) > 0 || s->conns != NULL;
}

static void server_zero_counters(tps__server_t *s) {
    s->closed_bytes_in = s->closed_bytes_out = 0;
    s->protocol_errors = s->auth_failures = 0;
    s->conns_refused = s->timeouts = 0;
    s->accepted = 0;
    s->busy_max_ms = 0;
}

static uint64_t server_bytes(const tps__server_t *s) {
    uint64_t n = s->closed_bytes_in + s->closed_bytes_out + (uint64_t)s->nconns;
    for (const sconn_t *sc = s->conns; sc; sc = sc->next)
        n += sc->c.bytes_in + sc->c.bytes_out;
    return n;
}

/* ---- clients ---------------------------------------------------------------
 */

typedef struct client_s {
    int fd;           /* -1: not open */
    int eof;          /* the server closed its side */
    int wr_closed;    /* we shut our side */
    uint64_t got;     /* reply bytes */
    tps__reader_t replies;
    /* What the server made of our bytes, as far as a reader can tell:
     * frames completed, and whether the stream broke. */
    tps__reader_t shadow;
    int events;
    Taups__Op last_op; /* of the last reply */
    int nreplies;
} client_t;

static client_t clients[FUZZ_SHARD_CONNS + 1]; /* the last: the probe */
static int cur_config;

static void check_pull_ok(const Taups__Header *h, const uint8_t *p,
                          uint64_t len) {
    if (h->count > (1u << 14))
        fail("PULL_OK of %llu elements", (unsigned long long)h->count);
    float *x = malloc((h->count ? h->count : 1) * sizeof(float));
    if (x == NULL)
        fail("out of memory");
    if (h->codec == 0 && !h->zstd) {
        if (len != h->count * sizeof(float))
            fail("PULL_OK of %llu elements carries %llu bytes",
                 (unsigned long long)h->count, (unsigned long long)len);
        if (len)
            memcpy(x, p, len);
    } else {
        tps__codec_t c;
        if (tps__codec_unpack(&c, h->codec, h->codec_ratio) < 0)
            fail("PULL_OK with an invalid codec 0x%x", h->codec);
        size_t want = tps__codec_wire_size(&c, h->count);
        uint8_t *enc = (uint8_t *)p, *buf = NULL;
        size_t elen = (size_t)len;
        if (h->zstd) {
            buf = malloc(want ? want : 1);
            if (buf == NULL)
                fail("out of memory");
            size_t got = ZSTD_decompress(buf, want, p, (size_t)len);
            if (ZSTD_isError(got) || got != want)
                fail("PULL_OK: a zstd frame that does not decompress");
            enc = buf;
            elen = want;
        }
        if (tps__codec_decode(&c, enc, elen, h->count, h->codec_seed, x) < 0)
            fail("PULL_OK: an encoded payload that does not decode");
        free(buf);
    }
    for (uint64_t i = 0; i < h->count; i++)
        if (!isfinite(x[i]))
            fail("PULL_OK: element %llu of tensor %u is %g",
                 (unsigned long long)(h->offset + i), h->tensor_id,
                 (double)x[i]);
    free(x);
}

/* A pull of rows answers count rows of the table's dim, finite, after
 * the versions it was asked for (and a scan's ids before them), the
 * values in float32 or through the pull's codec, the whole payload
 * zstd-compressed if the reply says so. */
static void check_pull_rows_ok(const Taups__Header *h, const uint8_t *p,
                               uint64_t len) {
    const tps__shard_t *sh = &servers[cur_config]->shard;
    if (h->rows == NULL || h->tensor_id >= (uint32_t)sh->ntensors ||
        sh->tensors[h->tensor_id].kind != TPS__KIND_TABLE)
        fail("PULL_ROWS_OK without its rows, or for no table");
    uint64_t n = h->count * sh->tensors[h->tensor_id].dim;
    uint64_t vl = h->rows->ids_len + h->rows->versions_len;
    if (n == 0 && h->codec == 0 && !h->zstd) {
        if (len != vl)
            fail("PULL_ROWS_OK of no rows carries %llu bytes",
                 (unsigned long long)len);
        return;
    }
    tps__codec_t c;
    if (tps__codec_unpack(&c, h->codec, h->codec_ratio) < 0)
        fail("PULL_ROWS_OK with an invalid codec 0x%x", h->codec);
    size_t want = tps__codec_wire_size(&c, n);
    uint8_t *buf = NULL;
    if (h->zstd) {
        buf = malloc(vl + want + 1);
        if (buf == NULL)
            fail("out of memory");
        size_t got = ZSTD_decompress(buf, vl + want, p, (size_t)len);
        if (ZSTD_isError(got) || got != vl + want)
            fail("PULL_ROWS_OK: a zstd frame that does not decompress");
        p = buf;
        len = got;
    }
    float *x = malloc(n * sizeof(float) + 1);
    if (x == NULL)
        fail("out of memory");
    if (vl > len || len - vl != want ||
        tps__codec_decode(&c, p + vl, want, n, h->codec_seed, x) < 0)
        fail("PULL_ROWS_OK of %llu values carries %llu bytes that do not "
             "decode",
             (unsigned long long)n, (unsigned long long)len);
    for (uint64_t i = 0; i < n; i++)
        if (!isfinite(x[i]))
            fail("PULL_ROWS_OK: value %llu is %g", (unsigned long long)i,
                 (double)x[i]);
    free(x);
    free(buf);
}

static void check_reply(client_t *cl) {
    const Taups__Header *h = cl->replies.hdr;
    switch (h->op) {
    case TAUPS__OP__ERROR:
        if (h->status >= 0)
            fail("ERROR reply with status %d", h->status);
        break;
    case TAUPS__OP__PULL_OK:
        check_pull_ok(h, cl->replies.payload, cl->replies.plen);
        break;
    case TAUPS__OP__PULL_ROWS_OK:
        check_pull_rows_ok(h, cl->replies.payload, cl->replies.plen);
        break;
    case TAUPS__OP__PUSH_ROWS_OK:
    case TAUPS__OP__HELLO_OK:
    case TAUPS__OP__DECLARE_OK:
    case TAUPS__OP__PUSH_OK:
    case TAUPS__OP__STATS_OK:
    case TAUPS__OP__VERSION_OK:
    case TAUPS__OP__CHALLENGE:
        break;
    default:
        fail("reply with op %d", (int)h->op);
    }
    cl->last_op = h->op;
    cl->nreplies++;
}

static void client_read(client_t *cl) {
    uint8_t buf[16384];
    while (cl->fd >= 0 && !cl->eof) {
        ssize_t n = recv(cl->fd, buf, sizeof(buf), MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK &&
                       errno != EINTR)) {
            cl->eof = 1;
            return;
        }
        if (n < 0)
            return;
        cl->got += (uint64_t)n;
        for (size_t off = 0; off < (size_t)n;) {
            size_t used;
            int rc = tps__reader_feed(&cl->replies, buf + off, (size_t)n - off,
                                     &used);
            off += used;
            if (rc < 0)
                fail("a reply that is no frame: %s", tps_strerror(rc));
            if (rc == 1) {
                check_reply(cl);
                tps__reader_next(&cl->replies);
            }
        }
    }
}

static uint64_t progress(void) {
    uint64_t n = 0;
    for (int i = 0; i < FUZZ_SHARD_NCONFIGS; i++)
        if (servers[i])
            n += server_bytes(servers[i]);
    for (int i = 0; i <= FUZZ_SHARD_CONNS; i++)
        n += clients[i].got + (uint64_t)clients[i].eof;
    return n;
}

/* Runs the loop and reads replies until two rounds in a row change
 * nothing: bytes on loopback are readable as soon as they are sent. */
static void pump(void) {
    int idle = 0;
    for (int round = 0; idle < 2; round++) {
        if (round > 200000)
            fail("the loop never goes idle");
        uint64_t before = progress();
        uv_run(&loop, UV_RUN_NOWAIT);
        for (int i = 0; i <= FUZZ_SHARD_CONNS; i++)
            client_read(&clients[i]);
        idle = progress() == before ? idle + 1 : 0;
    }
}

static void client_open(client_t *cl, int port) {
    cl->fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (cl->fd < 0)
        fail("socket: %s", strerror(errno));
    struct sockaddr_in a;
    uv_ip4_addr("127.0.0.1", port, &a);
    /* libFuzzer's timer (SIGALRM every second) can interrupt the call; the
     * connection then completes in the background. */
    if (connect(cl->fd, (struct sockaddr *)&a, sizeof(a)) < 0) {
        if (errno != EINTR)
            fail("connect: %s", strerror(errno));
        struct pollfd pf = {cl->fd, POLLOUT, 0};
        int err = 0, n;
        socklen_t len = sizeof(err);
        while ((n = poll(&pf, 1, 10000)) < 0 && errno == EINTR)
            ;
        if (n != 1 ||
            getsockopt(cl->fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0 || err)
            fail("connect: %s", n == 1 ? strerror(err) : "no connection");
    }
    /* Nagle would hold a frame's header back behind its preamble until the
     * (delayed) acknowledgement, past the end of the pump. */
    int one = 1;
    setsockopt(cl->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    fcntl(cl->fd, F_SETFL, fcntl(cl->fd, F_GETFL) | O_NONBLOCK);
    cl->eof = cl->wr_closed = 0;
    cl->got = 0;
    cl->events = 0;
    cl->nreplies = 0;
    tps__limits_t big = {4096, 64u << 20};
    if (tps__reader_init(&cl->replies, &big, NULL, NULL) < 0 ||
        tps__reader_init(&cl->shadow, &server_lim, NULL, NULL) < 0)
        fail("out of memory");
}

/* Checks what the connection got. */
static void client_finish(client_t *cl) {
    if (cl->fd < 0)
        return;
    client_read(cl);
    if (cl->events > 0 && cl->got == 0 && !cl->eof)
        fail("a connection sent a complete frame (or bytes that are no "
             "frame) and got neither a reply nor a close");
}

/* Closes a connection with a reset: an orderly close leaves a TIME_WAIT
 * on one side or the other, and thousands of connections a second would
 * use up the ephemeral ports within a minute (the next server could not
 * bind). The orderly end of a stream comes from FUZZ_REC_SHUTDOWN. */
static void client_close(client_t *cl) {
    if (cl->fd < 0)
        return;
    struct linger lg = {1, 0};
    setsockopt(cl->fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
    close(cl->fd);
    cl->fd = -1;
    tps__reader_free(&cl->replies);
    tps__reader_free(&cl->shadow);
}

/* What a reader on the server's side has seen of our bytes so far. */
static void shadow_feed(client_t *cl, const uint8_t *p, size_t len) {
    for (size_t off = 0; off < len && cl->shadow.state != TPS_RD_ERROR;) {
        size_t used;
        int rc = tps__reader_feed(&cl->shadow, p + off, len - off, &used);
        off += used;
        if (rc != 0)
            cl->events++;
        if (rc == 1)
            tps__reader_next(&cl->shadow);
    }
}

static void client_send(client_t *cl, const uint8_t *p, size_t len) {
    if (cl->wr_closed || cl->eof)
        return;
    shadow_feed(cl, p, len);
    for (int stuck = 0; len > 0;) {
        ssize_t n = send(cl->fd, p, len, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            p += n;
            len -= (size_t)n;
            stuck = 0;
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return; /* closed by the server: its reason is in the replies */
        /* A server that stopped reading (its replies pile up, or it has
         * doomed the connection) need not take the rest. */
        if (++stuck > 3)
            return;
        pump();
    }
}

static client_t *client_get(int i) {
    client_t *cl = &clients[i];
    if (cl->fd < 0)
        client_open(cl, tps__server_port(servers[cur_config]));
    return cl;
}

/* ---- records ---------------------------------------------------------------
 */

typedef struct input_s {
    const uint8_t *p;
    size_t left;
} input_t;

static unsigned take8(input_t *in) {
    if (in->left == 0)
        return 0;
    in->left--;
    return *in->p++;
}

static unsigned take16(input_t *in) {
    unsigned lo = take8(in);
    return lo | take8(in) << 8;
}

/* Up to n bytes of the input, fewer if it ends. */
static const uint8_t *take(input_t *in, size_t n, size_t *got) {
    const uint8_t *p = in->p;
    *got = n < in->left ? n : in->left;
    in->p += *got;
    in->left -= *got;
    return p;
}

static void put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void send_frame(client_t *cl, const uint8_t *hdr, size_t hlen_decl,
                       size_t hlen, const uint8_t *payload, size_t plen_decl,
                       size_t plen) {
    uint8_t pre[TPS_PREAMBLE_LEN];
    put32(pre, TPS_MAGIC);
    put32(pre + 4, (uint32_t)hlen_decl);
    put32(pre + 8, (uint32_t)plen_decl);
    put32(pre + 12, 0);
    client_send(cl, pre, sizeof(pre));
    client_send(cl, hdr, hlen);
    if (hlen == hlen_decl && plen)
        client_send(cl, payload, plen);
}

static void run_record(input_t *in) {
    unsigned b = take8(in);
    int conn = (int)(b & 3) % FUZZ_SHARD_CONNS;
    unsigned op = b >> 2 & 7;
    client_t *cl = &clients[conn];
    size_t hlen, plen;
    switch (op) {
    case FUZZ_REC_FRAME: {
        size_t hdecl = take8(in), pdecl = take16(in);
        const uint8_t *h = take(in, hdecl, &hlen);
        const uint8_t *pl = take(in, pdecl, &plen);
        send_frame(client_get(conn), h, hdecl, hlen, pl, pdecl, plen);
        return;
    }
    case FUZZ_REC_FILL: {
        size_t hdecl = take8(in), count = take16(in);
        float v = (float)(int8_t)take8(in) / 64.0f;
        const uint8_t *h = take(in, hdecl, &hlen);
        float *x = malloc((count ? count : 1) * sizeof(float));
        if (x == NULL)
            fail("out of memory");
        for (size_t i = 0; i < count; i++)
            x[i] = v;
        send_frame(client_get(conn), h, hdecl, hlen, (const uint8_t *)x,
                   count * sizeof(float), count * sizeof(float));
        free(x);
        return;
    }
    case FUZZ_REC_RAW: {
        const uint8_t *p = take(in, take16(in), &plen);
        client_send(client_get(conn), p, plen);
        return;
    }
    case FUZZ_REC_SHUTDOWN:
        if (cl->fd >= 0 && !cl->wr_closed) {
            shutdown(cl->fd, SHUT_WR);
            cl->wr_closed = 1;
        }
        return;
    case FUZZ_REC_CLOSE:
        if (cl->fd >= 0) {
            pump();
            client_finish(cl);
            pump();
            client_close(cl);
        }
        return;
    default:
        pump();
        return;
    }
}

/* ---- the probe -------------------------------------------------------------
 */

static void probe_send(client_t *cl, const Taups__Header *h) {
    uint8_t meta[512];
    size_t n = tps__frame_encode_meta(h, 0, meta, sizeof(meta));
    if (n == 0)
        fail("probe header too long");
    client_send(cl, meta, n);
    pump();
}

static void probe(int k) {
    const fuzz_shard_config_t *fc = &fuzz_shard_configs[k];
    client_t *cl = &clients[FUZZ_SHARD_CONNS];
    client_open(cl, tps__server_port(servers[k]));
    Taups__Header h = TAUPS__HEADER__INIT;
    h.op = TAUPS__OP__HELLO;
    h.proto_version = TPS_PROTO_VERSION;
    h.role = TAUPS__ROLE__ADMIN;
    h.shards = (uint32_t)fc->shards;
    h.shard = (uint32_t)fc->shard;
    probe_send(cl, &h);
    if (cl->nreplies != 1 || cl->last_op != TAUPS__OP__HELLO_OK)
        fail("after the input, an admin hello got %d replies, the last op %d",
             cl->nreplies, (int)cl->last_op);
    Taups__Header st = TAUPS__HEADER__INIT;
    st.op = TAUPS__OP__STATS;
    st.request_id = 1;
    probe_send(cl, &st);
    if (cl->nreplies != 2 || cl->last_op != TAUPS__OP__STATS_OK)
        fail("after the input, STATS got op %d", (int)cl->last_op);
    client_finish(cl);
    pump();
    client_close(cl);
}

/* ---- the target ------------------------------------------------------------
 */

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    const char *v = getenv("FUZZ_SHARD_LOG");
    log_on = v != NULL && v[0] == '1';
    signal(SIGPIPE, SIG_IGN);
    if (uv_loop_init(&loop) != 0)
        fail("uv_loop_init");
    for (int i = 0; i <= FUZZ_SHARD_CONNS; i++)
        clients[i].fd = -1;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1)
        return 0;
    input_t in = {data + 1, size - 1};
    cur_config = data[0] % FUZZ_SHARD_NCONFIGS;
    tps__server_t *s = server_get(cur_config);
    while (in.left > 0)
        run_record(&in);
    pump();
    for (int i = 0; i < FUZZ_SHARD_CONNS; i++)
        client_finish(&clients[i]);
    pump();
    for (int i = 0; i < FUZZ_SHARD_CONNS; i++)
        client_close(&clients[i]);
    pump();
    if (s->conns != NULL)
        fail("the server keeps %d connections whose peers left", s->nconns);
    probe(cur_config);
    pump();
    if (server_dirty(s))
        server_restart(cur_config);
    else
        server_zero_counters(s);
    return 0;
}
