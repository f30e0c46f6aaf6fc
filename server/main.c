/* taups-server: one shard of a taups cluster, as a process. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include <uv.h>

#include "server.h"
#include "tps_log.h"
#include "tps_opt.h"

static const char usage[] =
    "usage: taups-server --listen HOST:PORT --cluster A0,A1,... --shard I "
    "[options]\n\n"
    "Serves shard I of the cluster: holds a slice of every declared tensor,\n"
    "applies pushed gradients with SGD and answers pulls. SIGTERM or SIGINT\n"
    "closes every connection and exits 0.";

static void on_signal(uv_signal_t *sig, int signum) {
    tps_log("signal %d: shutting down", signum);
    tps__server_stop(sig->data);
    uv_close((uv_handle_t *)sig, NULL);
}

int main(int argc, char **argv) {
    tps_server_config_t cfg;
    tps__server_config_init(&cfg);
    const char *listen = NULL, *cluster = NULL;
    int shard = 0, workers = 1;
    double lr, stats_every;
    uint64_t max_payload, max_elements;
    int max_header, max_tensors;
    const tps_opt_t opts[] = {
        {"listen", TPS_OPT_STR, &listen, NULL, 0, -1, NULL, "HOST:PORT",
         "address to listen on (numeric IPv4/IPv6; port 0 picks one)"},
        {"cluster", TPS_OPT_STR, &cluster, NULL, 0, -1, NULL, "A0,A1,...",
         "ordered shard addresses, the same list on every process"},
        {"shard", TPS_OPT_INT, &shard, "0", 0, 255, NULL, "I",
         "this process's index in --cluster"},
        {"workers", TPS_OPT_INT, &workers, "1", 1, 4096, NULL, "N",
         "number of workers in the cluster"},
        {"lr", TPS_OPT_DOUBLE, &lr, "0.1", 0, 1e6, NULL, "LR",
         "SGD learning rate"},
        {"stats-every", TPS_OPT_DOUBLE, &stats_every, "10", 0, 86400, NULL,
         "SEC", "seconds between summary log lines (0: only at exit)"},
        {"max-header", TPS_OPT_INT, &max_header, "4096", 64, 1 << 20, NULL,
         "BYTES", "largest frame header accepted"},
        {"max-payload", TPS_OPT_U64, &max_payload, "67108864", 1024,
         (double)(1ULL << 34), NULL, "BYTES", "largest frame payload accepted"},
        {"max-tensors", TPS_OPT_INT, &max_tensors, "64", 1, 65536, NULL, "N",
         "most tensors this shard holds"},
        {"max-elements", TPS_OPT_U64, &max_elements, "2147483648", 1,
         (double)(1ULL << 40), NULL, "N", "longest tensor (whole length)"},
        TPS_OPT_END,
    };
    int rc = tps_opt_parse(opts, "taups-server", usage, argc, argv);
    if (rc < 0)
        return rc == TPS_OPT_EXIT_OK ? 0 : 2;
    if (rc < argc) {
        fprintf(stderr, "taups-server: unexpected argument \"%s\"\n", argv[rc]);
        return 2;
    }
    if (listen == NULL) {
        fprintf(stderr, "taups-server: --listen HOST:PORT is required\n");
        return 2;
    }
    cfg.listen = listen;
    cfg.cluster = cluster;
    cfg.shard = shard;
    cfg.workers = workers;
    cfg.lr = lr;
    cfg.stats_every = stats_every;
    cfg.lim.max_header = (uint32_t)max_header;
    cfg.lim.max_payload = max_payload;
    cfg.max_tensors = max_tensors;
    cfg.max_elements = max_elements;

    char who[32];
    snprintf(who, sizeof(who), "taups-server[%d]", shard);
    tps_log_init(who);
    signal(SIGPIPE, SIG_IGN);

    uv_loop_t loop;
    uv_loop_init(&loop);
    tps_server_t *srv;
    char err[512];
    rc = tps__server_start(&loop, &cfg, &srv, err, sizeof(err));
    if (rc < 0) {
        tps_log("%s", err);
        uv_loop_close(&loop);
        tps_opt_free(opts);
        return 1;
    }
    uv_signal_t sigterm, sigint;
    uv_signal_init(&loop, &sigterm);
    uv_signal_init(&loop, &sigint);
    sigterm.data = sigint.data = srv;
    uv_signal_start(&sigterm, on_signal, SIGTERM);
    uv_signal_start(&sigint, on_signal, SIGINT);
    /* Whichever signal did not fire must not keep the loop alive. */
    uv_unref((uv_handle_t *)&sigterm);
    uv_unref((uv_handle_t *)&sigint);
    uv_run(&loop, UV_RUN_DEFAULT);
    if (!uv_is_closing((uv_handle_t *)&sigterm))
        uv_close((uv_handle_t *)&sigterm, NULL);
    if (!uv_is_closing((uv_handle_t *)&sigint))
        uv_close((uv_handle_t *)&sigint, NULL);
    uv_run(&loop, UV_RUN_DEFAULT);
    tps__server_free(srv);
    rc = uv_loop_close(&loop);
    tps_opt_free(opts);
    if (rc != 0)
        tps_log("loop closed with handles open: %s", uv_strerror(rc));
    return rc == 0 ? 0 : 1;
}
