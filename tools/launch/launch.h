/* SPDX-License-Identifier: MIT */
/* taups-launch's shared room: the state of one launch (launch_t and what it
 * holds) and the functions one file of tools/launch/ offers the others, each
 * listed under the file that owns it. Nothing here is for other programs:
 * the children are separate programs and learn everything from their argv.
 * Must NOT hold function bodies or state of its own. */
#ifndef LAUNCH_H
#define LAUNCH_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "tps_opt.h"

#define PROG "taups-launch"

/* How long to wait for each stop stage. None of these depends on the size of
 * the model except EVAL_GRACE_S, which covers one full evaluation. */
#define WORKER_GRACE_S 5.0 /* a worker finishes its iteration after SIGTERM */
#define EVAL_GRACE_S 10.0  /* the evaluator's final evaluation */
#define SERVER_GRACE_S 5.0 /* a server closes its connections */
#define TAIL_LINES 15      /* of a failed child's log */
#define LINE_MAX_LEN 4096
#define MAX_RESTARTS 10 /* of one shard under --restart-shards */
/* A dead shard's restart waits RESTART_BACKOFF_S, doubled for each restart
 * it had, at most RESTART_BACKOFF_MAX_S: a shard that dies as it starts
 * gives up after ~13 s instead of spinning. */
#define RESTART_BACKOFF_S 0.1
#define RESTART_BACKOFF_MAX_S 2.0
/* --hosts netns:K: addresses 10.199.1.1 onwards must stay below the
 * servers' 10.199.10.x at 250 a third octet. */
#define MAX_HELD_HOSTS 1000
/* --link-rate: how long a packet may wait in a shaped link's queue (tc's
 * tbf latency), which sizes the queue; netns.c says why this long. */

typedef struct settings_s {
    int shards, workers, batch, iterations, eval_every, no_plot, port_base;
    int restart_shards; /* a shard that dies is restarted from its checkpoint */
    const char *model, *data, *host, *hosts, *out, *bindir, *ssh;
    const char *key_file; /* the cluster's key; NULL: made when needed */
    int frame_mac;        /* every process tags every frame */
    /* Passed to the servers (and mode to the workers, which check it);
     * NULL: the programs' defaults. */
    const char *mode, *optimizer, *staleness, *codec;
    const char *split; /* workers' --split; NULL: theirs */
    double lr, seconds, cond, timeout, noise, hetero;
    uint64_t seed, rows, dim;
    uint64_t eval_updates; /* evaluator: every N updates; 0: by time */
    tps__strlist_t server_args, worker_args, faults;
    tps__strlist_t worker_cmds; /* "R:COMMAND": rank R runs COMMAND instead */
    const char *eval_cmd;      /* the evaluator runs it instead; NULL: none */
    int no_eval;               /* no evaluator at all (--no-eval, or every
                                  rank runs a --worker-cmd) */
    /* --hosts netns: tc's rate of every link; NULL: unshaped. */
    const char *link_rate;
    double link_queue_ms; /* tbf's latency: the queue beyond the bucket */
    /* --hold: build the hosts of --hosts netns:K (K in netns_hosts), run
     * nothing, wait; netns_hosts is 0 for one host per process. */
    int hold, netns_hosts;
} settings_t;

typedef enum role_e { ROLE_SERVER, ROLE_EVAL, ROLE_WORKER } role_t;

/* The command worker `rank` runs instead of taups-worker (--worker-cmd),
 * or NULL. */
const char *launch_worker_cmd(const settings_t *s, int rank);
/* 1 when every rank runs a --worker-cmd (no taups-worker trains). */
int launch_every_rank_cmd(const settings_t *s);

/* One line of a --hosts FILE: a machine that the launcher reaches over ssh.
 * Its processes run from bindir and write their files into workdir. */
typedef struct host_s {
    char *dest;    /* ssh destination, [user@]host */
    char *addr;    /* what its servers bind to and are reached at */
    char *bindir;  /* NULL: the directories the launcher uses locally */
    char *workdir; /* NULL: /tmp/taups-RUNID */
    int ssh_port;
    int roles; /* bit (1 << role_t) for each role it may run */
    int line;  /* in the hosts file, for messages */
} host_t;

