/* SPDX-License-Identifier: MIT */
/* The taups-server processes taups-bench starts when no --cluster is
 * given: finding the program, free loopback ports, spawning one server per
 * shard with --lr 0 and its output in an unlinked temporary file, waiting
 * until each listens, and stopping and reaping them, with a server's log
 * shown whenever it failed.
 *
 * Must NOT speak the taups protocol or measure anything: a server is a
 * process and a log here, nothing more. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "tps_cluster.h"
#include "tps_log.h"

/* Ports the kernel just handed out for port 0 and took back. Another process
 * could grab one before the server binds it; on loopback that is rare, and
 * the server then fails loudly rather than silently. */
static int free_ports(int *ports, int n) {
    int rc = 0, *fds = malloc((size_t)n * sizeof(*fds));
    if (fds == NULL)
        return -1;
    for (int i = 0; i < n; i++)
        fds[i] = -1;
    /* All sockets stay bound until every port is known, so the n ports are
     * distinct. */
    for (int i = 0; i < n && rc == 0; i++) {
        struct sockaddr_in a;
        socklen_t alen = sizeof(a);
        memset(&a, 0, sizeof(a));
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        fds[i] = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fds[i] < 0 || bind(fds[i], (struct sockaddr *)&a, sizeof(a)) < 0 ||
            getsockname(fds[i], (struct sockaddr *)&a, &alen) < 0) {
            fprintf(stderr, PROG ": cannot find a free loopback port: %s\n",
                    strerror(errno));
            rc = -1;
        } else {
            ports[i] = ntohs(a.sin_port);
        }
    }
    for (int i = 0; i < n; i++)
        if (fds[i] >= 0)
            close(fds[i]);
    free(fds);
    return rc;
}

static int executable(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
           access(path, X_OK) == 0;
}

/* Where taups-server is, as a malloc'd path: next to this program (an
 * install), then ../server/ (the build tree, where libtool may run us from
 * tools/.libs/), then $PATH. NULL, after saying where it looked, if none is
 * there. */
static char *find_server(void) {
    static const char *const rel[2] = {"/taups-server",
                                       "/../server/taups-server"};
    char exe[PATH_MAX], cand[2][PATH_MAX + 32], inpath[PATH_MAX + 32], *slash;
    ssize_t k = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    int ncand = 0;
    if (k > 0) {
        exe[k] = '\0';
        if ((slash = strrchr(exe, '/')) != NULL)
            *slash = '\0';
        if ((slash = strrchr(exe, '/')) != NULL && strcmp(slash, "/.libs") == 0)
            *slash = '\0';
        for (; ncand < 2; ncand++) {
            snprintf(cand[ncand], sizeof(cand[ncand]), "%s%s", exe, rel[ncand]);
            if (executable(cand[ncand]))
                return strdup(cand[ncand]);
        }
    }
    for (const char *path = getenv("PATH"); path && *path;) {
        size_t n = strcspn(path, ":");
        /* An empty entry means the current directory. */
        int dir_len = n == 0 ? 1 : n < PATH_MAX ? (int)n : PATH_MAX - 1;
        snprintf(inpath, sizeof(inpath), "%.*s/taups-server", dir_len,
                 n ? path : ".");
        if (executable(inpath))
            return strdup(inpath);
        path += n + (path[n] == ':');
    }
    fprintf(stderr, PROG ": cannot find taups-server (tried ");
    for (int i = 0; i < ncand; i++)
        fprintf(stderr, "%s, ", cand[i]);
    fprintf(stderr, "$PATH); give --server-bin PATH, or --cluster to use "
                    "running servers\n");
    return NULL;
}

