#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""E8's tables, in Markdown, from the runs e8-sparse.sh made (see its
header for the design and the claims). Each part whose results are
present gets a table; the others are named as missing. Every table can be
made again from committed files when the run directories (runs/,
git-ignored) are gone: the sweeps' records/runs.csv and tune.csv, the
bench's JSON, and what this script keeps of the launched runs in
records/e8-bytes.csv and records/e8-rows.csv (written from the runs
whenever they are there).

    experiments/e8-analyse.py [RESULTS_DIR]    (default results/e8-sparse)

bytes    per F: p (rows per push / F, from the shard's push_rows trace
         lines), bytes on the wire per worker iteration of each model (the
         workers' bytes_sent + bytes_recv from their first to their last
         but one row, divided by the iterations between), the ratio
         sparse/dense against p, and a row's bytes per iteration split
         into what the frames carry (from the --trace-rows lines: ids as
         varint gaps, in the pull and the push; versions as varints, back
         with the pull and out with the push; 4 bytes of value each way)
         and the rest (frame headers, the dense bias, hello and clock
         frames). Medians over the seeds.
stale    per model and tau: runs, runs that reached the target, the
         median [min, max] updates to it (the sweep's updates_to_target),
         the lr tune.csv chose, and updates(tau) / updates(0).
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


BYTES_COLS = ["model", "features", "seed", "bytes_per_iteration", "rows_per_push",
              "id_bytes", "version_bytes", "value_bytes"]


def bytes_records():
    """One row per run of the bytes part, from the runs when they are
    there (then kept in records/e8-bytes.csv), else from that file."""
    path = os.path.join(res, "records", "e8-bytes.csv")
    recs = []
    for d in sorted(glob.glob(os.path.join(res, "bytes", "runs", "*-seed*"))):
        m = re.match(r"(.*)-F(\d+)-seed(\d+)$", os.path.basename(d))
        if not m or not os.path.isdir(d):
            continue
        per = list(row_bytes(trace_frames(d)).values())
        mean = lambda k: float(np.mean([e[k] for e in per])) if per else float("nan")
        recs.append([m.group(1), int(m.group(2)), int(m.group(3)), per_iteration_bytes(d),
                     mean(0), mean(1), mean(2), mean(3)])
    return keep_or_read(path, BYTES_COLS, recs)


def keep_or_read(path, cols, recs):
    """recs written to path when there are any, else path's rows read back
    (numbers as floats, the first column a string)."""
    if recs:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(cols)
            for r in recs:
                w.writerow(["%.17g" % x if isinstance(x, float) else x for x in r])
        return recs
    if not os.path.exists(path):
        return []
    with open(path) as f:
        rows = list(csv.reader(f))[1:]
    return [[r[0]] + [float(x) for x in r[1:]] for r in rows]


def part_bytes():
    recs = bytes_records()
    if not recs:
        return None
    lines = [
        "| F | p = rows per push / F | dense B/iter | sparse B/iter | sparse / dense | (sparse / dense) / p | "
        "sparse B per row: ids | versions | values | rest |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for f in sorted({int(r[1]) for r in recs}):
        of = lambda model, k: med([r[k] for r in recs if r[0] == model and int(r[1]) == f])
        dense, sparse = of("logreg", 3), of("sparse-logreg", 3)
        r = of("sparse-logreg", 4)
        idb, verb, valb = of("sparse-logreg", 5), of("sparse-logreg", 6), of("sparse-logreg", 7)
        p = r / f
        ratio = sparse / dense
        lines.append("| %d | %.4g (%.0f rows) | %.0f | %.0f | %.4g | %.2f | %.2f | %.2f | %.2f | %.2f |" % (
            f, p, r, dense, sparse, ratio, ratio / p, idb / r, verb / r, valb / r,
            (sparse - idb - verb - valb) / r))
    lines.append("")
    lines.append("Dense moves 8 bytes per parameter per iteration (4 pulled, 4 pushed), "
                 "so (sparse / dense) / p = (sparse bytes per row) / 8: the id, version and "
                 "header bytes per row over the 8 of the values. Medians over %d runs." % len(recs))
    return "\n".join(lines)


def target_of(ini):
    cp = configparser.ConfigParser(inline_comment_prefixes=("#", ";"), strict=False)
    cp.read(ini)
    t = cp["target"]
    return t.get("metric"), float(t.get("value"))


def sweep_groups(d, keys):
    """The reported runs (no tuning value) of a sweep's records/runs.csv,
    by the values of the swept keys: {values: [updates to target or
    None]}, and the lr tune.csv chose for each label."""
    path = os.path.join(d, "records", "runs.csv")
    if not os.path.exists(path):
        return {}, {}
    groups, labels = {}, {}
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["tuning"]:
                continue
            k = tuple(r[x] for x in keys)
            u = r["updates_to_target"]
            groups.setdefault(k, []).append(float(u) if u else None)
            labels[k] = r["label"]
    chosen = {}
    tune = os.path.join(d, "tune.csv")
    if os.path.exists(tune):
        with open(tune) as f:
            for r in csv.DictReader(f):
                if r.get("chosen") == "1":
                    chosen[r["label"]] = r["lr"]
    return groups, {k: chosen.get(labels[k], "-") for k in groups}


def reach_cells(got):
    ok = [u for u in got if u is not None]
    cell = "%.0f [%.0f, %.0f]" % (med(ok), min(ok), max(ok)) if ok else "not reached"
    return ok, cell


def part_stale():
    lines, verdicts = [], []
    for model, ini in (("sparse", "e8-stale-sparse.ini"), ("dense", "e8-stale-dense.ini")):
        groups, lrs = sweep_groups(os.path.join(res, "stale", model), ["worker.read-lag"])
        if not groups:
            continue
        metric, value = target_of(os.path.join(here, ini))
        if not lines:
            lines = ["| model | tau | runs | reached | updates to target, median [min, max] | lr (tuned) | updates(tau) / updates(0) |",
                     "|---|---|---|---|---|---|---|"]
        base, tolerated = None, []
        for k in sorted(groups, key=lambda k: int(k[0])):
            tau = int(k[0])
            ok, cell = reach_cells(groups[k])
            if tau == 0 and ok:
                base = med(ok)
            slow = "%.2f" % (med(ok) / base) if ok and base else "-"
            if len(ok) == len(groups[k]):
                tolerated.append("%d (%s)" % (tau, slow))
            lines.append("| %s (%s %s %g) | %d | %d | %d | %s | %s | %s |" % (
                model, metric, ">=" if metric == "accuracy" else "<=", value,
                tau, len(groups[k]), len(ok), cell, lrs[k], slow))
        verdicts.append("%s: every run reached the target at tau = %s" % (
            model, ", ".join(tolerated) if tolerated else "none"))
    if lines:
        lines += ["", "Taus at which every run reached its target within the budget "
                  "(with the slowdown): " + "; ".join(verdicts) + "."]
    return "\n".join(lines) if lines else None


def pct(xs, q):
    return float(np.percentile(xs, q)) if len(xs) else float("nan")


ROWS_COLS = ["class", "seed", "ids", "share", "rows_per_id", "p50", "p90", "p99"]


def rows_records():
    """Per run of the rows part and class (hot, cold): its ids, share of
    the rows applied, rows applied per id and staleness percentiles; from
    the runs when they are there (kept in records/e8-rows.csv), else from
    that file."""
    recs = []
    for run in sorted(glob.glob(os.path.join(res, "rows", "runs", "*-seed*"))):
        m = re.search(r"seed(\d+)$", run)
        st = {}
        for _, _, _, rows in trace_frames(run):
            for i, _, s in rows:
                st.setdefault(i, []).append(s)
        if not m or not st:
            continue
        by_count = sorted(st, key=lambda i: len(st[i]), reverse=True)
        hot = set(by_count[:max(1, int(math.ceil(0.01 * len(by_count))))])
        total = sum(len(v) for v in st.values())
        for name, ids in (("hot", hot), ("cold", set(st) - hot)):
            xs = np.concatenate([st[i] for i in ids]) if ids else np.array([])
            recs.append([name, int(m.group(1)), len(ids), len(xs) / total,
                         len(xs) / max(1, len(ids)), pct(xs, 50), pct(xs, 90), pct(xs, 99)])
    return keep_or_read(os.path.join(res, "records", "e8-rows.csv"), ROWS_COLS, recs)


def part_rows():
    recs = rows_records()
    if not recs:
        return None
    lines = ["| rows | ids | share of rows applied | rows applied per id | staleness p50 | p90 | p99 |",
             "|---|---|---|---|---|---|---|"]
    for name in ("hot", "cold"):
        a = np.array([r[2:] for r in recs if r[0] == name], dtype=float)
        if len(a):
            m = np.median(a, axis=0)
            lines.append("| %s | %.0f | %.3f | %.1f | %.1f | %.1f | %.1f |" % ((name,) + tuple(m)))
    lines.append("")
    lines.append("Medians over %d runs (tau = 50, one worker); hot: the top 1 %% of ids by rows applied."
                 % sum(r[0] == "hot" for r in recs))
    return "\n".join(lines)


def part_fate():
    groups, lrs = sweep_groups(os.path.join(res, "fate"),
                               ["server.table-fate", "server.staleness-weight"])
    if not groups:
        return None
    lines = ["| fate | weight | runs | reached | updates to target, median [min, max] | lr (tuned) |",
             "|---|---|---|---|---|---|"]
    for k in sorted(groups):
        ok, cell = reach_cells(groups[k])
        lines.append("| %s | %s | %d | %d | %s | %s |" % (k[0], k[1], len(groups[k]), len(ok), cell, lrs[k]))
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
