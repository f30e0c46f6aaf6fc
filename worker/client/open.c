/* SPDX-License-Identifier: MIT */
/* A client's life (client_internal.h): tps_open checks the options, loads
 * the key, sets up the codecs, resolves every shard's address once, starts
 * the I/O thread and waits until every shard has said hello; tps_close
 * stops the thread and frees everything. It must not send frames itself:
 * the connect ticket does (connect.c). */
#include <errno.h>
#include <math.h>
#include <netdb.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sys/eventfd.h>
#include <sys/random.h>
#include <unistd.h>

#include "client_internal.h"
#include "tps_log.h"

void tps_options_init(tps_options_t *o) {
    memset(o, 0, sizeof(*o));
    o->role = TPS_ROLE_WORKER;
    o->rank = 0;
    o->workers = 1;
    o->connect_timeout_ms = TPS_CONNECT_TIMEOUT_MS;
    o->keepalive_s = TPS_KEEPALIVE_S;
    o->error_feedback = -1;
    o->zstd_min = 4096;
    o->chunk_bytes = 1u << 20;
}

/* Frees a client whose I/O thread has stopped or never started. */
static void client_free(tps_client_t *c) {
    for (int i = 0; i < c->ntensors; i++) {
        free(c->tensors[i].ids);
        free(c->tensors[i].versions);
        free(c->tensors[i].resid);
        free(c->tensors[i].cache);
        free(c->tensors[i].cache_versions);
    }
    tps__cl_rows_free(c);
    while (c->spare) {
        tps__pushbuf_t *pb = c->spare;
        c->spare = pb->next;
        free(pb->data);
        free(pb->fr);
        free(pb);
    }
    ZSTD_freeCCtx(c->zc);
    free(c->shards);
    free(c->owed);
    free(c->cluster);
    uv_cond_destroy(&c->cv);
    uv_mutex_destroy(&c->mu);
    uv_mutex_destroy(&c->io_mu);
    if (c->kick_fd >= 0)
        close(c->kick_fd);
    free(c);
}

void tps_close(tps_client_t *c) {
    if (c == NULL)
        return;
    if (c->thread_started) {
        int err;
        int64_t id =
            tps__cl_submit(c, OP_CLOSE, 0, NULL, NULL, 1, 0, NULL, NULL, &err);
        if (id > 0)
            tps_wait(c, id);
        uv_thread_join(&c->thread);
        /* Close callbacks of handles closed last are run here. */
        uv_run(&c->loop, UV_RUN_DEFAULT);
        if (uv_loop_close(&c->loop) != 0)
            tps__log_err("libtaups: loop closed with handles open");
    } else {
        tps__cl_io_discard(c);
    }
    client_free(c);
}

/* What the options may not say, whatever the cluster. */
static int check_options(const tps_options_t *opts, char *err, size_t errlen) {
    if (opts == NULL || opts->cluster == NULL) {
        snprintf(err, errlen, "no cluster given");
        return TPS_EINVAL;
    }
    if (opts->workers < 1 || opts->workers > TPS_MAX_WORKERS ||
        (opts->role == TPS_ROLE_WORKER &&
         (opts->rank < 0 || opts->rank >= opts->workers))) {
        snprintf(err, errlen, "rank %d is outside [0, %d workers)", opts->rank,
                 opts->workers);
        return TPS_EINVAL;
    }
    if (opts->spin_us < 0 || opts->spin_us > 1000000) {
        snprintf(err, errlen, "spin_us %d is outside [0, 1000000]",
                 opts->spin_us);
        return TPS_EINVAL;
    }
    if (opts->frame_mac && opts->key_file == NULL) {
        snprintf(err, errlen, "--frame-mac needs the cluster's key "
                              "(--key-file): the tags are keyed by it");
        return TPS_EINVAL;
    }
    return 0;
}

static int setup_codecs(tps_client_t *c, char *err, size_t errlen) {
    const tps_options_t *o = &c->opts;
    uint32_t bucket = o->bucket ? o->bucket : TPS_CODEC_BUCKET_DEFAULT;
    if (tps__codec_parse(&c->codec, o->codec ? o->codec : "none", bucket, err,
                         errlen) < 0 ||
        tps__codec_parse(&c->pull_codec, o->pull_codec ? o->pull_codec : "none",
                         bucket, err, errlen) < 0)
        return TPS_EINVAL;
    if (!tps__codec_pullable(&c->pull_codec)) {
        /* A pull is a model, not a gradient: without error feedback, a
         * sparse or sign encoding of it would lose most of it every time. */
        snprintf(err, errlen, "pull codec \"%s\": use none, fp16, bf16, "
                 "qsgd:Q or uniform:Q", o->pull_codec);
        return TPS_EINVAL;
    }
    tps__codec_pack(&c->codec, &c->codec_id, &c->codec_ratio);
    tps__codec_pack(&c->pull_codec, &c->pull_id, &c->pull_ratio);
    c->ef = o->error_feedback < 0 ? tps__codec_biased(&c->codec)
                                  : o->error_feedback > 0;
    c->ef &= c->codec.kind != TPS_CODEC_NONE;
    if (o->zstd_level > 0 && (c->zc = ZSTD_createCCtx()) == NULL) {
        snprintf(err, errlen, "cannot create a zstd context");
        return TPS_ENOMEM;
    }
    return 0;
}

/* Resolved up front, so that a name that does not resolve is an error of
 * tps_open; connect.c resolves it again at each attempt. */
