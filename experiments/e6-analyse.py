#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""E6's table: measured bytes and time per iteration against the
parameter-server traffic model, per (shards S, workers N).

Reads results/e6-shards/runs when it is there, and keeps what the table
needs in records/analysis-runs.csv, small enough to commit; without the
runs (a fresh clone) it reads that instead. Per run:
  ms_per_iteration  each worker's time from its first to its last CSV row
                    over the iterations between them (its start-up,
                    loading the data, is not an iteration), averaged over
                    the workers
  worker_bytes      the workers' last bytes_sent + bytes_recv, summed
  shard_mb          the shards' "X MB in, Y MB out" exit lines, X + Y,
                    averaged over the shards
Per (S, N) the table gives the mean over the seeds (and the range of
ms per iteration), set against the models
  2*d*4 bytes per worker iteration (a full pull and a full push) and
  2*N*I*d*4/S bytes through each shard over the run (I iterations each).

    experiments/e6-analyse.py [RESULTS_DIR]
"""
import csv
import glob
import os
import re
import statistics
import sys

here = os.path.dirname(os.path.abspath(__file__))
res = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "results", "e6-shards")
D = 203530  # MLP, 256 hidden units: 784*256 + 256 + 256*10 + 10
ITERS = 100
RUNS = os.path.join(res, "records", "analysis-runs.csv")
FIELDS = ("shards", "workers", "seed", "ms_per_iteration", "worker_bytes", "shard_mb")


def one(run):
    per, nbytes = [], 0
    for p in sorted(glob.glob(os.path.join(run, "worker-*.csv"))):
        with open(p, newline="") as f:
            rows = list(csv.DictReader(f))
        if len(rows) > 1:
            t = [float(r["time_s"]) for r in rows]
            per.append((t[-1] - t[0]) / (len(rows) - 1))
        if rows:
            nbytes += int(rows[-1]["bytes_sent"]) + int(rows[-1]["bytes_recv"])
    mb = []
    for p in glob.glob(os.path.join(run, "server-*.log")):
        with open(p, errors="replace") as f:
            for line in f:
                m = re.search(r"stopping:.* ([0-9.]+) MB in, ([0-9.]+) MB out", line)
                if m:
                    mb.append(float(m.group(1)) + float(m.group(2)))
    if not per or not mb:
        sys.exit("e6-analyse: %s has no worker rows or no shard exit line" % run)
    return 1e3 * statistics.mean(per), nbytes, statistics.mean(mb)


def keep():
    """Reads the runs into the record."""
    os.makedirs(os.path.dirname(RUNS), exist_ok=True)
    with open(RUNS, "w") as f:
        f.write(",".join(FIELDS) + "\n")
        for d in sorted(glob.glob(os.path.join(res, "runs", "*-seed*"))):
            m = re.search(r"shards=(\d+)_workers=(\d+)-seed(\d+)$", d)
            if m:
                f.write("%s,%s,%s,%r,%d,%r\n" % (m.groups() + one(d)))


if glob.glob(os.path.join(res, "runs", "*-seed*")):
    keep()
elif not os.path.exists(RUNS):
    sys.exit("e6-analyse: neither runs under %s/runs nor %s" % (res, RUNS))
cfg = {}
with open(RUNS, newline="") as f:
    for row in csv.DictReader(f):
        cfg.setdefault((int(row["shards"]), int(row["workers"])), []).append(row)
if not cfg:
    sys.exit("e6-analyse: no runs in %s" % RUNS)

print("| shards S | workers N | seeds | ms per iteration, mean [min, max] "
      "| bytes per worker-iteration | model 2*d*4 | measured/model "
      "| MB through each shard | model 2*N*I*d*4/S, MB | measured/model |")
print("|" + "---|" * 10)
for (s, n), rows in sorted(cfg.items()):
    ms = [float(r["ms_per_iteration"]) for r in rows]
    bpi = statistics.mean(int(r["worker_bytes"]) for r in rows) / n / ITERS
    mb = statistics.mean(float(r["shard_mb"]) for r in rows)
    model_mb = 2 * n * ITERS * D * 4 / s / 1e6
    print("| %d | %d | %d | %.1f [%.1f, %.1f] | %.0f | %d | %.4f | %.1f | %.1f | %.3f |"
          % (s, n, len(rows), statistics.mean(ms), min(ms), max(ms), bpi,
             2 * D * 4, bpi / (2 * D * 4), mb, model_mb, mb / model_mb))
