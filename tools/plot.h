/* SPDX-License-Identifier: MIT */
/* The plotting room of the tools: every gnuplot script that taups-sweep and
 * taups-launch write is written through here, so that their plots look
 * alike. It owns the look (pngcairo when the gnuplot at hand has it, else
 * png; each plot as PNG and SVG; grid; legend below the plot; a dash pattern
 * per cycle of gnuplot's 8 colours; SI tick labels such as 20.0k; log axes),
 * gnuplot's string quoting, and running gnuplot on a script and saying why
 * it failed.
 *
 * It must NOT know what is plotted: data files, columns, axis labels, which
 * curves exist and what a tool prints are the callers'. It reads no data and
 * writes no file but the script; gnuplot writes the images. */
#ifndef TPS_PLOT_H
#define TPS_PLOT_H

#include <signal.h>
#include <stdio.h>

/* The formats every plot is drawn in, in this order. */
typedef enum { TPS_PLOT_PNG, TPS_PLOT_SVG, TPS_PLOT_NFMT } tps__plot_fmt_t;

/* A gnuplot script being written. Between calls the caller may add commands
 * of its own (titles, ranges, styles) with fprintf on `f`; the script keeps
 * gnuplot's `set macros` on, and `@pngterm` names the PNG terminal. */
typedef struct tps__plot_s {
    FILE *f;      /* the script; NULL once closed */
    char *dir;    /* where the script is and gnuplot runs; owned */
    char *script; /* its name inside dir; owned */
    int ncurves;  /* curves in the current plot command */
    int nelems;   /* curves and bands in it */
    char **outputs; /* every file tps__plot_output() named; owned */
    int noutputs;
} tps__plot_t;

/* Creates DIR/SCRIPT and writes the shared preamble: a comment naming `prog`
 * (and what the plots are "for", unless NULL) and how to redraw them, the
 * caller's `note` as a second comment line (unless NULL), the terminal
 * probe, grid and legend. Borrows every string. Returns 0, or -1 with errno
 * set and nothing to free. */
int tps__plot_open(tps__plot_t *p, const char *dir, const char *script,
                   const char *prog, const char *about, const char *note);

/* Points the output at NAME.png or NAME.svg (NAME relative to the script's
 * directory), width x height pixels. Draw every plot once per format:
 *   for (int fmt = 0; fmt < TPS_PLOT_NFMT; fmt++) { output; plot }
 * (commands set before the loop hold for both). */
void tps__plot_output(tps__plot_t *p, tps__plot_fmt_t fmt, const char *name,
                      int width, int height);

/* Tick labels of `axis` ("x", "y", ...): with si, counts read as 20.0k or
 * 3.0M; without, gnuplot's plain %g. */
void tps__plot_format(tps__plot_t *p, const char *axis, int si);

/* A log-scale `axis` with ticks as 1e-04, for quantities spanning orders of
 * magnitude (errors, losses); tps__plot_linear() undoes it. */
void tps__plot_logscale(tps__plot_t *p, const char *axis);
void tps__plot_linear(tps__plot_t *p, const char *axis);

/* `set WHAT 'TEXT' noenhanced` for a title or axis label (WHAT: "title",
 * "xlabel", "ylabel", ...): the text is shown as written, so that names
 * such as rel_err keep their underscores. */
void tps__plot_text(tps__plot_t *p, const char *what, const char *text);

/* One plot command: tps__plot_begin(), then one tps__plot_curve() per curve
 * (at least one), then tps__plot_end(). A curve is the data file `file`
 * (relative to the script's directory) with the caller's `spec`, a printf
 * format such as "using 1:3 with lines lw 2" or "skip 1 using ($%d+%.3f):%d
 * with lines", followed by the dash pattern of its colour cycle and `title`,
 * shown as written (no enhanced-text markup). Borrows the strings. */
void tps__plot_begin(tps__plot_t *p);
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void tps__plot_curve(tps__plot_t *p, const char *file, const char *title,
                     const char *spec, ...);
void tps__plot_end(tps__plot_t *p);

/* Before the tps__plot_curve() it goes with: a band between two columns
 * of `file` (spec such as "using 1:3:4"), filled translucent in that
 * curve's colour, without a title. */
void tps__plot_band(tps__plot_t *p, const char *file, const char *spec);

/* Writes `s` to f as a gnuplot single-quoted string, for titles, labels and
 * file names the caller writes itself. */
void tps__plot_str(FILE *f, const char *s);

/* Finishes the script; p->dir and p->script stay for tps__plot_run().
 * Returns 0, or -1 with errno set when the script could not be written
 * completely. */
int tps__plot_close(tps__plot_t *p);

/* Runs `gnuplot SCRIPT` in DIR of a closed script, its output and errors in
 * `log` (a path, relative to the caller's working directory). With
 * timeout_s > 0 gnuplot is killed after that long; with `stop`, as soon as
 * *stop differs from its value at the call (a signal handler's counter).
 * Returns 0 when gnuplot exited 0, a negative errno when it could not be
 * started (-ENOENT: not installed), or else its wait status. A tool that
 * supervises its children its own way may run `gnuplot SCRIPT` in DIR
 * itself and pass a result of the same form to tps__plot_failure(). */
int tps__plot_run(const tps__plot_t *p, const char *log, double timeout_s,
                  const volatile sig_atomic_t *stop);

/* Why tps__plot_run() returned `rc` (non-zero), as one line for a person:
 * how to install gnuplot and redraw, or its exit status and `log`. Returns
 * an owned string, without the program's name or a newline. */
char *tps__plot_failure(const tps__plot_t *p, int rc, const char *log);

/* After gnuplot ran the script: removes every output that it left empty
 * or did not write (a plot whose data were all out of range or undefined,
 * or a run cut short), rather than leave a 0-byte file that looks like a
 * plot. Returns an owned
 * sentence naming them, without the program's name or a newline, or NULL
 * when there were none. */
char *tps__plot_prune(tps__plot_t *p);

/* Releases p, closing the script first if it is still open (for callers
 * that give up halfway). */
void tps__plot_free(tps__plot_t *p);

#endif
