#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The key results' figures, drawn by gnuplot from committed files only:

- E1b (results/e1-threshold/threshold.png, .svg): every (tau, lr) tried,
  marked converged or diverged, against the exact bound 2 sin(pi/(4 tau+2))
  and the chapter's 1/tau, from summary.csv;
- E6b (results/e6b-stragglers/step_vs_n): the measured step time less the
  overhead o(N) against N, with the Monte Carlo E[max of N] and the formula
  mean + sd sqrt(2 ln N), per CV, from analysis.md;
- E7 (results/e7-failures/useful_vs_x): the useful work against the run
  with neither checkpoints nor faults, against the checkpoint interval X,
  with the model 1 - C/X - lambda(X/2 + R) and Young's interval, from
  analysis.md;
- E4 (results/e4-local/steps_vs_k): minibatch steps per worker to the
  target against K, median and interquartile band across seeds, a line
  per variant (local SGD and accumulation, per heterogeneity), from the
  summary.csv of e4-local and e4-local-accum;
- E10 (results/e10-backup/step_vs_b): the sync step time against the
  number of backup workers b, per compute-time law, with the model
  o(b) + E[X_(N-b):N], from analysis.md;
- E10b (results/e10b-accuracy/err_vs_b): rel_err after a fixed time
  against b, median and interquartile band across seeds, a line per
  compute-time law, from summary.csv;
- E11 (results/e11-delay-comp/updates_by_rule): updates to the target per
  staleness rule, median and interquartile range, from summary.csv;
- E12, E12b and E12c (results/e12-momentum/updates_vs_mu and likewise):
  updates to the target against the explicit momentum, a line per number
  of workers (E12c: per read lag), from summary.csv.

    experiments/figures.py [RESULTS]    (default: experiments/results)

