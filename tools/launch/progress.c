/* SPDX-License-Identifier: MIT */
/* taups-launch's terminal: the live progress line (redrawn in place on a
 * terminal, one line every 2 s otherwise), the messages that must clear it
 * first, the final summary, and following eval.csv as it grows, which is
 * where the progress line and run.json's final_eval come from.
 *
 * Must NOT start, stop or signal processes, and must write no file: it only
 * reads the CSVs the children write. */
#include "config.h"

#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "launch.h"

void launch_progress_init(launch_t *l) {
    l->tty = isatty(STDOUT_FILENO);
    l->ev.col_t = l->ev.col_updates = l->ev.col_loss = l->ev.col_metric = -1;
    l->ev.col_reconnects = -1;
}

void launch_clear_line(launch_t *l) {
    if (l->line_shown) {
        fputs("\r\033[K", stdout);
        fflush(stdout);
        l->line_shown = 0;
    }
}

void launch_say(launch_t *l, const char *fmt, ...) {
    va_list ap;
    launch_clear_line(l);
    fprintf(stderr, "%s: ", PROG);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void launch_tail_poll(tail_t *t, int flush, void (*fn)(char *line, void *arg),
                      void *arg) {
    if (t->path == NULL)
        return;
    int fd = open(t->path, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        for (;;) {
            ssize_t n =
                pread(fd, t->buf + t->len, sizeof(t->buf) - 1 - t->len, t->off);
            if (n <= 0)
                break;
            t->off += n;
            t->len += (size_t)n;
            char *start = t->buf, *end = t->buf + t->len, *nl;
            while ((nl = memchr(start, '\n', (size_t)(end - start))) != NULL) {
                *nl = '\0';
                fn(start, arg);
                start = nl + 1;
            }
            t->len = (size_t)(end - start);
            memmove(t->buf, start, t->len);
            /* A line longer than the buffer is cut rather than stalling. */
            if (t->len == sizeof(t->buf) - 1) {
                t->buf[t->len] = '\0';
                fn(t->buf, arg);
                t->len = 0;
            }
        }
        close(fd);
    }
    if (flush && t->len > 0) {
        t->buf[t->len] = '\0';
        fn(t->buf, arg);
        t->len = 0;
    }
}

int launch_csv_split(char *line, char **f, int max) {
    int n = 0;
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == '\r' || line[len - 1] == ' '))
        line[--len] = '\0';
    for (char *p = line; n < max;) {
        f[n++] = p;
        p = strchr(p, ',');
        if (p == NULL)
            break;
        *p++ = '\0';
    }
    return n;
}

static void eval_line(char *line, void *arg) {
    eval_state_t *e = arg;
    char *f[32];
    int n = launch_csv_split(line, f, 32);
    if (n == 0 || f[0][0] == '\0')
        return;
    if (!e->have_header) {
        e->col_t = e->col_updates = e->col_loss = e->col_metric = -1;
        e->col_reconnects = -1;
        for (int i = 0; i < n; i++) {
            if (strcmp(f[i], "time_s") == 0)
                e->col_t = i;
            else if (strcmp(f[i], "reconnects") == 0)
                e->col_reconnects = i;
            else if (strcmp(f[i], "updates") == 0)
                e->col_updates = i;
            else if (strcmp(f[i], "loss") == 0)
                e->col_loss = i;
            else if (e->col_metric < 0) {
                e->col_metric = i;
                snprintf(e->metric, sizeof(e->metric), "%s", f[i]);
            }
        }
        e->have_header = 1;
        return;
    }
    eval_row_t r = {NAN, NAN, NAN, NAN, 0};
    int cols[5] = {e->col_t, e->col_updates, e->col_loss, e->col_metric,
                   e->col_reconnects};
    double *dst[5] = {&r.t, &r.updates, &r.loss, &r.metric, &r.reconnects};
    for (int k = 0; k < 5; k++)
        if (cols[k] >= 0 && cols[k] < n)
            *dst[k] = strtod(f[cols[k]], NULL);
    if (isnan(r.t))
        return;
    e->ring_head = (e->ring_head + 1) % EVAL_RING;
    e->ring[e->ring_head] = r;
    if (e->ring_n < EVAL_RING)
        e->ring_n++;
    e->nrows++;
}

/* The value of column `name` in the last complete row of the CSV at path,
 * cheaply: the header once, then only the file's last bytes, since a
 * worker's CSV grows by a row per push. *col is 1 + the column's index, 0
 * before the header was read, -1 if the header lacks it. *v is left alone
 * until there is a row. */
static void csv_last_value(const char *path, const char *name, int *col,
                           double *v) {
    char buf[LINE_MAX_LEN], *f[32];
    struct stat st;
    if (path == NULL || *col < 0)
        return;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    if (*col == 0) {
        ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
        char *nl = n > 0 ? memchr(buf, '\n', (size_t)n) : NULL;
        if (nl == NULL) /* no whole header yet */
            goto out;
        *nl = '\0';
        int nf = launch_csv_split(buf, f, 32);
        *col = -1;
        for (int i = 0; i < nf && *col < 0; i++)
            if (strcmp(f[i], name) == 0)
                *col = i + 1;
        if (*col < 0)
            goto out;
    }
    if (fstat(fd, &st) < 0)
        goto out;
    off_t off = st.st_size > (off_t)sizeof(buf) - 1
                    ? st.st_size - (off_t)(sizeof(buf) - 1)
                    : 0;
    ssize_t n = pread(fd, buf, sizeof(buf) - 1, off);
    char *end = n > 0 ? memrchr(buf, '\n', (size_t)n) : NULL;
    if (end == NULL)
        goto out;
    *end = '\0';
    /* The row starts after the newline before it; none in buf means the
     * header (off 0) or a row longer than buf. */
    char *row = memrchr(buf, '\n', (size_t)(end - buf));
    if (row == NULL)
        goto out;
    int nf = launch_csv_split(row + 1, f, 32);
    if (nf >= *col)
        *v = strtod(f[*col - 1], NULL);
out:
    close(fd);
}

