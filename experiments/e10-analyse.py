#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""E10's table: time per synchronous step with b backup workers against
the order-statistic model.

Reads results/e10-backup/runs (run.json for each run's settings, each
worker's CSV: one row per iteration, with the version it read) when it is
there, and keeps each run's two measurements in
records/analysis-steps.csv (committed); without the runs (a fresh clone)
it reads that file instead. It prints Markdown: per distribution and b, the measured time per step (the median
over seeds of worker 0's time per version, from its 10th iteration to the
first worker's last, while all N are live), the overhead o(b) measured at
constant compute (time per step minus 2 ms), E[X_(N-b):N] of the
distribution by Monte Carlo (10^6 steps), the model o(b) + E[X_(N-b):N],
the measured over the model, and the gradients dropped per step.

    experiments/e10-analyse.py [RESULTS_DIR]
"""
import csv
import glob
import json
import math
import os
import sys

import numpy as np

MEAN_MS = 2.0
SKIP = 10

here = os.path.dirname(os.path.abspath(__file__))
res = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "results", "e10-backup")


def arg(args, name, default):
    return args[args.index(name) + 1] if name in args else default


def step_ms(run_dir, n):
    rows = []
    for k in range(n):
        with open(os.path.join(run_dir, "worker-%d.csv" % k)) as f:
            rows.append([(float(r["time_s"]), int(r["version"])) for r in csv.DictReader(f)])
    end = min(r[-1][0] for r in rows if r)
    mine = [p for p in rows[0][SKIP:] if p[0] <= end]
    if len(mine) < 2 or mine[-1][1] == mine[0][1]:
        return None
    return 1e3 * (mine[-1][0] - mine[0][0]) / (mine[-1][1] - mine[0][1])


def dropped_per_step(run_dir):
    steps = dropped = 0
    for log in glob.glob(os.path.join(run_dir, "server-0.log")):
        for line in open(log):
            if "stopping:" in line:
                words = line.split()
                steps = int(words[words.index("steps),") - 1])
                dropped = int(words[words.index("dropped,") - 1])
    return dropped / steps if steps else float("nan")


def draws(spec, size, rng):
    kind, a, b = spec.split(":")
    a, b = float(a), float(b)
    if kind == "const":
        return np.full(size, a)
    if kind == "lognormal":
        s2 = math.log1p(b * b)
        return rng.lognormal(math.log(a) - s2 / 2, math.sqrt(s2), size)
    if kind == "pareto":
        return b * (1.0 - rng.random(size)) ** (-1.0 / a)
    sys.exit("e10-analyse: no model for %s" % spec)


INPUTS = os.path.join(res, "records", "analysis-steps.csv")


def from_runs():
    """Per run: (workers, delay, b, seed, step ms, dropped per step)."""
    rows = []
    for d in sorted(glob.glob(os.path.join(res, "runs", "*-seed*"))):
        try:
            run = json.load(open(os.path.join(d, "run.json")))
        except (OSError, ValueError):
            continue
        if run.get("outcome") != "completed":
            continue
        s = run["settings"]
        b = int(arg(s["server-arg"], "--backup-workers", "0"))
        delay = arg(s["worker-arg"], "--delay", "const:2")
        if delay.startswith("const"):
            delay = "const:2:0"
        t = step_ms(d, s["workers"])
        if t is not None:
            rows.append((s["workers"], delay, b, run["seed"], t, dropped_per_step(d)))
    return rows


def keep(rows):
    os.makedirs(os.path.dirname(INPUTS), exist_ok=True)
    with open(INPUTS, "w") as f:
        f.write("workers,delay,backup,seed,step_ms,dropped_per_step\n")
        for r in rows:
            f.write("%d,%s,%d,%d,%.6f,%.6f\n" % r)


def from_records():
    with open(INPUTS) as f:
        return [(int(r["workers"]), r["delay"], int(r["backup"]), int(r["seed"]),
                 float(r["step_ms"]), float(r["dropped_per_step"]))
                for r in csv.DictReader(f)]


rows = from_runs() if os.path.isdir(os.path.join(res, "runs")) else []
if rows:
    keep(rows)
elif os.path.exists(INPUTS):
    rows = from_records()
if not rows:
    sys.exit("e10-analyse: no completed runs under %s/runs and no %s" % (res, INPUTS))
groups = {}
n_workers = rows[0][0]
for _, delay, b, _, t, drop in rows:
    g = groups.setdefault((delay, b), {"t": [], "drop": []})
    g["t"].append(t)
    g["drop"].append(drop)

rng = np.random.default_rng(1)
n = n_workers
print("| distribution | b | runs | step ms (median [min, max]) | o(b) ms | "
      "E[X_(N-b):N] ms | model ms | measured / model | dropped per step |")
print("|---|---|---|---|---|---|---|---|---|")
for delay in sorted({k[0] for k in groups}, key=lambda x: (x != "const:2:0", x)):
    for b in sorted(b for (dl, b) in groups if dl == delay):
        g = groups[(delay, b)]
        t = np.array(g["t"])
        base = groups.get(("const:2:0", b))
        over = float(np.median(base["t"])) - MEAN_MS if base else float("nan")
        x = np.sort(draws(delay, (1000000, n), rng), axis=1)
        order = float(x[:, n - b - 1].mean())
        model = over + order
        print("| %s | %d | %d | %.3f [%.3f, %.3f] | %.3f | %.3f | %.3f | %.2f | %.2f |"
              % (delay.replace(":0", "") if delay.startswith("const") else delay,
                 b, len(t), np.median(t), t.min(), t.max(), over, order, model,
                 np.median(t) / model, float(np.nanmedian(g["drop"]))))