Each figure's data (NAME.dat) and script (NAME.gp) sit beside it in
figures/, so that it can be redrawn with `cd figures && gnuplot NAME.gp`.
A figure whose data are missing or empty is not drawn: the script says
which and exits 1, rather than leave an empty file.
"""
import csv
import os
import subprocess
import sys

import tables  # the same names for the same rows as the README's tables

PREAMBLE = """set macros
pngterm = (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) ? 'pngcairo' : 'png'
set grid
set key outside below left Left reverse maxcols 2 height 1 noenhanced
"""


class NoData(Exception):
    pass


def md_table(path):
    """The rows of the first Markdown table in path, as dicts."""
    rows, head = [], None
    for line in open(path):
        if not line.startswith("|"):
            if head:
                break
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if head is None:
            head = cells
        elif not set(line) <= set("|-\n "):
            rows.append(dict(zip(head, cells)))
    return rows


def draw(outdir, name, data, script):
    """Writes figures/NAME.dat (data: blocks of rows, blank-line separated,
    as gnuplot's `index` reads them) and NAME.gp, and runs gnuplot for
    NAME.png and NAME.svg in outdir."""
    if not any(data):
        raise NoData("%s: no data for %s" % (outdir, name))
    fig = os.path.join(outdir, "figures")
    os.makedirs(fig, exist_ok=True)
    with open(os.path.join(fig, name + ".dat"), "w") as f:
        f.write("\n\n\n".join("\n".join(" ".join("%.6g" % v for v in row)
                                      for row in block) for block in data))
        f.write("\n")
    with open(os.path.join(fig, name + ".gp"), "w") as f:
        f.write("# Written by experiments/figures.py; redraw with: "
                "gnuplot %s.gp\n" % name + PREAMBLE)
        for term, ext in (("@pngterm size 800,600", "png"),
                          ("svg size 800,600 dynamic", "svg")):
            f.write("set terminal %s\nset output '../%s.%s'\n%s\n" %
                    (term, name, ext, script))
    subprocess.run(["gnuplot", name + ".gp"], cwd=fig, check=True)
    for ext in ("png", "svg"):
        out = os.path.join(outdir, "%s.%s" % (name, ext))
        if not os.path.exists(out) or os.path.getsize(out) == 0:
            if os.path.exists(out):
                os.remove(out)
            raise NoData("gnuplot drew nothing into %s" % out)


def draw_lines(outdir, name, data, settings, plots):
    """draw() with the y axis from 0 and one plot command of plots."""
    draw(outdir, name, data, settings + "\nset yrange [0:*]\nplot " +
         ", \\\n     ".join(plots) + "\n")


def e1b(results):
    d = os.path.join(results, "e1-threshold")
    conv, div = [], []
    with open(os.path.join(d, "summary.csv"), newline="") as f:
        for r in csv.DictReader(f):
            point = (float(r["worker.read-lag"]), float(r["lr"]))
            (div if int(r["diverged"]) else conv).append(point)
    draw(d, "threshold", [conv, div], """
set logscale xy
set xlabel 'delay tau (updates)'
set ylabel 'learning rate x lambda_max' noenhanced
set yrange [0.03:3]
set xrange [0.8:25]
set samples 400
plot 2*sin(pi/(4*x+2)) lw 2 lc rgb 'black' title 'exact bound 2 sin(pi/(4 tau + 2))', \\
     1/x lw 2 dt 2 lc rgb 'gray40' title "the chapter's lr tau lambda < 1", \\
     'threshold.dat' index 0 using 1:2 with points pt 7 ps 1.5 lc rgb '#1a9850' title 'all runs converged', \\
     'threshold.dat' index 1 using 1:2 with points pt 2 ps 2 lw 2 lc rgb '#d73027' title 'runs diverged'
""")


def e6b(results):
    d = os.path.join(results, "e6b-stragglers")
    by_cv = {}
    for r in md_table(os.path.join(d, "analysis.md")):
        cv = float(r["CV"])
        if cv > 0:
            by_cv.setdefault(cv, []).append(
                (float(r["N"]), float(r["measured - o(N)"]),
                 float(r["E[max] MC"]),
                 float(r["mean + sd sqrt(2 ln N)"])))
    cvs = sorted(by_cv)
    plots = []
    for i, cv in enumerate(cvs):
        lt = i + 1
        plots += [
            "'step_vs_n.dat' index %d using 1:3 with lines lw 2 lt %d "
            "title 'E[max of N], CV %g'" % (i, lt, cv),
            "'step_vs_n.dat' index %d using 1:4 with lines dt 2 lt %d "
            "title 'mean + sd sqrt(2 ln N)'" % (i, lt),
            "'step_vs_n.dat' index %d using 1:2 with points pt 7 ps 1.3 "
            "lt %d title 'measured - o(N)'" % (i, lt)]
    draw(d, "step_vs_n", [by_cv[cv] for cv in cvs], """
set logscale x 2
set xlabel 'workers N'
set ylabel 'sync step less overhead (ms)'
set xrange [1.7:19]
plot """ + ", \\\n     ".join(plots) + "\n")


def e7(results):
    d = os.path.join(results, "e7-failures")
    rows = [(float(r["X (s)"]), float(r["U total"]),
             float(r["model 1 - C/X - λ(X/2 + R pooled)"]))
            for r in md_table(os.path.join(d, "analysis.md"))]
    young = None
    for line in open(os.path.join(d, "analysis.md")):
        if line.startswith("Young's interval"):
            young = float(line.split(":")[1].split()[0])
    xs = [x for x, _, _ in rows]
    draw(d, "useful_vs_x", [rows], """
set logscale x
set xlabel 'checkpoint interval X (s)'
set ylabel 'useful work against no checkpoints, no faults'
set xrange [%g:%g]
%s
plot 'useful_vs_x.dat' using 1:3 with linespoints lw 2 dt 2 pt 6 lc rgb 'black' title 'model 1 - C/X - lambda (X/2 + R)', \\
     'useful_vs_x.dat' using 1:2 with points pt 7 ps 1.5 lc rgb '#d73027' title 'measured (median of 5 seeds)'
""" % (min(xs) / 1.5, max(xs) * 1.5,
       "" if young is None else
       "set arrow from %g, graph 0 to %g, graph 1 nohead dt 3 lc rgb "
       "'gray40'\nset label \"Young's X*\" at %g, graph 0.05 offset 0.5,0"
       % (young, young, young)))


def e4(results):
    lines = {}
    for h, variant, k, r in tables.e4_convex_rows():
        if r["updates_to_target_median"] == "":
            continue
        lines.setdefault((variant, h), []).append(
            [k] + [k * float(r["updates_to_target_" + q])
                   for q in ("median", "q1", "q3")])
    keys = sorted(lines)
    plots = []
    for i, (variant, h) in enumerate(keys):
        plots += [
            "'steps_vs_k.dat' index %d using 1:3:4 with filledcurves "
            "fs transparent solid 0.2 lt %d notitle" % (i, i + 1),
            "'steps_vs_k.dat' index %d using 1:2 with linespoints lw 2 "
            "pt 7 lt %d title '%s, hetero %g'" % (i, i + 1, variant, h)]
    # Log y: accumulation's steps span decades, and averaging's few per
    # cent of growth would be flat on a linear axis beside them.
    draw(os.path.join(results, "e4-local"), "steps_vs_k",
         [lines[k] for k in keys], """
set logscale xy 2
set xlabel 'K (local steps, or gradients accumulated, per sync)'
set ylabel 'minibatch steps per worker to rel_err %g (median, IQR)' noenhanced
set xrange [0.8:40]
plot """ % tables.E4_TARGET + ", \\\n     ".join(plots) + "\n")


def spread(cell):
    """(median, low, high) of a "median [low, high]" cell."""
    m, rest = cell.split("[")
    lo, hi = rest.rstrip("]").split(",")
    return float(m), float(lo), float(hi)


def e10(results):
    d = os.path.join(results, "e10-backup")
    by_law = {}
    for r in md_table(os.path.join(d, "analysis.md")):
        m, lo, hi = spread(r["step ms (median [min, max])"])
        by_law.setdefault(r["distribution"], []).append(
            (float(r["b"]), m, lo, hi, float(r["model ms"])))
    laws = list(by_law)
    plots = []
    for i, law in enumerate(laws):
        plots += [
            "'step_vs_b.dat' index %d using 1:5 with lines lw 2 dt 2 lt %d "
            "title 'model, %s'" % (i, i + 1, law),
            "'step_vs_b.dat' index %d using 1:2:3:4 with yerrorbars pt 7 "
            "ps 1.3 lt %d title 'measured (median, min-max), %s'"
            % (i, i + 1, law)]
    draw_lines(d, "step_vs_b", [by_law[k] for k in laws], """
set xlabel 'backup workers b (of N = 8)'
set ylabel 'sync step (ms)'
set xrange [-0.3:4.3]""", plots)


def sweep_rows(d):
    with open(os.path.join(d, "summary.csv"), newline="") as f:
        return list(csv.DictReader(f))


E10B_AT = 1  # seconds: the reading the figure draws (all are at their
#              plateau by 2 s)


def e10b(results):
    d = os.path.join(results, "e10b-accuracy")
    by_law = {}
    key = "at_%g_s_" % E10B_AT
    for r in sweep_rows(d):
        if r[key + "median"] == "":
            continue
        by_law.setdefault(r["worker.delay"], []).append(
            [float(r["server.backup-workers"])] +
            [float(r[key + q]) for q in ("median", "q1", "q3")])
    laws = [law for law in tables.E10B_LAWS if law in by_law]
    plots = []
    for i, law in enumerate(laws):
        plots += [
            "'err_vs_b.dat' index %d using 1:3:4 with filledcurves "
            "fs transparent solid 0.2 lt %d notitle" % (i, i + 1),
            "'err_vs_b.dat' index %d using 1:2 with linespoints lw 2 "
            "pt 7 lt %d title '%s'" % (i, i + 1, law)]
    draw_lines(d, "err_vs_b", [sorted(by_law[k]) for k in laws], """
set xlabel 'backup workers b (of N = 8), each (law, b) at its tuned lr'
set ylabel 'rel_err after %g s (median, IQR over 5 seeds)' noenhanced
set xrange [-0.3:4.3]""" % E10B_AT, plots)


def e11(results):
    d = os.path.join(results, "e11-delay-comp")
    rows, names = [], []
    for i, r in enumerate(sweep_rows(d)):
        if r["updates_to_target_median"] == "":
            continue
        names.append("%d '%s'" % (i, tables.rule_name(r)))
        rows.append((i, float(r["updates_to_target_median"]),
                     float(r["updates_to_target_q1"]),
                     float(r["updates_to_target_q3"])))
    draw(d, "updates_by_rule", [rows], """
set xtics (%s)
set xrange [-0.5:%d.5]
set yrange [0:*]
set xlabel 'staleness rule on the shard (each at its tuned lr)'
set ylabel 'updates to the target'
plot 'updates_by_rule.dat' using 1:2:3:4 with yerrorbars pt 7 ps 1.5 lc rgb '#d73027' title 'median and interquartile range, runs that reached it'
""" % (", ".join(names), len(rows) - 1))


def momentum(results, name, key, title):
    """Updates to target against mu, a line per value of the swept key."""
    d = os.path.join(results, name)
    by_k = {}
    for r in sweep_rows(d):
        if r["updates_to_target_median"] == "":
            continue
        by_k.setdefault(int(r[key]), []).append(
            (float(r["server.momentum"]),
             float(r["updates_to_target_median"]),
             float(r["updates_to_target_q1"]),
             float(r["updates_to_target_q3"])))
    ks = sorted(by_k)
    plots = ["'updates_vs_mu.dat' index %d using 1:2:3:4 with yerrorlines "
             "lw 2 pt 7 lt %d title '%s = %d'" % (i, i + 1, title, k)
             for i, k in enumerate(ks)]
    draw_lines(d, "updates_vs_mu", [by_k[k] for k in ks], """
set xlabel 'explicit momentum mu (each at its tuned lr)'
set ylabel 'updates to the target (median, interquartile range)'
set xrange [-0.05:1]""", plots)


def e12(results):
    momentum(results, "e12-momentum", "workers", "N")


def e12b(results):
    momentum(results, "e12b-momentum-illcond", "workers", "N")


def e12c(results):
    momentum(results, "e12c-momentum-lag", "worker.read-lag", "read lag")


def main(argv):
    results = argv[0] if argv else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "results")
    rc = 0
    for fig in (e1b, e4, e6b, e7, e10, e10b, e11, e12, e12b, e12c):
        try:
            fig(results)
        except (NoData, OSError, KeyError, ValueError,
                subprocess.CalledProcessError) as e:
            print("figures.py: %s: %s" % (fig.__name__, e), file=sys.stderr)
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