typedef struct child_s {
    char name[32];
    role_t role;
    char **argv;           /* owned, NULL-terminated */
    char *log, *csv;       /* owned paths; csv is NULL for servers */
    pid_t pid;             /* 0: never started */
    int running;           /* started and not reaped yet */
    int status;            /* waitpid status, valid once started and !running */
    int killed;            /* the launcher had to SIGKILL it */
    int termed;            /* the launcher sent it SIGTERM */
    int noted;             /* its failure was already announced */
    int tail_shown;        /* its log tail was already printed */
    int fault_killed;      /* a kill fault sent it SIGKILL: not a failure */
    int restarts;          /* servers, --restart-shards: times restarted */
    int crash_restarts;    /* of them, after a death no fault caused: only
                              these back off and count to MAX_RESTARTS */
    double t_start, t_end; /* seconds since the launch; t_start: first life */
    /* Servers, --restart-shards: when each restart was (seconds since the
     * launch) and when the next is due (0: none pending). */
    double *restart_s; /* owned, `restarts` of them */
    double restart_at;
    /* Workers: the newest `reconnects` of its CSV, for the progress line;
     * reconnects_col is 1 + its column, 0 before the header was read, -1
     * if the header has none. */
    int reconnects_col;
    double reconnects;

    /* Only for a process of --hosts FILE, whose local ssh stands in. */
    const host_t *host; /* NULL: runs on this host */
    int in_w;           /* write end of ssh's stdin, -1 once closed */
    long rpid;          /* its pid there, 0 until its wrapper says */
    off_t log_start;    /* where this life's lines start in log */
    char *rcsv;         /* a worker's owned path of its CSV there */
} child_t;

/* Follows a growing text file by offset and hands out complete lines, so that
 * polling a CSV costs only the bytes appended since the last poll. */
typedef struct tail_s {
    const char *path; /* borrowed */
    off_t off;
    size_t len; /* bytes of an incomplete line kept in buf */
    char buf[LINE_MAX_LEN];
} tail_t;

typedef struct eval_row_s {
    double t, updates, loss, metric, reconnects;
} eval_row_t;

#define EVAL_RING 8

/* What the progress line and run.json know about eval.csv. Columns are found
 * by header name, so columns added later do not break the launcher. */
typedef struct eval_state_s {
    int have_header;
    int col_t, col_updates, col_loss, col_metric, col_reconnects;
    char metric[32]; /* "accuracy", "rel_err", or whatever the header says */
    long nrows;
    eval_row_t ring[EVAL_RING]; /* the latest rows, for updates/s */
    int ring_n, ring_head;      /* ring_head: slot of the newest row */
} eval_state_t;

/* One network namespace of a --hosts netns run. The switch namespace comes
 * first and holds the bridge; every other one belongs to one child (the
 * child at index k of launch_t.kids uses namespace k + 1). */
typedef struct netns_s {
    char name[48]; /* tps-PID-ROLE, unique while the launcher lives */
    char path[64]; /* its bind mount, for setns(2) */
    char addr[24]; /* its IPv4 address; "" for the switch */
    char port[16]; /* its veth end inside the switch namespace */
    char proc[32]; /* the name of the child that runs in it */
    int created;   /* `ip netns add` succeeded: teardown must delete it */
} netns_t;

/* One --fault, timed from the start of the workers.
 *
 * | kind       | at `at`                          | at `at + dur` |
 * |------------|----------------------------------|---------------|
 * | kill       | SIGKILL to the worker            | -             |
 * | pause      | SIGSTOP                          | SIGCONT       |
 * | disconnect | announced only: the worker acts  | -             |
 * | kill-shard | SIGKILL to shard `rank`; with    | -             |
 * |            | --restart-shards it comes back   |               |
 *
 * A disconnect is carried out by the worker itself (it was started with
 * --disconnect-at), because only the client can close its connections and
 * open them again; the launcher reads the outcome from the worker's log. */
typedef enum fault_kind_e {
    FAULT_KILL,
    FAULT_PAUSE,
    FAULT_DISCONNECT,
    FAULT_KILL_SHARD
} fault_kind_t;

typedef struct fault_s {
    const char *spec; /* borrowed from settings_t.faults */
    fault_kind_t kind;
    int rank;                  /* the worker's, or kill-shard's shard index */
    double at, dur;            /* seconds after the workers start; dur: pause */
    double mtbf, until; /* kill-shard:I@mtbf:M[:UNTIL] before expansion */
    int fired, resumed;        /* first and (pause) second action done */
    double fired_s, resumed_s; /* when, on the same clock as `at` */
    char result[128];
} fault_t;

