/* SPDX-License-Identifier: MIT */
/* The I/O thread and who else may run its loop (client_internal.h): the
 * thread runs the loop a turn at a time and sleeps in poll() without
 * io_mu, so that the caller's thread can send its own frames (direct
 * issue) and wait for its own reply by running the loop itself (drive,
 * or spin). Also the stop after tps_interrupt. It must not know what a
 * frame says: tickets become frames in wire.c. */
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "client_internal.h"

/* Everything submitted goes out, in one write per shard, without waiting
 * for the next turn. */
static void flush_all(tps_client_t *c) {
    for (int s = 0; s < c->nshards; s++)
        if (c->shards[s].conn_open)
            tps__conn_flush(&c->shards[s].conn);
}

/* The last ticket: every handle closes, and the loop ends with them. */
static void close_all(tps_client_t *c, tps__ticket_t *t) {
    c->closing = 1;
    for (int s = 0; s < c->nshards; s++) {
        tps__cshard_t *sh = &c->shards[s];
        uv_close((uv_handle_t *)&sh->retry, NULL);
        if (sh->conn_open)
            tps__conn_close(&sh->conn);
    }
    uv_close((uv_handle_t *)&c->wake, NULL);
    uv_close((uv_handle_t *)&c->interrupt, NULL);
    uv_close((uv_handle_t *)&c->stop_tick, NULL);
    uv_mutex_lock(&c->mu);
    tps__cl_complete(c, t, 0);
    uv_mutex_unlock(&c->mu);
}

/* Wakes the I/O thread from poll(); the eventfd counts, so a kick sent
 * before it sleeps is not lost. Async-signal-safe (tps_interrupt). */
static void kick(tps_client_t *c) {
    uint64_t one = 1;
    ssize_t r = write(c->kick_fd, &one, sizeof(one));
    (void)r; /* EAGAIN: the counter is full of kicks already */
}

void tps__cl_unpark(tps_client_t *c) {
    if (__atomic_exchange_n(&c->io_park, 0, __ATOMIC_ACQ_REL))
        kick(c);
}

void tps__cl_wake(tps_client_t *c) {
    uv_async_send(&c->wake);
    tps__cl_unpark(c);
}

static void on_wake(uv_async_t *a) {
    tps_client_t *c = a->data;
    tps__cl_fates_due(c); /* an ABORT a failed call left */
    for (;;) {
        uv_mutex_lock(&c->mu);
        int slot = c->qhead;
        if (slot >= 0) {
            c->qhead = c->tickets[slot].next;
            if (c->qhead < 0)
                c->qtail = -1;
        }
        uv_mutex_unlock(&c->mu);
        if (slot < 0)
            break;
        tps__ticket_t *t = &c->tickets[slot];
        if (t->kind == OP_CLOSE) {
            close_all(c, t);
            return;
        }
        tps__cl_issue_to(c, t, -1, 0);
    }
    flush_all(c);
}

/* After tps_interrupt, a request unanswered at two ticks in a row has
 * waited at least one tick: a gate that will not open (a step awaiting a
 * worker that died) or a reply lost on the path. It fails, and the client
 * with it: its connections close, so that no reply lands in a buffer the
 * caller frees once its call has returned. */
#define STOP_TICK_MS 250

/* Counts the requests seen unanswered at the tick before too (mu). */
static int stale_requests(tps_client_t *c) {
    int stale = 0;
    for (int i = 0; i < TPS__CL_MAX_TICKETS; i++) {
        tps__ticket_t *t = &c->tickets[i];
        if (t->id == 0 || t->done || t->kind == OP_CLOSE)
            continue;
        if (t->stop_seen == t->id)
            stale++;
        t->stop_seen = t->id;
    }
    return stale;
}

static void on_stop_tick(uv_timer_t *tm) {
    tps_client_t *c = tm->data;
    uv_mutex_lock(&c->mu);
    int stale = stale_requests(c);
    if (stale == 0) {
        uv_mutex_unlock(&c->mu);
        return;
    }
    if (tps__cl_break(c, TPS_EINTR))
        tps__cl_errorf_locked(c, "the application is stopping: %d request%s "
                              "still unanswered %d ms after tps_interrupt",
                              stale, stale == 1 ? "" : "s", STOP_TICK_MS);
    tps__cl_fail_all(c, TPS_EINTR);
    uv_mutex_unlock(&c->mu);
    uv_timer_stop(tm);
    for (int s = 0; s < c->nshards; s++) {
        tps__cshard_t *sh = &c->shards[s];
        sh->state = SH_DEAD;
        sh->rejoining = 0;
        uv_timer_stop(&sh->retry);
        if (sh->conn_open)
            tps__conn_close(&sh->conn);
    }
}

