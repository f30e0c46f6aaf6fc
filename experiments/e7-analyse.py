#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""E7's table: failures and checkpoint intervals against the first-order
model of checkpoint/restart (Young 1974).

Reads results/e7-failures/runs: per run, the kills carried out (run.json
"faults"), the updates the shard holds at the end (eval.csv's last
"updates"), the updates the workers had applied (workers x iterations: every
push is acknowledged once applied) and the wall time (the longest worker
CSV's last time_s). Per configuration, medians over seeds of:

  T0        the run without checkpoints or faults; rate0 = applied / T0
  C         a checkpoint's cost, (T(X, no faults) / T0 - 1) * X
  kills     failures that hit a running shard
  lost/kill updates rolled back per failure; model rate0 * X / 2 (a failure
            lands on average half an interval after the last checkpoint)
  R         downtime per failure, (T(X, faults) - T(X, no faults)) / kills
  U         useful-work fraction, (final updates / T) / rate0; model
            1 - C/X - (kills/T) (X/2 + R), with the C and R measured here

    experiments/e7-analyse.py [RESULTS_DIR]
"""
import csv
import glob
import json
import os
import re
import statistics
import sys

here = os.path.dirname(os.path.abspath(__file__))
res = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "results", "e7-failures")
WORKERS, ITERS = 2, 60000


def one(run):
    with open(os.path.join(run, "run.json")) as f:
        rj = json.load(f)
    kills = sum(1 for ft in rj.get("faults", []) if str(ft.get("result", "")).startswith("killed"))
    with open(os.path.join(run, "eval.csv")) as f:
        final = float(list(csv.DictReader(f))[-1]["updates"])
    t = 0.0
    for p in glob.glob(os.path.join(run, "worker-*.csv")):
        with open(p) as f:
            rows = list(csv.DictReader(f))
        if rows:
            t = max(t, float(rows[-1]["time_s"]))
    return {"kills": kills, "final": final, "T": t, "lost": WORKERS * ITERS - final}


cfg = {}
for d in glob.glob(os.path.join(res, "runs", "*-seed*")):
    m = re.search(r"checkpoint-every=([0-9.]+)_fault=kill-shard_0_mtbf_([0-9.e+]+)(?:_[0-9.]+)?-seed", d)
    if m and os.path.exists(os.path.join(d, "run.json")):
        cfg.setdefault((float(m.group(1)), float(m.group(2))), []).append(one(d))
if not cfg:
    sys.exit("e7-analyse: no runs under %s/runs" % res)

med = statistics.median
t0 = med(r["T"] for r in cfg[(0.0, 1e9)])
rate0 = WORKERS * ITERS / t0
print("Without checkpoints or faults: T0 = %.2f s, rate0 = %.0f updates/s (%d seeds).\n"
      % (t0, rate0, len(cfg[(0.0, 1e9)])))
print("| X (s) | MTBF (s) | seeds | T (s) | C (ms) | kills | lost/kill | model rate0 X/2 | "
      "R (s) | U measured | U model |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for (x, mtbf) in sorted(cfg, key=lambda k: (k[1] < 1e9, k[0])):
    if x == 0:
        continue
    rs = cfg[(x, mtbf)]
    tq = med(r["T"] for r in cfg.get((x, 1e9), rs))
    c = (tq / t0 - 1) * x
    T = med(r["T"] for r in rs)
    if mtbf >= 1e9:
        print("| %g | none | %d | %.2f | %.1f | 0 | – | – | – | %.3f | %.3f |"
              % (x, len(rs), T, 1e3 * c, med(r["final"] / r["T"] for r in rs) / rate0, 1 - c / x))
        continue
    kills = med(r["kills"] for r in rs)
    lpk = med(r["lost"] / r["kills"] for r in rs if r["kills"])
    R = med((r["T"] - tq) / r["kills"] for r in rs if r["kills"])
    u = med(r["final"] / r["T"] for r in rs) / rate0
    lam = med(r["kills"] / r["T"] for r in rs)
    print("| %g | %g | %d | %.2f | %.1f | %g | %.0f | %.0f | %.3f | %.3f | %.3f |"
          % (x, mtbf, len(rs), T, 1e3 * c, kills, lpk, rate0 * x / 2, R, u,
             1 - c / x - lam * (x / 2 + R)))