static void describe_status(int status, char *buf, size_t len) {
    if (WIFSIGNALED(status))
        snprintf(buf, len, "died of signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else
        snprintf(buf, len, "exited with status %d", WEXITSTATUS(status));
}

static void log_dump(const server_t *sv, int shard) {
    char buf[4097];
    struct stat st;
    off_t from = 0;
    if (sv->log < 0 || fstat(sv->log, &st) < 0)
        return;
    if (st.st_size > (off_t)sizeof(buf) - 1)
        from = st.st_size - (off_t)sizeof(buf) + 1;
    ssize_t k = pread(sv->log, buf, sizeof(buf) - 1, from);
    if (k <= 0) {
        fprintf(stderr, "---- shard %d wrote nothing ----\n", shard);
        return;
    }
    buf[k] = '\0';
    fprintf(stderr,
            "---- shard %d (pid %d, port %d) log%s ----\n%s%s"
            "---- end of shard %d log ----\n",
            shard, (int)sv->pid, sv->port, from ? ", last 4 KiB" : "", buf,
            buf[k - 1] == '\n' ? "" : "\n", shard);
}

static int log_contains(const server_t *sv, const char *needle) {
    char buf[65537];
    ssize_t k = pread(sv->log, buf, sizeof(buf) - 1, 0);
    if (k <= 0)
        return 0;
    buf[k] = '\0';
    return strstr(buf, needle) != NULL;
}

/* Must run before this process starts any thread: between fork and exec the
 * child only does what is safe in a copy of a single-threaded process. */
static int server_spawn(server_t *sv, const char *bin, char **argv) {
    char path[PATH_MAX];
    const char *tmp = getenv("TMPDIR");
    int devnull;
    pid_t parent = getpid();
    snprintf(path, sizeof(path), "%s/taups-bench-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    sv->log = mkostemp(path, O_CLOEXEC);
    if (sv->log < 0) {
        fprintf(stderr, PROG ": cannot create a log file in %s: %s\n",
                tmp && *tmp ? tmp : "/tmp", strerror(errno));
        return -1;
    }
    unlink(path);
    devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
    sv->pid = fork();
    if (sv->pid == 0) {
        static const char msg[] = "taups-bench: exec of the server failed\n";
        /* Its own process group keeps a terminal's ^C away from the
         * servers; they stop through the death signal when we go. */
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(127);
        if (devnull >= 0)
            dup2(devnull, STDIN_FILENO);
        dup2(sv->log, STDOUT_FILENO);
        dup2(sv->log, STDERR_FILENO);
        execv(bin, argv);
        if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
            _exit(127);
        _exit(127);
    }
    if (devnull >= 0)
        close(devnull);
    if (sv->pid < 0) {
        fprintf(stderr, PROG ": fork: %s\n", strerror(errno));
        sv->pid = 0;
        return -1;
    }
    return 0;
}

/* With --transport unix: the directory of the shards' socket files, made
 * here and removed by bench_servers_stop. */
static char unix_dir[PATH_MAX];

/* The address shard i listens on. */
static void shard_address(char *buf, size_t len, int i, int port) {
    if (bench_cfg.unix_sock)
        snprintf(buf, len, "unix:%s/shard-%d", unix_dir, i);
    else
        snprintf(buf, len, "127.0.0.1:%d", port);
}

/* --server-bin, or taups-server found near this program; owned, NULL
 * after a message. */
static char *server_binary(void) {
    if (!bench_cfg.server_bin)
        return find_server();
    if (!executable(bench_cfg.server_bin)) {
        fprintf(stderr, PROG ": --server-bin %s: not an executable file\n",
                bench_cfg.server_bin);
        return NULL;
    }
    return strdup(bench_cfg.server_bin);
}

/* --transport unix: unix_dir made under $TMPDIR (or /tmp). */
static int make_unix_dir(void) {
    const char *tmp = getenv("TMPDIR");
    snprintf(unix_dir, sizeof(unix_dir), "%s/taups-bench-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(unix_dir) == NULL) {
        fprintf(stderr, PROG ": cannot make a directory for the shards' "
                             "sockets in %s: %s\n",
                tmp && *tmp ? tmp : "/tmp", strerror(errno));
        unix_dir[0] = '\0';
        return -1;
    }
    if (strlen(unix_dir) + 16 > TPS_UNIX_PATH_MAX) {
        fprintf(stderr, PROG ": %s is too long a path for unix: sockets "
                             "(set TMPDIR to a shorter one)\n", unix_dir);
        return -1;
    }
    return 0;
}

/* Starts shard i of the cluster `list`. */
static int spawn_shard(server_t *sv, int i, char *bin, char *list, int port,
                       int workers) {
    char listen_at[sizeof(unix_dir) + 32], shard[16], nworkers[16];
    int argc = 0;
    /* 11 fixed arguments, 3 of the key, the --server-arg ones, and the
     * NULL. */
    char **argv =
        malloc((size_t)(14 + bench_cfg.server_args.n + 1) * sizeof(*argv));
    if (argv == NULL)
        return -1;
    shard_address(listen_at, sizeof(listen_at), i, port);
    snprintf(shard, sizeof(shard), "%d", i);
    snprintf(nworkers, sizeof(nworkers), "%d", workers);
    argv[argc++] = bin;
    argv[argc++] = (char *)"--listen";
    argv[argc++] = listen_at;
    argv[argc++] = (char *)"--cluster";
    argv[argc++] = list;
    argv[argc++] = (char *)"--shard";
    argv[argc++] = shard;
    argv[argc++] = (char *)"--workers";
    argv[argc++] = nworkers;
    /* lr 0: the benchmark pushes the same gradient forever; parameters
     * must neither drift to NaN nor change, which the final check uses. */
    argv[argc++] = (char *)"--lr";
    argv[argc++] = (char *)"0";
    if (bench_cfg.key_file) {
        argv[argc++] = (char *)"--key-file";
        argv[argc++] = (char *)bench_cfg.key_file;
    }
    if (bench_cfg.frame_mac)
        argv[argc++] = (char *)"--frame-mac";
    for (int k = 0; k < bench_cfg.server_args.n; k++)
        argv[argc++] = bench_cfg.server_args.v[k];
    argv[argc] = NULL;
    sv[i].port = bench_cfg.unix_sock ? 0 : port;
    int spawned = server_spawn(&sv[i], bin, argv);
    free(argv);
    return spawned;
}

/* Waits up to 20 s until every shard says "listening on"; -1 after a
 * message if one exits first or time runs out. */
static int wait_listening(server_t *sv, int shards, const char *bin) {
    double deadline = tps__now() + 20;
    for (int ready = 0; ready < shards;) {
        ready = 0;
        for (int i = 0; i < shards; i++) {
            int status;
            if (log_contains(&sv[i], "listening on")) {
                ready++;
                continue;
            }
            if (waitpid(sv[i].pid, &status, WNOHANG) == sv[i].pid) {
                char how[64];
                describe_status(status, how, sizeof(how));
                fprintf(stderr,
                        PROG ": %s (shard %d) %s before it was "
                             "listening\n",
                        bin, i, how);
                log_dump(&sv[i], i);
                sv[i].pid = 0;
                return -1;
            }
        }
        if (ready < shards && tps__now() > deadline) {
            fprintf(stderr,
                    PROG ": %s did not say \"listening on\" within "
                         "20 s\n",
                    bin);
            for (int i = 0; i < shards; i++)
                log_dump(&sv[i], i);
            return -1;
        }
        if (ready < shards)
            bench_sleep_ms(5);
    }
    return 0;
}

int bench_servers_start(server_t *sv, int shards, int workers, char **cluster) {
    char *bin = NULL, *list = NULL;
    int *ports = NULL, rc = -1;
    size_t cap = (size_t)shards * (sizeof(unix_dir) + 32);
    for (int i = 0; i < shards; i++) {
        sv[i].pid = 0;
        sv[i].log = -1;
    }
    if ((bin = server_binary()) == NULL)
        return -1;
    ports = malloc((size_t)shards * sizeof(*ports));
    list = malloc(cap);
    if (ports == NULL || list == NULL)
        goto out;
    if (bench_cfg.unix_sock ? make_unix_dir() < 0
                            : free_ports(ports, shards) < 0)
        goto out;
    list[0] = '\0';
    for (int i = 0; i < shards; i++) {
        char a[sizeof(unix_dir) + 32];
        shard_address(a, sizeof(a), i, ports[i]);
        snprintf(list + strlen(list), cap - strlen(list), "%s%s", i ? "," : "",
                 a);
    }
    for (int i = 0; i < shards; i++)
        if (spawn_shard(sv, i, bin, list, ports[i], workers) < 0)
            goto out;
    if (wait_listening(sv, shards, bin) < 0)
        goto out;
    *cluster = list;
    list = NULL;
    rc = 0;
out:
    free(bin);
    free(ports);
    free(list);
    return rc;
}

/* A server that failed its own exit checks (ASan reports exit non-zero)
 * counts as a failed run. */
int bench_servers_stop(server_t *sv, int shards) {
    int failed = 0;
    for (int i = 0; i < shards; i++)
        if (sv[i].pid > 0)
            kill(sv[i].pid, SIGTERM);
    for (int i = 0; i < shards; i++) {
        int status = 0;
        double deadline = tps__now() + 10;
        if (sv[i].pid <= 0)
            goto close_log;
        while (waitpid(sv[i].pid, &status, WNOHANG) == 0) {
            if (tps__now() > deadline) {
                fprintf(stderr,
                        PROG ": shard %d (pid %d) still running 10 s "
                             "after SIGTERM; killing it\n",
                        i, (int)sv[i].pid);
                kill(sv[i].pid, SIGKILL);
                waitpid(sv[i].pid, &status, 0);
                failed++;
                log_dump(&sv[i], i);
                goto reaped;
            }
            bench_sleep_ms(5);
        }
        /* Dying of the SIGTERM we sent is as good as exiting 0. */
        if ((WIFSIGNALED(status) && WTERMSIG(status) != SIGTERM) ||
            (WIFEXITED(status) && WEXITSTATUS(status) != 0)) {
            char how[64];
            describe_status(status, how, sizeof(how));
            fprintf(stderr, PROG ": shard %d (pid %d) %s\n", i, (int)sv[i].pid,
                    how);
            failed++;
            log_dump(&sv[i], i);
        }
    reaped:
        sv[i].pid = 0;
    close_log:
        if (sv[i].log >= 0)
            close(sv[i].log);
        sv[i].log = -1;
    }
    /* Each shard unlinks its socket file as it stops; the directory is
     * ours. A socket a crashed shard left behind goes with it. */
    if (unix_dir[0]) {
        char path[sizeof(unix_dir) + 32];
        for (int i = 0; i < shards; i++) {
            snprintf(path, sizeof(path), "%s/shard-%d", unix_dir, i);
            unlink(path);
        }
        rmdir(unix_dir);
        unix_dir[0] = '\0';
    }
    return failed ? -1 : 0;
}