/* The application is stopping: what waits on a lost shard fails now, and
 * a shard lost from now on is not waited for. */
static void on_interrupt(uv_async_t *a) {
    tps_client_t *c = a->data;
    if (!c->interrupted)
        uv_timer_start(&c->stop_tick, on_stop_tick, STOP_TICK_MS, STOP_TICK_MS);
    c->interrupted = 1;
    for (int s = 0; s < c->nshards; s++) {
        tps__cshard_t *sh = &c->shards[s];
        if (!sh->rejoining)
            continue;
        sh->rejoining = 0;
        uv_timer_stop(&sh->retry);
        if (sh->conn_open)
            tps__conn_close(&sh->conn);
        tps__cl_shard_failed(sh, TPS_EINTR, "lost; the application is "
                                            "stopping, so it is not waited "
                                            "for");
    }
}

void tps_interrupt(tps_client_t *c) {
    if (c != NULL && c->thread_started) {
        uv_async_send(&c->interrupt);
        tps__cl_unpark(c);
    }
}

static int io_needed(tps_client_t *c);

/* Whether the I/O thread may sleep parked (io_mu held): once nothing is in
 * flight, queued or waited for, and nothing else needs it, it leaves the
 * sockets to the next request's waiter (tps__cl_drive); with requests in
 * flight it reads their replies itself, as the queue that batches them
 * into one write needs it awake anyway. */
static int park_if_idle(tps_client_t *c) {
    /* A glance without mu first: with requests in flight (pipelined, the
     * I/O thread's busiest case) the answer is no, and taking mu on every
     * turn would contend with the caller's own use of it. */
    if (__atomic_load_n(&c->active, __ATOMIC_RELAXED) > 0)
        return __atomic_load_n(&c->io_park, __ATOMIC_ACQUIRE);
    int need = io_needed(c);
    uv_mutex_lock(&c->mu);
    if (!need && c->active == 0 && c->waiters == 0 && c->qhead < 0)
        __atomic_store_n(&c->io_park, 1, __ATOMIC_RELEASE);
    int parked = __atomic_load_n(&c->io_park, __ATOMIC_ACQUIRE);
    uv_mutex_unlock(&c->mu);
    return parked;
}

/* The loop, run a turn at a time so that io_mu can be let go while the
 * thread sleeps: libuv's handles are not thread-safe, and this is when
 * another thread may use them (libuv's documented way of embedding a loop,
 * uv_backend_fd and uv_backend_timeout). */
static void io_thread(void *arg) {
    tps_client_t *c = arg;
    uv_mutex_lock(&c->io_mu);
    while (uv_run(&c->loop, UV_RUN_NOWAIT)) {
        int timeout = uv_backend_timeout(&c->loop);
        if (timeout == 0)
            continue;
        c->io_wake_at = timeout < 0 ? UINT64_MAX
                                    : uv_now(&c->loop) + (uint64_t)timeout;
        int parked = park_if_idle(c);
        uv_mutex_unlock(&c->io_mu);
        struct pollfd p[2] = {
            {.fd = c->kick_fd, .events = POLLIN},
            {.fd = uv_backend_fd(&c->loop), .events = POLLIN}};
        if (poll(p, parked ? 1 : 2, timeout) > 0 && p[0].revents) {
            uint64_t n;
            ssize_t r = read(c->kick_fd, &n, sizeof(n));
            (void)r; /* EAGAIN: another kick took it; the wake is what counts */
        }
        uv_mutex_lock(&c->io_mu);
    }
    uv_mutex_unlock(&c->io_mu);
}

void tps__cl_io_init(tps_client_t *c) {
    uv_loop_init(&c->loop);
    uv_async_init(&c->loop, &c->wake, on_wake);
    uv_async_init(&c->loop, &c->interrupt, on_interrupt);
    uv_timer_init(&c->loop, &c->stop_tick);
    c->stop_tick.data = c;
    c->interrupt.data = c;
    c->wake.data = c;
    for (int s = 0; s < c->nshards; s++) {
        uv_timer_init(&c->loop, &c->shards[s].retry);
        c->shards[s].retry.data = &c->shards[s];
    }
}