static int resolve(tps__cshard_t *sh, char *err, size_t errlen) {
    if (sh->addr.is_unix)
        return 0; /* a path: nothing to resolve */
    int gai = tps__resolve(sh->addr.host, sh->addr.port, AF_UNSPEC, &sh->sa,
                           NULL);
    if (gai != 0) {
        snprintf(err, errlen, "shard %d at %s: cannot resolve host: %s",
                 sh->index, sh->addr.text, gai_strerror(gai));
        return TPS_EUNREACH;
    }
    return 0;
}

/* The shards of the cluster list, each resolved. */
static int setup_shards(tps_client_t *c, char *err, size_t errlen) {
    tps__addr_t *addrs = NULL;
    int n = tps__cluster_parse(c->cluster, &addrs, err, errlen);
    if (n < 0)
        return n;
    c->nshards = n;
    c->shards = calloc((size_t)n, sizeof(*c->shards));
    c->owed =
        calloc((size_t)TPS__CL_MAX_TICKETS * (size_t)n, sizeof(*c->owed));
    int rc = c->shards == NULL || c->owed == NULL ? TPS_ENOMEM : 0;
    for (int s = 0; rc == 0 && s < n; s++) {
        tps__cshard_t *sh = &c->shards[s];
        sh->cl = c;
        sh->index = s;
        sh->addr = addrs[s];
        rc = resolve(sh, err, errlen);
    }
    free(addrs);
    return rc;
}

/* The client's own state, before anything depends on the options. */
static tps_client_t *client_alloc(const tps_options_t *opts) {
    tps_client_t *c = calloc(1, sizeof(*c));
    if (c == NULL)
        return NULL;
    uv_mutex_init(&c->mu);
    uv_mutex_init(&c->io_mu);
    uv_cond_init(&c->cv);
    c->kick_fd = -1;
    c->opts = *opts;
    c->qhead = c->qtail = -1;
    c->cutoff = -1;
    c->opened = (double)time(NULL);
    c->loss = NAN;
    struct sigaction pipe_action;
    c->pipe_ignored = sigaction(SIGPIPE, NULL, &pipe_action) == 0 &&
                      pipe_action.sa_handler == SIG_IGN;
    /* Any 64 random bits do; only a later client of the same rank must get
     * other ones. */
    if (getrandom(&c->session, sizeof(c->session), 0) != sizeof(c->session))
        c->session = uv_hrtime() ^ ((uint64_t)getpid() << 32) ^ (uintptr_t)c;
    c->session |= 1;
    size_t chunk = opts->chunk_bytes ? opts->chunk_bytes : (1u << 20);
    c->chunk_elems = chunk / sizeof(float) ? chunk / sizeof(float) : 1;
    c->lim.max_header = TPS_DEFAULT_MAX_HEADER;
    c->lim.max_payload = chunk + TPS_DEFAULT_MAX_PAYLOAD;
    return c;
}

int tps__cl_new(const tps_options_t *opts, tps_client_t **out, char *errbuf,
                size_t errlen) {
    *out = NULL;
    int rc = check_options(opts, errbuf, errlen);
    if (rc < 0)
        return rc;
    tps_client_t *c = client_alloc(opts);
    if (c == NULL)
        return TPS_ENOMEM;
    c->kick_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    c->cluster = strdup(opts->cluster);
    c->opts.cluster = c->cluster;
    c->opts.key_file = NULL; /* borrowed; only read here */
    if (c->kick_fd < 0) {
        rc = uv_translate_sys_error(errno);
        snprintf(errbuf, errlen, "cannot create an eventfd: %s",
                 uv_strerror(rc));
    } else if (c->cluster == NULL) {
        rc = TPS_ENOMEM;
    } else if (opts->key_file) {
        rc = tps__key_load(opts->key_file, &c->key, errbuf, errlen) < 0
                 ? TPS_EINVAL
                 : 0;
    }
    if (rc == 0)
        rc = setup_codecs(c, errbuf, errlen);
    if (rc == 0)
        rc = setup_shards(c, errbuf, errlen);
    if (rc < 0) {
        client_free(c);
        return rc;
    }
    tps__cl_io_init(c);
    *out = c;
    return 0;
}

int tps_open(const tps_options_t *opts, tps_client_t **out, char *errbuf,
             size_t errlen) {
    char scratch[8];
    if (errbuf == NULL) {
        errbuf = scratch;
        errlen = sizeof(scratch);
    }
    errbuf[0] = '\0';
    tps_client_t *c;
    int rc = tps__cl_new(opts, &c, errbuf, errlen);
    if (rc < 0)
        return rc;
    c->deadline = tps__now() + opts->connect_timeout_ms / 1000.0;
    rc = tps__cl_io_start(c);
    if (rc < 0) {
        snprintf(errbuf, errlen, "cannot start the I/O thread: %s",
                 uv_strerror(rc));
        tps_close(c);
        return rc;
    }
    int err = 0;
    int64_t id = tps__cl_submit(c, OP_CONNECT, 0, NULL, NULL, c->nshards, 0,
                                NULL, NULL, &err);
    rc = id > 0 ? tps_wait(c, id) : err;
    if (rc < 0) {
        snprintf(errbuf, errlen, "%s",
                 c->errmsg[0] ? c->errmsg : tps_strerror(rc));
        tps_close(c);
        return rc;
    }
    *out = c;
    return 0;
}