const eval_row_t *launch_eval_last(const eval_state_t *e) {
    return e->ring_n ? &e->ring[e->ring_head] : NULL;
}

/* Updates per second over the evaluator's rows of the last ~3 s: the change
 * of the summed server versions divided by the evaluator's own time. */
static double eval_rate(const eval_state_t *e) {
    const eval_row_t *last = launch_eval_last(e), *first = NULL;
    for (int k = 1; k < e->ring_n; k++) {
        const eval_row_t *r =
            &e->ring[(e->ring_head - k + EVAL_RING) % EVAL_RING];
        if (last->t - r->t > 3.0 && first != NULL)
            break;
        first = r;
    }
    if (first == NULL || last->t <= first->t)
        return NAN;
    return (last->updates - first->updates) / (last->t - first->t);
}

static void fmt_metric(const eval_state_t *e, double v, char *buf, size_t n) {
    if (strcmp(e->metric, "accuracy") == 0)
        snprintf(buf, n, "acc %.4f", v);
    else if (strcmp(e->metric, "rel_err") == 0)
        snprintf(buf, n, "rel_err %.2e", v);
    else
        snprintf(buf, n, "%s %.4g", e->metric, v);
}

void launch_progress(launch_t *l, int force) {
    double now = launch_elapsed(l);
    if (!force && now - l->last_progress < (l->tty ? 0.25 : 2.0))
        return;
    l->last_progress = now;
    launch_tail_poll(&l->evtail, 0, eval_line, &l->ev);
    int done = 0;
    for (int i = 0; i < l->nkids; i++)
        if (l->kids[i].role == ROLE_WORKER && l->kids[i].pid &&
            !l->kids[i].running)
            done++;
    char line[256], metric[64];
    const eval_row_t *r = launch_eval_last(&l->ev);
    int n = snprintf(line, sizeof(line), "%7.1fs", now);
    if (r) {
        double rate = eval_rate(&l->ev);
        fmt_metric(&l->ev, r->metric, metric, sizeof(metric));
        n += snprintf(line + n, sizeof(line) - (size_t)n, " | %.0f updates",
                      r->updates);
        if (!isnan(rate))
            n +=
                snprintf(line + n, sizeof(line) - (size_t)n, " (%.0f/s)", rate);
        n += snprintf(line + n, sizeof(line) - (size_t)n, " | %s | loss %.4g",
                      metric, r->loss);
    } else {
        n += snprintf(line + n, sizeof(line) - (size_t)n, " | %s",
                      l->s->no_eval ? "no evaluator" : "no evaluation yet");
    }
    n += snprintf(line + n, sizeof(line) - (size_t)n, " | workers %d/%d done",
                  done, l->s->workers);
    /* Failures ridden through: shards restarted, and the reconnections of
     * the evaluator and the workers, each its CSV's `reconnects` column (a
     * remote worker's CSV is here only once fetched, at the end). */
    int restarts = 0;
    double reconnects = r ? r->reconnects : 0;
    for (int i = 0; i < l->s->shards; i++)
        restarts += l->kids[i].restarts;
    for (int i = 0; i < l->nkids; i++) {
        child_t *c = &l->kids[i];
        if (c->role != ROLE_WORKER || c->pid == 0)
            continue;
        csv_last_value(c->csv, "reconnects", &c->reconnects_col,
                       &c->reconnects);
        reconnects += c->reconnects;
    }
    if (restarts > 0 && n < (int)sizeof(line))
        n += snprintf(line + n, sizeof(line) - (size_t)n,
                      " | %d shard restart%s", restarts,
                      restarts == 1 ? "" : "s");
    if (reconnects > 0 && n < (int)sizeof(line))
        n += snprintf(line + n, sizeof(line) - (size_t)n, " | %.0f reconnects",
                      reconnects);
    if (n < (int)sizeof(line))
        snprintf(line + n, sizeof(line) - (size_t)n, "%s%s",
                 l->phase ? " | " : "", l->phase ? l->phase : "");
    if (l->tty) {
        printf("\r\033[K%s", line);
        l->line_shown = 1;
    } else {
        printf("%s\n", line);
    }
    fflush(stdout);
}

void launch_progress_end(launch_t *l) {
    if (l->evtail.path || (l->s->no_eval && l->t_workers > 0))
        launch_progress(l, 1);
    if (l->line_shown) { /* the last progress line stays on screen */
        putchar('\n');
        l->line_shown = 0;
    }
    launch_tail_poll(&l->evtail, 1, eval_line, &l->ev);
}

void launch_print_summary(launch_t *l) {
    const eval_row_t *r = launch_eval_last(&l->ev);
    printf("run directory: %s\n", l->out);
    if (r) {
        char m[64];
        fmt_metric(&l->ev, r->metric, m, sizeof(m));
        printf("final: %s, loss %.6g after %.0f updates (evaluator, %.1f s)\n",
               m, r->loss, r->updates, r->t);
    } else {
        printf("final: %s\n", l->s->no_eval ? "no evaluator ran"
                                            : "no evaluation was recorded");
    }
    if (l->nplots) {
        printf("plots:");
        for (int k = 0; k < l->nplots; k++)
            printf(" %s", l->plots[k]);
        printf("\n");
    }
    fflush(stdout);
}
