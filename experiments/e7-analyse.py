#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""E7's table: failures and checkpoint intervals against the first-order
model of checkpoint/restart (Young 1974).

Reads results/e7-failures/runs when it is there, and keeps what the table
needs in records/analysis-runs.csv (per run: kills, final updates, wall
time) and records/analysis-checkpoints.csv (per checkpoint: the pause and
the write), small enough to commit; without the runs (a fresh clone) it
reads those instead. Per run: the kills carried out (run.json
"faults"), the updates the shard holds at the end (eval.csv's last
"updates"), the pushes the workers made (workers x iterations; every one is
acknowledged once applied, so what the shard lacks at the end was rolled
back or lost in flight), the wall time (the longest worker CSV's last
time_s) and, from the shard's log, each checkpoint's cost: how long its
loop paused to fork the writer, and how long the writer took.

Per checkpoint interval X, medians over seeds:
  T, rate       wall time and pushes/s of the runs without faults at that X
                (and of the run with no checkpoints at all, X = 0)
  C             the shard's loop pause per checkpoint (its cost to service);
                W the writer's time, which runs beside it
  Young         sqrt(2 C MTBF), the interval that minimises C/X + X/(2 MTBF)
  lost/kill     updates rolled back per failure; model rate * X / 2 (a
                failure lands on average half an interval after the last
                checkpoint)
  R             downtime per failure, (T(X, faults) - T(X)) / kills
  U             useful-work fraction, (final updates / T) / rate: the share
                of the fault-free rate at the same X that the failures left;
                model 1 - (kills/T) (X/2 + R), with R measured here
  C/X           the checkpoints' own first-order cost, beside it, and
                1 - T0/T, what they cost the fault-free runs at that X
                against the run with no checkpoints (T0)
  U total       final updates per second over the rate of the run with
                neither checkpoints nor faults: the quantity Young's interval
                maximises; model 1 - C/X - (kills/T) (X/2 + R), R pooled

    experiments/e7-analyse.py [RESULTS_DIR]
