#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""E6b's table: time per synchronous iteration against the straggler model.

Reads results/e6b-stragglers/runs (each worker's CSV: one row per
iteration, time_s when it ended) when it is there, and keeps what the
table needs in records/analysis-iterations.csv: per N and CV, how many
iterations took each time (to the 0.1 ms the CSVs resolve), small enough
to commit. Without the runs (a fresh clone) it reads that file instead.
It prints Markdown: per N and CV, the
iteration time's mean, p50, p95 and p99 over all workers' iterations of
every seed (the first 10 iterations of each worker, start-up, left out);
the overhead o(N) = mean at CV 0 minus 2 ms; E[max of N] of the lognormal
by Monte Carlo (10^6 draws of N) and by mean + sd sqrt(2 ln N); and the
efficiency, mean compute (2 ms) over the measured mean.

    experiments/e6b-analyse.py [RESULTS_DIR]
"""
import csv
import glob
import math
import os
import re
import sys

import numpy as np

MEAN_MS = 2.0  # the mean compute time; the runs' delay labels say which
SKIP = 10

here = os.path.dirname(os.path.abspath(__file__))
res = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "results", "e6b-stragglers")


def iteration_ms(run_dir):
    out = []
    for path in sorted(glob.glob(os.path.join(run_dir, "worker-*.csv"))):
        with open(path) as f:
            t = [float(r["time_s"]) for r in csv.DictReader(f) if r.get("time_s")]
        out.extend(1e3 * (b - a) for a, b in zip(t[SKIP:], t[SKIP + 1:]))
    return out


def lognormal(mean, cv, size, rng):
    s2 = math.log(1 + cv * cv)
    return rng.lognormal(math.log(mean) - s2 / 2, math.sqrt(s2), size)


INPUTS = os.path.join(res, "records", "analysis-iterations.csv")


def from_runs():
    """Per (N, CV), every worker iteration's time in ms, from the runs, and
    the mean compute time their labels give."""
    groups, mean = {}, MEAN_MS
    for d in glob.glob(os.path.join(res, "runs", "*-seed*")):
        # Labels spell "lognormal:2:0.5" as "lognormal_2_0.5".
        m = re.search(r"workers=(\d+)_worker\.delay=([a-z]+)_([0-9._]+)-seed", d)
        if not m:
            continue
        n = int(m.group(1))
        p = m.group(3).split("_")
        mean = float(p[0])
        cv = 0.0 if m.group(2) == "const" else float(p[1])
        groups.setdefault((n, cv), []).extend(iteration_ms(d))
    return groups, mean


def keep(groups, mean):
    os.makedirs(os.path.dirname(INPUTS), exist_ok=True)
    with open(INPUTS, "w") as f:
        f.write("workers,cv,iteration_ms,iterations,mean_ms\n")
        for (n, cv), times in sorted(groups.items()):
            hist = {}
            for t in times:
                hist[round(t, 1)] = hist.get(round(t, 1), 0) + 1
            for t in sorted(hist):
                f.write("%d,%g,%.1f,%d,%g\n" % (n, cv, t, hist[t], mean))


def from_records():
    """The groups and the mean (records before the mean_ms column: 2 ms)."""
    groups, mean = {}, MEAN_MS
    with open(INPUTS) as f:
        for r in csv.DictReader(f):
            g = groups.setdefault((int(r["workers"]), float(r["cv"])), [])
            g.extend([float(r["iteration_ms"])] * int(r["iterations"]))
            mean = float(r.get("mean_ms") or MEAN_MS)
    return groups, mean


if glob.glob(os.path.join(res, "runs", "*-seed*")):
    keep(*from_runs())
elif not os.path.exists(INPUTS):
    sys.exit("e6b-analyse: neither runs under %s/runs nor %s" % (res, INPUTS))
groups, MEAN_MS = from_records()
if not groups:
    sys.exit("e6b-analyse: no iterations in %s" % INPUTS)

rng = np.random.default_rng(1)
print("| N | CV | iterations | mean ms | p50 | p95 | p99 | E[max] MC | "
      "mean + sd sqrt(2 ln N) | measured - o(N) | (measured - o(N)) / E[max] | "
      "excess measured | excess predicted | excess ratio | efficiency |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for n in sorted({k[0] for k in groups}):
    base = groups.get((n, 0.0))
    over = float(np.mean(base)) - MEAN_MS if base else float("nan")
    for cv in sorted(cv for (m, cv) in groups if m == n):
        x = np.array(groups[(n, cv)])
        if cv == 0:
            emax = approx = MEAN_MS
        else:
            emax = float(lognormal(MEAN_MS, cv, (200000, n), rng).max(axis=1).mean())
            approx = MEAN_MS + cv * MEAN_MS * math.sqrt(2 * math.log(n))
        mean = float(x.mean())
        p50, p95, p99 = np.percentile(x, [50, 95, 99])
        # The straggler term alone: what the step costs past the overhead
        # and the mean compute time, against what E[max] adds to the mean.
        ex, ep = mean - over - MEAN_MS, emax - MEAN_MS
        ratio = "%.2f" % (ex / ep) if ep > 0 else "–"
        print("| %d | %.1f | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.2f | %.3f | %.3f | %s | %.2f |"
              % (n, cv, len(x), mean, p50, p95, p99, emax, approx,
                 mean - over, (mean - over) / emax, ex, ep, ratio, MEAN_MS / mean))