void tps__cl_io_discard(tps_client_t *c) {
    for (int s = 0; s < c->nshards; s++)
        uv_close((uv_handle_t *)&c->shards[s].retry, NULL);
    uv_close((uv_handle_t *)&c->wake, NULL);
    uv_close((uv_handle_t *)&c->interrupt, NULL);
    uv_close((uv_handle_t *)&c->stop_tick, NULL);
    uv_run(&c->loop, UV_RUN_DEFAULT);
    uv_loop_close(&c->loop);
}

/* The I/O thread starts with SIGPIPE blocked (and the caller's thread
 * blocks it while it writes, pipe_block): a write to a shard that died
 * fails with EPIPE, and the signal stays pending on that thread instead of
 * killing the application, which need not ignore SIGPIPE itself. */
int tps__cl_io_start(tps_client_t *c) {
    sigset_t pipe_set, old_set;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old_set);
    int rc = uv_thread_create(&c->thread, io_thread, c);
    pthread_sigmask(SIG_SETMASK, &old_set, NULL);
    if (rc == 0)
        c->thread_started = 1;
    return rc;
}

/* Whether what another thread did with the loop (it holds io_mu) needs
 * the sleeping I/O thread. Its poll() watches only the epoll set it last
 * handed to the kernel, until the time it computed then: libuv registers
 * new interest (a write left for the socket, a connection) at the next
 * turn, and a timer may now be due earlier. */
static int io_needed(tps_client_t *c) {
    int kick = !uv_loop_alive(&c->loop);
    int timeout = uv_backend_timeout(&c->loop);
    if (timeout == 0 ||
        (timeout > 0 && uv_now(&c->loop) + (uint64_t)timeout < c->io_wake_at))
        kick = 1;
    for (int s = 0; s < c->nshards && !kick; s++) {
        tps__cshard_t *sh = &c->shards[s];
        if (!sh->conn_open)
            continue;
        kick = sh->state != SH_READY || sh->rejoining ||
               sh->conn.link != NULL || sh->conn.paused || sh->conn.yielded ||
               uv_stream_get_write_queue_size(
                   (const uv_stream_t *)&sh->conn.tcp) > 0;
    }
    return kick;
}

/* After another thread used the loop: the I/O thread is woken if it is
 * needed, or `also` (and unparked with it). */
static void foreign_turn_end(tps_client_t *c, int also) {
    if (also || io_needed(c)) {
        __atomic_store_n(&c->io_park, 0, __ATOMIC_RELEASE);
        kick(c);
        c->io_wake_at = 0;
    }
}

/* Writes from the caller's thread may meet a dead shard; the I/O thread
 * runs with SIGPIPE blocked, and the caller's thread must not die of it
 * either. A SIGPIPE raised meanwhile is taken back before the mask is.
 * An application that ignored SIGPIPE when it opened the client (Python
 * does, and taups-worker) needs no mask: that spares three system calls
 * a frame. Returns whether it masked. */
static int pipe_block(const tps_client_t *c, sigset_t *old_set) {
    if (c->pipe_ignored)
        return 0;
    sigset_t pipe_set;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, old_set);
    return 1;
}

static void pipe_restore(int masked, const sigset_t *old_set) {
    if (!masked)
        return;
    sigset_t pipe_set, pending;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    if (!sigismember(old_set, SIGPIPE) && sigpending(&pending) == 0 &&
        sigismember(&pending, SIGPIPE)) {
        static const struct timespec now = {0, 0};
        sigtimedwait(&pipe_set, NULL, &now);
    }
    pthread_sigmask(SIG_SETMASK, old_set, NULL);
}

/* The requests of a training step, once the I/O thread runs, may be sent
 * by the caller's thread. It takes io_mu if the I/O thread is asleep or
 * about to be: that thread finishes a turn (the reply just handed to this
 * one, say) in microseconds, far less than waking it would cost. */
int tps__cl_io_take(tps_client_t *c, tps__op_kind_t kind) {
    if (!c->thread_started ||
        !(kind == OP_PUSH || kind == OP_PULL || kind == OP_CLOCK ||
          kind == OP_VERSION || kind == OP_PULL_ROWS || kind == OP_PUSH_ROWS))
        return 0;
    if (uv_mutex_trylock(&c->io_mu) == 0)
        return 1;
    uint64_t end = uv_hrtime() + 20000;
    do {
        if (uv_mutex_trylock(&c->io_mu) == 0)
            return 1;
    } while (uv_hrtime() < end);
    return 0;
}