"""
import csv
import glob
import json
import math
import os
import re
import statistics
import sys

here = os.path.dirname(os.path.abspath(__file__))
res = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "results", "e7-failures")
WORKERS, ITERS = 2, 60000
PUSHES = WORKERS * ITERS
med = statistics.median


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
    pause, write = [], []
    with open(os.path.join(run, "server-0.log"), errors="replace") as f:
        for line in f:
            m = re.search(r"written in ([0-9.]+) s \(the loop paused ([0-9.]+) ms", line)
            if m:
                write.append(float(m.group(1)))
                pause.append(float(m.group(2)) / 1e3)
    return {"kills": kills, "final": final, "T": t, "lost": PUSHES - final,
            "pause": pause, "write": write}


RUNS = os.path.join(res, "records", "analysis-runs.csv")
CHECKPOINTS = os.path.join(res, "records", "analysis-checkpoints.csv")


def keep():
    """Reads the runs into the two records files."""
    os.makedirs(os.path.dirname(RUNS), exist_ok=True)
    with open(RUNS, "w") as fr, open(CHECKPOINTS, "w") as fc:
        fr.write("checkpoint_every,mtbf,seed,kills,final,T\n")
        fc.write("checkpoint_every,mtbf,seed,pause_s,write_s\n")
        for d in sorted(glob.glob(os.path.join(res, "runs", "*-seed*"))):
            m = re.search(r"checkpoint-every=([0-9.]+)_fault=kill-shard_0_mtbf_([0-9.e+]+)(?:_[0-9.]+)?-seed(\d+)$", d)
            if not (m and os.path.exists(os.path.join(d, "run.json"))):
                continue
            r = one(d)
            key = "%s,%s,%s" % m.groups()
            fr.write("%s,%d,%r,%r\n" % (key, r["kills"], r["final"], r["T"]))
            for p, w in zip(r["pause"], r["write"]):
                fc.write("%s,%r,%r\n" % (key, p, w))


def from_records():
    cfg, runs = {}, {}
    with open(RUNS) as f:
        for row in csv.DictReader(f):
            final = float(row["final"])
            r = {"kills": int(row["kills"]), "final": final, "seed": row["seed"],
                 "T": float(row["T"]), "lost": PUSHES - final,
                 "pause": [], "write": []}
            k = (float(row["checkpoint_every"]), float(row["mtbf"]))
            cfg.setdefault(k, []).append(r)
            runs[(row["checkpoint_every"], row["mtbf"], row["seed"])] = r
    with open(CHECKPOINTS) as f:
        for row in csv.DictReader(f):
            r = runs[(row["checkpoint_every"], row["mtbf"], row["seed"])]
            r["pause"].append(float(row["pause_s"]))
            r["write"].append(float(row["write_s"]))
    return cfg


if glob.glob(os.path.join(res, "runs", "*-seed*")):
    keep()
elif not os.path.exists(RUNS):
    sys.exit("e7-analyse: neither runs under %s/runs nor %s" % (res, RUNS))
cfg = from_records()
if not cfg:
    sys.exit("e7-analyse: no runs in %s" % RUNS)

pauses = [p for rs in cfg.values() for r in rs for p in r["pause"]]
writes = [w for rs in cfg.values() for r in rs for w in r["write"]]
C, W = med(pauses), med(writes)
mtbfs = sorted({m for (_, m) in cfg if m < 1e9})
t0 = med(r["T"] for r in cfg[(0.0, 1e9)])
print("No checkpoints, no faults: T = %.2f s, %.0f pushes/s (%d seeds)." % (t0, PUSHES / t0, len(cfg[(0.0, 1e9)])))
print("Checkpoint cost: the loop paused C = %.2f ms per checkpoint (median of %d), "
      "the writer took W = %.1f ms beside it." % (1e3 * C, len(pauses), 1e3 * W))
for m in mtbfs:
    print("Young's interval sqrt(2 C MTBF) for MTBF %g s: %.3f s (with C + W: %.3f s)."
          % (m, math.sqrt(2 * C * m), math.sqrt(2 * (C + W) * m)))
print()
def useful(r):
    """Updates kept per second over the rate with neither checkpoints nor
    faults."""
    return r["final"] / r["T"] / (PUSHES / t0)


# Downtime per failure from the medians at one X is a difference of two
# wall times that spread by ~10 % between seeds; the full model takes R
# pooled over every run with a failure instead.
R_all = med((r["T"] - med(b["T"] for b in cfg[(x, 1e9)])) / r["kills"]
            for (x, m), rs in cfg.items() if m < 1e9 and (x, 1e9) in cfg
            for r in rs if r["kills"])
print("Downtime per failure, pooled over every X: R = %.3f s." % R_all)
print()
print("| X (s) | MTBF (s) | T no faults (s) | T faults (s) | kills | lost/kill | model rate X/2 | R (s) | U | model 1 - λ(X/2 + R) | C/X | 1 - T0/T, no faults | U total | model 1 - C/X - λ(X/2 + R pooled) |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for (x, m) in sorted(k for k in cfg if k[1] < 1e9):
    rs, base = cfg[(x, m)], cfg.get((x, 1e9))
    if not base:
        continue
    tq = med(r["T"] for r in base)
    rate = PUSHES / tq
    hit = [r for r in rs if r["kills"]]
    lpk = med(r["lost"] / r["kills"] for r in hit)
    R = med((r["T"] - tq) / r["kills"] for r in hit)
    u = med(r["final"] / r["T"] for r in rs) / rate
    lam = med(r["kills"] / r["T"] for r in rs)
    # Against the run with neither checkpoints nor faults: what Young's
    # trade-off is about, the checkpoints' cost included.
    total = med(useful(r) for r in rs)
    print("| %g | %g | %.2f | %.2f | %g | %.0f | %.0f | %.3f | %.3f | %.3f | %.4f | %.4f | %.3f | %.3f |"
          % (x, m, tq, med(r["T"] for r in rs), med(r["kills"] for r in rs), lpk,
             rate * x / 2, R, u, 1 - lam * (x / 2 + R), C / x, 1 - t0 / tq,
             total, 1 - C / x - lam * (x / 2 + R_all)))

# Paired by seed (a seed draws the same failure times at every X): which
# X kept the most useful work, against the run with neither checkpoints
# nor faults. The wall times spread by about 10 % between seeds, more
# than the differences between neighbouring X, so the pairing is what
# can show where the optimum is.
for m in mtbfs:
    best = {}
    for (x, mm), rs in cfg.items():
        if mm != m:
            continue
        for r in rs:
            u = useful(r)
            if r["seed"] not in best or u > best[r["seed"]][1]:
                best[r["seed"]] = (x, u)
    xs = sorted(best.items())
    print()
    print("Best X per seed (MTBF %g s), by useful work against no checkpoints: %s."
          % (m, ", ".join("seed %s: %g (%.3f)" % (k, x, u) for k, (x, u) in xs)))

