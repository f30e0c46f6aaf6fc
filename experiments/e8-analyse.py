#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""E8's tables, in Markdown, from the runs e8-sparse.sh made (see its
header for the design and the claims). Each part whose directory is
present gets a table; the others are named as missing.

    experiments/e8-analyse.py [RESULTS_DIR]    (default results/e8-sparse)

bytes    per F: p (rows per push / F, from the shard's push_rows trace
         lines), bytes on the wire per worker iteration of each model (the
         workers' bytes_sent + bytes_recv from their first to their last
         but one row, divided by the iterations between), the ratio sparse/dense
         against p, and a row's bytes per iteration split into what the
         frames carry (from the --trace-rows lines: ids as varint gaps, in
         the pull and the push; versions as varints, back with the pull
         and out with the push; 4 bytes of value each way) and the rest
         (frame headers, the dense bias, hello and clock frames).
stale    per model and tau: runs, runs that reached the target, the
         median [min, max] updates to it and the lr the runs used (tuned),
         and updates(tau) / updates(0). The target is read as taups-sweep
         reads it: the first evaluation at which the median of the last
         `smooth` evaluations meets it.
rows     at tau = 50, rows split into hot (the top 1 % of ids by rows
         applied in the run) and cold: their share of the rows applied and
         p50/p90/p99 of each row's staleness (the median over seeds).