/* One thread hand-off less per request, which is most of a small request's
 * latency (docs/design.md §6). The I/O thread still reads the replies. */
void tps__cl_direct_issue(tps_client_t *c, tps__ticket_t *t) {
    sigset_t old_set;
    int masked = pipe_block(c, &old_set);
    tps__cl_issue_to(c, t, -1, 0);
    /* Corked, the frames wait in their connections' batches for
     * tps_uncork or a wait, and nobody is woken for them meanwhile. A
     * two-phase push needs its replies read as they come, whether or not
     * anyone waits yet: the COMMIT that follows them is what lets the
     * shards apply it (and answer the pulls behind it). */
    if (c->two_phase && t->kind == OP_PUSH)
        c->commit_watch = 1;
    if (!c->corked) {
        flush_all(c);
        foreign_turn_end(c, c->commit_watch);
        c->commit_watch = 0;
    }
    pipe_restore(masked, &old_set);
    uv_mutex_unlock(&c->io_mu);
}

void tps_cork(tps_client_t *c) {
    c->corked = 1;
}

void tps_uncork(tps_client_t *c) {
    c->corked = 0;
    tps__cl_send_held(c);
}

void tps__cl_send_held(tps_client_t *c) {
    /* Busy, the loop is run by another thread, whose next turn sends the
     * batches (their flush handle keeps it from sleeping). */
    if (!c->thread_started || uv_mutex_trylock(&c->io_mu) != 0)
        return;
    sigset_t old_set;
    int masked = pipe_block(c, &old_set);
    flush_all(c);
    foreign_turn_end(c, c->commit_watch);
    c->commit_watch = 0;
    pipe_restore(masked, &old_set);
    uv_mutex_unlock(&c->io_mu);
}

/* While it polls, this thread runs the loop's turns itself when the I/O
 * thread sleeps: the reply is read here, not handed over. */
void tps__cl_spin(tps_client_t *c, tps__ticket_t *t, uint64_t end) {
    sigset_t old_set;
    int masked = pipe_block(c, &old_set);
    while (!__atomic_load_n(&t->done, __ATOMIC_ACQUIRE) && uv_hrtime() < end) {
        if (uv_mutex_trylock(&c->io_mu) == 0) {
            if (!c->closing) {
                uv_run(&c->loop, UV_RUN_NOWAIT);
                foreign_turn_end(c, 0);
            }
            uv_mutex_unlock(&c->io_mu);
        }
    }
    pipe_restore(masked, &old_set);
}

/* The end of a drive: the I/O thread is parked when nothing needs it,
 * decided under mu so that a thread about to sleep on cv either is counted
 * here or finds the park and undoes it (tps_wait). */
static void drive_end(tps_client_t *c) {
    int need = io_needed(c);
    uv_mutex_lock(&c->mu);
    need |= c->waiters > 0;
    if (!need)
        __atomic_store_n(&c->io_park, 1, __ATOMIC_RELEASE);
    uv_mutex_unlock(&c->mu);
    /* The I/O thread may still be parked from before this drive: a thread
     * asleep on cv needs it watching the sockets. */
    if (need)
        foreign_turn_end(c, 1);
}

/* The reply wakes the thread that wants it, which reads it: with the I/O
 * thread reading it instead, each request cost two thread wake-ups (that
 * thread's, then the caller's) and the futex calls of the hand-off, most
 * of a small request's CPU time. The I/O thread, if it was polling too,
 * is woken once, finds the loop taken, and parks (drive_end). */
void tps__cl_drive(tps_client_t *c, tps__ticket_t *t) {
    sigset_t old_set;
    int masked = pipe_block(c, &old_set);
    while (!__atomic_load_n(&t->done, __ATOMIC_ACQUIRE) && !c->closing) {
        if (!uv_run(&c->loop, UV_RUN_NOWAIT) ||
            __atomic_load_n(&t->done, __ATOMIC_ACQUIRE))
            break;
        int timeout = uv_backend_timeout(&c->loop);
        if (timeout == 0)
            continue;
        struct pollfd p = {.fd = uv_backend_fd(&c->loop), .events = POLLIN};
        (void)poll(&p, 1, timeout);
    }
    drive_end(c);
    pipe_restore(masked, &old_set);
    uv_mutex_unlock(&c->io_mu);
}