typedef struct launch_s {
    settings_t *s;
    const tps__opt_t *opts;
    char **argv; /* the launcher's own, NULL-terminated */
    char *out;   /* run directory, owned */
    char *server_bin, *worker_bin;
    char *cluster; /* "host:port,..." owned */
    char *key;     /* the --key-file every process gets; NULL: none */
    int seed_drawn;
    child_t *kids; /* servers [0,S), evaluator [S], workers after */
    int nkids;
    struct timespec t0; /* monotonic start */
    struct timespec wall0, wall1;
    int ended;
    eval_state_t ev;
    tail_t evtail;
    int tty, line_shown;
    double last_progress;
    const char *phase;
    const char *outcome;
    int exit_status;
    char *plots[2];
    int nplots;
    netns_t *ns; /* NULL unless --hosts netns */
    int nns;
    /* Owned path of netns.log: every ip and tc command and its output. */
    char *ns_log;
    /* --link-rate in bits a second (0: unshaped) and the token bucket of
     * each shaped link end in bytes. */
    double link_bits;
    long link_burst;
    fault_t *faults; /* owned, settings_t.faults.n of them */
    int nfaults;
    double t_workers; /* elapsed() when the first worker started; fault clock */
    host_t *hosts;    /* owned, --hosts FILE only */
    int nhosts;
    char **ssh;     /* owned, NULL-terminated: --ssh split on blanks */
    char *ssh_log;  /* owned path of ssh.log: auxiliary ssh commands */
    char *run_id;   /* owned, names the default remote workdir */
    int port_shift; /* added to --port-base after a port was taken */
    char *python_bin; /* owned: OUT/bin, first on the commands' PATH; NULL:
                         none (launch_python_bin) */
} launch_t;

/* A growing argv: v is NULL-terminated (once anything was added) and owned,
 * each element too. */
typedef struct argv_s {
    char **v;
    int n, cap;
} argv_t;

/* Where a spawned child's standard streams go and where it runs. Zero
 * fields are the common case: stdin /dev/null, stdout with stderr, this
 * directory and network namespace. */
typedef struct spawn_s {
    const char *log; /* stderr, and stdout unless `out` is set */
    int append;      /* append to log instead of truncating it */
    const char *out; /* stdout alone, truncated */
    const char *cwd;
    const char *netns; /* bind mount of a network namespace to enter */
    int *in_w; /* not NULL: stdin is a pipe whose close-on-exec write end
                  is returned here, owned by the caller */
} spawn_t;

/* Results of launch_start_servers. */
enum { START_OK, START_FAILED, START_IN_USE, START_STOPPED };

/* Results of launch_run_loop: why the run ended. */
enum { END_DONE, END_SIGNAL, END_TIMEOUT, END_SERVER_DIED };

/* ---- children.c: signals, spawning, supervision, stop order ---- */

/* The first stop signal (SIGINT, SIGTERM, SIGHUP) and how many arrived. */
extern volatile sig_atomic_t launch_stop_signal;
extern volatile sig_atomic_t launch_stop_count;

extern const char *const launch_role_names[];

/* Installs the handlers for the stop signals and SIGCHLD, which wake
 * launch_wait_wake; ignores SIGPIPE. Returns 0 or -1 with errno set. */
int launch_signals_install(void);
/* Closes what launch_signals_install opened; the handlers stay. */
void launch_signals_close(void);

/* calloc that ends the program with a message when memory runs out. */
void *launch_xcalloc(size_t n, size_t size);