fate     per fate and weight at tau = 50: updates to the target, as stale.
balance  per shards S and Zipf s: max/mean over the shards of rows and of
         row traffic (taups-bench --table's counters).
"""
import configparser
import csv
import glob
import json
import math
import os
import re
import sys

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
res = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "results", "e8-sparse")


def med(xs):
    return float(np.median(xs)) if len(xs) else float("nan")


def arg(args, name, default):
    return args[args.index(name) + 1] if name in args else default


def varint_len(x):
    n = 1
    while x >= 128:
        x >>= 7
        n += 1
    return n


def per_iteration_bytes(run):
    """Median over the workers of (bytes sent + received) per iteration,
    from each worker's first CSV row to its last but one: the start-up
    precedes the first, and the last comes before its iteration's pull
    reply is counted."""
    out = []
    for path in glob.glob(os.path.join(run, "worker-*.csv")):
        with open(path) as f:
            rows = list(csv.DictReader(f))
        if len(rows) < 3:
            continue
        first, last = rows[0], rows[-2]
        its = int(last["clock"]) - int(first["clock"])
        wire = lambda r: int(r["bytes_sent"]) + int(r["bytes_recv"])
        if its > 0:
            out.append((wire(last) - wire(first)) / its)
    return med(out)


def trace_frames(run):
    """The shard's frames of rows: for each, (rank, clock, rows, [(id,
    version after, staleness)] from the row lines before it)."""
    frames, pending = [], []
    path = os.path.join(run, "trace.csv")
    if not os.path.exists(path):
        return frames
    with open(path) as f:
        next(f, None)
        for line in f:
            c = line.rstrip("\n").split(",")
            if c[1] == "row":
                pending.append((int(c[10]), int(c[5]), int(c[6])))
            elif c[1] == "push_rows":
                frames.append((int(c[2]), int(c[3]), int(c[10]), pending))
                pending = []
    return frames


def row_bytes(frames):
    """Per push: rows, and the bytes of their ids (twice: the pull asks by
    them, the push names them), versions (the pull's reply, the push's read
    version + 1) and values (4 bytes each way)."""
    per = {}
    for rank, clock, n, rows in frames:
        ids = sorted(r[0] for r in rows)
        gaps = [ids[0]] + [b - a - 1 for a, b in zip(ids, ids[1:])] if ids else []
        idb = sum(varint_len(g) for g in gaps)
        verb = sum(varint_len(v - s - 1) + varint_len(v - s) for _, v, s in rows)
        e = per.setdefault((rank, clock), [0, 0, 0, 0])
        e[0] += n
        e[1] += 2 * idb
        e[2] += verb
        e[3] += 8 * len(rows)
    return per


def part_bytes():
    runs = {}
    for d in sorted(glob.glob(os.path.join(res, "bytes", "*-seed*"))):
        if not os.path.isdir(d):
            continue
        m = re.match(r"(.*)-F(\d+)-seed\d+$", os.path.basename(d))
        if m:
            runs.setdefault((m.group(1), int(m.group(2))), []).append(d)
    if not runs:
        return None
    lines = [
        "| F | p = rows per push / F | dense B/iter | sparse B/iter | sparse / dense | (sparse / dense) / p | "
        "sparse B per row: ids | versions | values | rest |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for f in sorted({k[1] for k in runs}):
        dense = med([per_iteration_bytes(d) for d in runs.get(("logreg", f), [])])
        sp_runs = runs.get(("sparse-logreg", f), [])
        sparse = med([per_iteration_bytes(d) for d in sp_runs])
        rows, idb, verb, valb = [], [], [], []
        for d in sp_runs:
            per = list(row_bytes(trace_frames(d)).values())
            if per:
                rows.append(np.mean([e[0] for e in per]))
                idb.append(np.mean([e[1] for e in per]))
                verb.append(np.mean([e[2] for e in per]))
                valb.append(np.mean([e[3] for e in per]))
        r = med(rows)
        p = r / f
        ratio = sparse / dense
        rest = sparse - med(idb) - med(verb) - med(valb)
        lines.append("| %d | %.4g (%.0f rows) | %.0f | %.0f | %.4g | %.2f | %.2f | %.2f | %.2f | %.2f |" % (
            f, p, r, dense, sparse, ratio, ratio / p, med(idb) / r, med(verb) / r,
            med(valb) / r, rest / r))
    lines.append("")
    lines.append("Dense moves 8 bytes per parameter per iteration (4 pulled, 4 pushed), "
                 "so (sparse / dense) / p = (sparse bytes per row) / 8: the id, version and "
                 "header bytes per row over the 8 of the values. Runs: %s." %
                 ", ".join("%s F=%d: %d" % (k[0], k[1], len(v)) for k, v in sorted(runs.items())))
    return "\n".join(lines)


def target_of(ini):
    cp = configparser.ConfigParser(inline_comment_prefixes=("#", ";"), strict=False)
    cp.read(ini)
    t = cp["target"]
    return t.get("metric"), float(t.get("value")), int(t.get("smooth", "3"))


def updates_to_target(run, metric, value, smooth):
    """Updates at the first evaluation where the median of the last
    `smooth` metric values meets the target; None if none does."""
    path = os.path.join(run, "eval.csv")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        rows = list(csv.DictReader(f))
    lower = metric != "accuracy"
    seen = []
    for r in rows:
        try:
            seen.append(float(r[metric]))
        except (KeyError, ValueError):
            return None
        last = seen[-smooth:]
        if len(last) < smooth:
            continue
        m = float(np.median(last))
        if (m <= value) if lower else (m >= value):
            return int(r["updates"])
    return None


def sweep_runs(d, key):
    """Reported runs (seeds below 1001) of a sweep directory, grouped by
    key(settings): {group: [(updates or None, lr)]}."""
    groups = {}
    for run in sorted(glob.glob(os.path.join(d, "runs", "*-seed*"))):
        try:
            rj = json.load(open(os.path.join(run, "run.json")))
        except (OSError, ValueError):
            continue
        s = rj["settings"]
        if int(s.get("seed", 0)) >= 1001:
            continue
        groups.setdefault(key(s), []).append(run)
    return groups


def reach_cells(runs, target):
    got = [updates_to_target(r, *target) for r in runs]
    ok = [u for u in got if u is not None]
    lrs = sorted({json.load(open(os.path.join(r, "run.json")))["settings"]["lr"] for r in runs})
    cell = "%.0f [%d, %d]" % (med(ok), min(ok), max(ok)) if ok else "not reached"
    return ok, len(got), cell, "/".join("%g" % x for x in lrs)


def part_stale():
    lines = []
    for model, ini in (("sparse", "e8-stale-sparse.ini"), ("dense", "e8-stale-dense.ini")):
        d = os.path.join(res, "stale", model)
        groups = sweep_runs(d, lambda s: int(arg(s["worker-arg"], "--read-lag", "0")))
        if not groups:
            continue
        target = target_of(os.path.join(here, ini))
        if not lines:
            lines = ["| model | tau | runs | reached | updates to target, median [min, max] | lr (tuned) | updates(tau) / updates(0) |",
                     "|---|---|---|---|---|---|---|"]
        base = None
        for tau in sorted(groups):
            ok, n, cell, lr = reach_cells(groups[tau], target)
            if tau == 0 and ok:
                base = med(ok)
            slow = "%.2f" % (med(ok) / base) if ok and base else "-"
            lines.append("| %s (%s %s %g) | %d | %d | %d | %s | %s | %s |" % (
                model, target[0], "<=" if target[0] != "accuracy" else ">=", target[1],
                tau, n, len(ok), cell, lr, slow))
    return "\n".join(lines) if lines else None


def pct(xs, q):
    return float(np.percentile(xs, q)) if len(xs) else float("nan")


def part_rows():
    runs = sorted(glob.glob(os.path.join(res, "rows", "*-seed*")))
    runs = [r for r in runs if os.path.isdir(r)]
    if not runs:
        return None
    stats = {"hot": [], "cold": []}
    for run in runs:
        st = {}
        for _, _, _, rows in trace_frames(run):
            for i, _, s in rows:
                st.setdefault(i, []).append(s)
        if not st:
            continue
        by_count = sorted(st, key=lambda i: len(st[i]), reverse=True)
        nhot = max(1, int(math.ceil(0.01 * len(by_count))))
        hot = set(by_count[:nhot])
        total = sum(len(v) for v in st.values())
        for name, ids in (("hot", hot), ("cold", set(st) - hot)):
            xs = np.concatenate([st[i] for i in ids]) if ids else np.array([])
            stats[name].append((len(ids), len(xs) / total, pct(xs, 50), pct(xs, 90), pct(xs, 99),
                                len(xs) / max(1, len(ids))))
    lines = ["| rows | ids | share of rows applied | rows applied per id | staleness p50 | p90 | p99 |",
             "|---|---|---|---|---|---|---|"]
    for name in ("hot", "cold"):
        a = np.array(stats[name])
        if len(a) == 0:
            continue
        m = np.median(a, axis=0)
        lines.append("| %s | %.0f | %.3f | %.1f | %.1f | %.1f | %.1f |" % (
            name, m[0], m[1], m[5], m[2], m[3], m[4]))
    lines.append("")
    lines.append("Medians over %d runs (tau = 50, one worker); hot: the top 1 %% of ids by rows applied." % len(stats["hot"]))
    return "\n".join(lines)


def part_fate():
    d = os.path.join(res, "fate")
    groups = sweep_runs(d, lambda s: (arg(s["server-arg"], "--table-fate", "row"),
                                      arg(s["server-arg"], "--staleness-weight", "none")))
    if not groups:
        return None
    target = target_of(os.path.join(here, "e8-fate.ini"))
    lines = ["| fate | weight | runs | reached | updates to target, median [min, max] | lr (tuned) |",
             "|---|---|---|---|---|---|"]
    for (fate, weight) in sorted(groups):
        ok, n, cell, lr = reach_cells(groups[(fate, weight)], target)
        lines.append("| %s | %s | %d | %d | %s | %s |" % (fate, weight, n, len(ok), cell, lr))
    return "\n".join(lines)


def part_balance():
    cells = {}
    for path in glob.glob(os.path.join(res, "balance", "S*-zipf*.json")):
        m = re.match(r"S(\d+)-zipf([0-9.]+)\.json$", os.path.basename(path))
        recs = [json.loads(l) for l in open(path) if l.startswith("{")]
        if m and recs:
            cells[(int(m.group(1)), float(m.group(2)))] = recs[-1]
    if not cells:
        return None
    zs = sorted({k[1] for k in cells})
    lines = ["| shards S | " + " | ".join("s = %g: rows, traffic max/mean" % z for z in zs) + " |",
             "|---|" + "---|" * len(zs)]
    for s in sorted({k[0] for k in cells}):
        row = []
        for z in zs:
            r = cells.get((s, z))
            row.append("%.3f, %.3f" % (r["rows_max_over_mean"], r["traffic_max_over_mean"]) if r else "-")
        lines.append("| %d | %s |" % (s, " | ".join(row)))
    return "\n".join(lines)


parts = (("Bytes per iteration, sparse against dense", part_bytes),
         ("Staleness tolerance, sparse against dense", part_stale),
         ("Per-row staleness of hot and cold rows", part_rows),
         ("Per-row against per-push weighting", part_fate),
         ("Hash-slot balance under Zipf skew", part_balance))
found = 0
for title, fn in parts:
    table = fn()
    print("## %s\n" % title)
    print(table if table else "(no runs under %s)" % res)
    print()
    found += table is not None
if not found:
    sys.exit("e8-analyse: no E8 runs under %s" % res)