/* Appends a copy of s to a. */
void launch_av_add(argv_t *a, const char *s);
/* Appends `name` and the formatted value as two elements. */
void launch_av_opt(argv_t *a, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Frees a NULL-terminated owned argv; NULL is fine. */
void launch_av_free(char **v);

/* Writes into buf the shortest text that reads back as the same double, so
 * that a child gets exactly the value run.json records. Returns buf. */
const char *launch_fmt_double(char *buf, size_t n, double d);

/* Seconds since the launch, on the monotonic clock. */
double launch_elapsed(const launch_t *l);

/* "exit status N", "killed by signal N (NAME)", ... for a wait status; the
 * error's text for -errno, as launch_run_bounded returns it. */
void launch_describe_wait(int st, char *buf, size_t n);
/* What became of a child, for messages; names its host if remote. */
void launch_describe_status(const child_t *c, char *buf, size_t n);
/* Whether a child that has ended did what the run asked of it. */
int launch_child_ok(const child_t *c);
/* Prints the last `lines` lines of a log to stderr, indented. */
void launch_print_tail(const char *path, int lines);

/* Sleeps until a signal arrives or `timeout` seconds pass. */
void launch_wait_wake(double timeout);
/* The same, and until `fd` is readable or hung up (-1: no fd). Returns 1
 * when fd is ready, 0 otherwise. */
int launch_wait_wake_fd(int fd, double timeout);
/* launch_wait_wake, then reaps every child that has exited. */
void launch_wait_events(launch_t *l, double timeout);

/* Starts argv[0] (looked up in PATH when it has no slash) in its own process
 * group as `sp` describes. The child is bound to die with the launcher.
 * Returns the pid, or -errno when a file cannot be opened, fork fails or
 * exec fails. */
pid_t launch_spawn(char *const argv[], const spawn_t *sp);
/* Runs argv to completion as `sp` describes, bounded by `wait_s` seconds
 * and by a stop signal that arrives meanwhile (either SIGKILLs it). Returns
 * the wait status, or -errno if it could not start. */
int launch_run_bounded(launch_t *l, char *const argv[], const spawn_t *sp,
                       double wait_s);

/* (Re)initialises a child that is not running as `role` number `index`;
 * keeps its placement. Takes av->v, log and csv. */
void launch_child_init(child_t *c, role_t role, int index, argv_t *av,
                       char *log, char *csv);
/* Frees what every child owns, and the array. */
void launch_children_free(launch_t *l);
/* Starts a child initialised by launch_child_init, locally or over ssh.
 * Returns 0, or -1 after saying why not. */
int launch_start_child(launch_t *l, child_t *c);
/* Signals a running child (a remote one as its mode allows). Returns 0, or
 * -1 when a remote signal failed. */
int launch_signal_child(launch_t *l, child_t *c, int sig);
/* How many children of `role` are running. */
int launch_running_of(const launch_t *l, role_t role);
/* Stops the running children of `role`: SIGTERM, then after `grace` s (or a
 * second stop signal) SIGKILL. Returns with none of them running. */
void launch_stop_role(launch_t *l, role_t role, double grace,
                      const char *phase);
/* Stops everything in order: workers, the evaluator, the servers. */
void launch_stop_all(launch_t *l);
/* Reports every child that did not exit 0, with the end of its log. Returns
 * how many there were, not counting an evaluator killed after its grace at
 * the end (said so, but the run's status is its workers'). */
int launch_report_failures(launch_t *l);

/* ---- cluster.c: what runs, on which ports, in which order ---- */

/* Starts the servers and waits until each listens; retries once with new
 * ports when one was taken. Returns one of START_*. */
/* Sets l->key: --key-file, or a new key in the run directory when the
 * servers listen beyond loopback. Returns 0 or -1 after saying why. */
int launch_choose_key(launch_t *l);

int launch_start_servers(launch_t *l);
/* Starts the evaluator, then the workers. Returns 0, or -1 after saying
 * which could not start. */
int launch_start_workers(launch_t *l);
/* Watches the run until the workers are done, a server dies, a stop signal
 * or --timeout. Returns one of END_*. */
int launch_run_loop(launch_t *l);

/* ---- progress.c: the terminal, and following eval.csv ---- */

/* Whether stdout is a terminal; the evaluator's columns are not known yet. */
void launch_progress_init(launch_t *l);
/* Clears the progress line before anything else is written to the terminal. */
void launch_clear_line(launch_t *l);
/* A message on stderr, after PROG: and with the progress line cleared. */
void launch_say(launch_t *l, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Calls fn for every complete line appended to t->path since the last call;
 * with `flush`, also for a final line without its newline. A missing file is
 * simply not there yet. */
void launch_tail_poll(tail_t *t, int flush, void (*fn)(char *line, void *arg),
                      void *arg);
/* Splits a CSV line in place; returns the number of fields. */
int launch_csv_split(char *line, char **f, int max);
/* The newest evaluation row, or NULL before the first. */
const eval_row_t *launch_eval_last(const eval_state_t *e);
/* Reads eval.csv and redraws the progress line, at most every 0.25 s on a
 * terminal and every 2 s otherwise unless `force`. */
void launch_progress(launch_t *l, int force);
/* The last progress line, left on screen, and every row of eval.csv. */
void launch_progress_end(launch_t *l);
/* Run directory, final evaluation and plots, on stdout. */
void launch_print_summary(launch_t *l);

/* ---- faults.c: scheduled kills, pauses and disconnects ---- */

extern const char *const launch_fault_names[];

/* Reads a number that must fill the whole field. Returns 0 or -1. */
int launch_parse_num(const char *f, double *v);
/* Replaces every kill-shard:I@mtbf:M[:UNTIL] by kills of shard I at the
 * arrivals of a Poisson process of mean interval M, drawn from the run's
 * seed, up to UNTIL s (default --timeout). Needs the seed: call once it is
 * known. */
void launch_faults_expand(launch_t *l);

/* Parses every --fault into *out (owned by the caller, also when empty).
 * Returns 0, or -1 after saying which spec is wrong and why. */
int launch_faults_parse(const settings_t *s, fault_t **out);
/* The disconnect fault of worker `rank`, or NULL. */
const fault_t *launch_fault_disconnect(const launch_t *l, int rank);
/* Carries out every fault action that is due. Returns the seconds until the
 * next one (INFINITY when none is left). */
double launch_faults_tick(launch_t *l);
/* Resumes every paused worker, which could not act on SIGTERM otherwise. */
void launch_faults_resume_all(launch_t *l);
/* Fills in the outcome of each disconnect from its worker's log. */
void launch_faults_finish(launch_t *l);

/* ---- netns.c: --hosts netns, the throwaway network ---- */

/* Whether this process may create namespaces and configure links. */
int launch_netns_allowed(void);
/* Whether --hosts names the netns network: 1 for "netns" (*held = 0) and
 * "netns:K" (*held = K), 0 for anything else (a FILE), -1 after a message
 * for a bad K. */
int launch_netns_spec(const char *hosts, int *held);
/* Reads a --link-rate as tc would, into bits a second and the bucket that
 * each link end gets. Returns 0, or -1 after naming the bad value. */
int launch_link_rate_parse(const char *text, double *bits_per_s, long *burst);
/* Plans and builds one namespace per child and the switch. Returns 0, or -1
 * when a command failed or a stop signal arrived; either way
 * launch_netns_teardown removes whatever was created. */
int launch_netns_build(launch_t *l);
/* --hold: builds the K hosts of --hosts netns:K, prints "host I NAME
 * ADDRESS" for each and "ready", writes run.json, then waits for a stop
 * signal or the end of stdin. Returns 0, or -1 when the build failed or
 * was stopped; either way launch_netns_teardown removes what exists. */
int launch_netns_hold(launch_t *l);
/* The bind mount of child c's namespace, or NULL without --hosts netns. */
const char *launch_netns_of(const launch_t *l, const child_t *c);
/* Deletes every namespace this run created; only once no child runs.
 * Returns how many deletions failed (each already reported). */
int launch_netns_teardown(launch_t *l);

/* ---- ssh_hosts.c: --hosts FILE, processes on other hosts over ssh ---- */

/* Reads a --hosts FILE into *out (owned by the caller, also on failure) and
 * *n. Returns 0, or -1 after naming the file, the line and the problem. */
int launch_hosts_parse(const char *path, host_t **out, int *n);
void launch_hosts_free(host_t *h, int n);
/* Splits --ssh on blanks into l->ssh. Returns 0, or -1 if it is empty. */
int launch_ssh_split(launch_t *l);
/* Once the run directory exists: absolute program paths, the run id and
 * ssh.log. */
void launch_ssh_prepare(launch_t *l);
/* Places servers and workers round-robin on the hosts of their role. */
void launch_hosts_place(launch_t *l);
/* The directory a host's processes run in. Returns h->workdir or buf. */
const char *launch_host_workdir(const launch_t *l, const host_t *h, char *buf,
                                size_t n);
/* The owned argv of the local ssh that stands in for remote child c. */
char **launch_remote_argv(const launch_t *l, const child_t *c);
/* Sends SIGKILL, SIGSTOP or SIGCONT to a remote child with `kill` on its
 * host. Returns 0, or -1 after saying why not. */
int launch_remote_signal(launch_t *l, child_t *c, int sig);
/* Copies each remote worker's CSV into the run directory and learns every
 * remote pid. Returns how many copies failed. */
int launch_fetch_csvs(launch_t *l);
/* Appends `arg` to *buf (length *len, capacity *cap; grown as needed),
 * after a blank unless *buf is empty, quoted for a POSIX shell. */
void launch_sh_quote(char **buf, size_t *len, size_t *cap, const char *arg);

/* ---- record.c: the run directory and run.json ---- */

/* Creates --out, or runs/STAMP-MODEL. Returns 0, or -1 after saying why. */
int launch_make_run_dir(launch_t *l);
/* Writes OUT/run.json whole (through a temporary file); a failure is said,
 * not returned. */
void launch_write_record(launch_t *l);

/* ---- python.c: python3 for --worker-cmd and --eval-cmd ---- */

/* When a command runs: OUT/bin/python3 and OUT/bin/python, the interpreter
 * taups was built for with this taups's package, into l->python_bin (left
 * NULL, after saying so, when no package is beside this launcher).
 * Returns 0, or -1 after saying why they could not be written. */
int launch_python_bin(launch_t *l);

/* ---- plots.c: gnuplot plots of the run ---- */

/* Writes OUT/plot.gp and draws OUT/loss.png and OUT/METRIC.png into
 * l->plots. Failure is reported but is not a failure of the run. */
void launch_make_plots(launch_t *l);

#endif
