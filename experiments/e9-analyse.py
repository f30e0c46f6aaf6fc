#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""E9's tables and figure: goodput per worker of N workers over S shards on
shaped links, against the chapter's efficiency 1/(1 + (N-1)/S), the link
model and N parallel iperf3 flows on the same kind of topology.

Reads the runs of e9-datacenter.sh (results/e9-datacenter/runs: each
taups-launch run's worker CSVs and shard logs, each iperf3 flow's JSON)
when they are there, and keeps what the tables need in
records/e9-runs.csv (committed); without the runs (a fresh clone) it reads
that file instead. records/provenance.json says what ran where. A row of
e9-runs.csv is one of
  worker  its window: iterations, seconds, raw (tensor) and wire bytes,
          iterations stalled;
  shard   the run's iterations over all workers, seconds up, wire bytes
          in + out;
  flow    an iperf3 flow: seconds, bytes worker to shard (raw_bytes) and
          both ways (wire_bytes);
  run     the run's iterations over all workers, the share of the cores
          busy (cpu_busy).

A worker's window is the time in which every worker of its run was past
its first SKIP iterations (start-up, the first pull) and none had
finished: the rows of its CSV from then to the first worker's last row
but one, placed in time by the CSV's modification time (when its last row
was written). Goodput counts the bytes a worker sent
and received on the wire per second (for a dense tensor 1.0003 times the
tensor bytes; for a table the ids too, which tensor bytes leave out).

Prints Markdown on stdout and draws goodput_vs_n.png and .svg (data and
gnuplot script in figures/) from the records alone.

    experiments/e9-analyse.py [RESULTS_DIR]
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
sys.path.insert(0, here)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import figures  # noqa: E402  (the experiments' one gnuplot helper)

SKIP = 2
STALL_S = 0.15
res = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "results", "e9-datacenter")
INPUTS = os.path.join(res, "records", "e9-runs.csv")
FIELDS = ["role", "kind", "shards", "workers", "round", "index",
          "iterations", "seconds", "raw_bytes", "wire_bytes", "stalls", "cpu_busy"]
RUN_RE = re.compile(r"^(dense|sparse-[0-9.]+|iperf)-s(\d+)-n(\d+)-r(\d+)$")


def worker_rows(d, n):
    """Per worker: (absolute time, clock, raw bytes, wire bytes) per row."""
    out = []
    for k in range(n):
        path = os.path.join(d, "worker-%d.csv" % k)
        with open(path) as f:
            rows = [(float(r["time_s"]), int(r["clock"]),
                     int(r["raw_sent"]) + int(r["raw_recv"]),
                     int(r["bytes_sent"]) + int(r["bytes_recv"]))
                    for r in csv.DictReader(f)]
        if len(rows) < SKIP + 3:
            return None
        shift = os.stat(path).st_mtime - rows[-1][0]
        out.append([(t + shift, c, raw, wire) for t, c, raw, wire in rows])
    return out


def stalls(win):
    """Iterations that took STALL_S longer than the worker's median one:
    a TCP retransmission timeout (at least 200 ms on Linux) rather than
    the link's sharing, which spreads smoothly."""
    dt = [b[0] - a[0] for a, b in zip(win, win[1:])]
    if not dt:
        return 0
    cut = statistics.median(dt) + STALL_S
    return sum(1 for t in dt if t > cut)


def from_taups(d, kind, s, n, r):
    try:
        run = json.load(open(os.path.join(d, "run.json")))
        rows = worker_rows(d, n) if run.get("outcome") == "completed" else None
    except (OSError, ValueError, KeyError):
        rows = None
    if rows is None:
        print("e9-analyse: %s did not complete: left out" % d, file=sys.stderr)
        return []
    start = max(w[SKIP][0] for w in rows)
    end = min(w[-2][0] for w in rows)
    total = sum(w[-1][1] for w in rows)
    try:
        busy = open(d + ".cpu").read().strip()
    except OSError:
        busy = ""
    out = [["run", kind, s, n, r, 0, total, "", "", "", "", busy]]
    for k, w in enumerate(rows):
        win = [x for x in w if start <= x[0] <= end] if end > start else []
        if len(win) < 2:
            win = w[SKIP:-1]  # a run too short to overlap: said below
            print("e9-analyse: %s: worker %d outside the common window" % (d, k),
                  file=sys.stderr)
        a, b = win[0], win[-1]
        out.append(["worker", kind, s, n, r, k, b[1] - a[1], "%.4f" % (b[0] - a[0]),
                    b[2] - a[2], b[3] - a[3], stalls(win), ""])
    for log in sorted(glob.glob(os.path.join(d, "server-*.log"))):
        k = int(re.search(r"server-(\d+)\.log$", log).group(1))
        for line in open(log):
            m = re.search(r"stopping: ([0-9.]+) s up.* ([0-9.]+) MB in, ([0-9.]+) MB out", line)
            if m:
                wire = round((float(m.group(2)) + float(m.group(3))) * 1e6)
                out.append(["shard", kind, s, n, r, k, total, m.group(1), "", wire, "", ""])
    return out


def from_iperf(d, s, n, r):
    out = []
    for k in range(n):
        try:
            e = json.load(open(os.path.join(d, "flow-%d.json" % k)))["end"]
            up, down = e["sum_received"], e["sum_received_bidir_reverse"]
        except (OSError, ValueError, KeyError):
            print("e9-analyse: %s: flow %d has no result" % (d, k), file=sys.stderr)
            continue
        # raw_bytes: worker to shard alone; wire_bytes: both ways.
        out.append(["flow", "iperf", s, n, r, k, "", "%.4f" % up["seconds"],
                    int(up["bytes"]), int(up["bytes"]) + int(down["bytes"]), "", ""])
    return out


def from_runs():
    rows = []
    for d in sorted(glob.glob(os.path.join(res, "runs", "*"))):
        m = RUN_RE.match(os.path.basename(d))
        if not m or not os.path.isdir(d):
            continue
        kind, s, n, r = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))
        rows += from_iperf(d, s, n, r) if kind == "iperf" else from_taups(d, kind, s, n, r)
    return rows


def keep(rows):
    os.makedirs(os.path.dirname(INPUTS), exist_ok=True)
    with open(INPUTS, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(FIELDS)
        w.writerows(rows)


def load():
    rows = from_runs() if os.path.isdir(os.path.join(res, "runs")) else []
    if rows:
        keep(rows)
    if not os.path.exists(INPUTS):
        sys.exit("e9-analyse: no runs under %s/runs and no %s" % (res, INPUTS))
    with open(INPUTS) as f:
        return list(csv.DictReader(f))


def provenance():
    try:
        return json.load(open(os.path.join(res, "records", "provenance.json")))
    except (OSError, ValueError):
        return {}


def per_config(rows, role, kind):
    """(S, N) -> per round, the mean over the run's workers (or flows) of
    goodput in B/s, seconds per iteration and wire bytes per iteration,
    and every worker's goodput."""
    out = {}
    for x in rows:
        if x["role"] != role or x["kind"] != kind or float(x["seconds"]) <= 0:
            continue
        c = out.setdefault((int(x["shards"]), int(x["workers"])), {})
        g = c.setdefault(int(x["round"]), {"good": [], "iter": [], "wire": [],
                                            "stalls": [], "iters": []})
        g["good"].append(float(x["wire_bytes"]) / float(x["seconds"]))
        if x["iterations"] and int(x["iterations"]) > 0:
            g["iter"].append(float(x["seconds"]) / int(x["iterations"]))
            g["wire"].append(float(x["wire_bytes"]) / int(x["iterations"]))
            g["stalls"].append(int(x["stalls"] or 0))
            g["iters"].append(int(x["iterations"]))
    return out


def med(c, key):
    """The median over rounds of the per-round mean over workers."""
    v = [statistics.mean(g[key]) for g in c.values() if g[key]]
    return statistics.median(v) if v else float("nan")


def spread(c):
    v = [x for g in c.values() for x in g["good"]]
    return min(v), max(v)


def shard_mb(rows, kind, s, n, msg_bytes):
    """The MB through each shard (in + out, the mean over shards) and E6's
    model 2 I m / S for I iterations of all workers together, plus each
    worker's first pull (N m / S), both the median over rounds."""
    per_round = {}
    for x in rows:
        if x["role"] == "shard" and x["kind"] == kind and int(x["shards"]) == s \
                and int(x["workers"]) == n:
            per_round.setdefault(x["round"], []).append(
                (float(x["wire_bytes"]) / 1e6,
                 (2 * int(x["iterations"]) + n) * msg_bytes / s / 1e6))
    if not per_round:
        return float("nan"), float("nan")
    return (statistics.median(statistics.mean(m for m, _ in v) for v in per_round.values()),
            statistics.median(statistics.mean(e for _, e in v) for v in per_round.values()))


def cores_busy(rows, kind, s, n):
    v = [float(x["cpu_busy"]) for x in rows if x["role"] == "run" and x["kind"] == kind
         and int(x["shards"]) == s and int(x["workers"]) == n and x["cpu_busy"]]
    return statistics.median(v) if v else float("nan")


def chapter(s, n):
    return 1 / (1 + (n - 1) / s)


def link(s, n):
    return min(1.0, s / n)


def duplex(s, n):
    return min(1.0, 2 * s / n)


MODELS = (("the chapter 1/(1 + (N-1)/S)", chapter),
          ("link min(1, S/N)", link),
          ("full-duplex link min(1, 2S/N)", duplex))


def table(rows, kind, msg_bytes, flows):
    """Prints one kind's two tables, time and traffic; returns
    [(S, N, goodput, efficiency, iperf3 per flow)]."""
    cfg = per_config(rows, "worker", kind)
    if not cfg:
        return []
    print("| S | N | ms per iteration | goodput per worker MB/s [min, max] | "
          "/ G(1,1) | efficiency / G(S,1) | chapter 1/(1+(N-1)/S) | "
          "link min(1,S/N) | full duplex min(1,2S/N) | "
          "iperf3 per flow, both ways, MB/s | taups / iperf3 | "
          "iterations stalled | cores busy |")
    print("|---" * 13 + "|")
    out, err = [], {name: [] for name, _ in MODELS}
    g11 = med(cfg[(1, 1)], "good") if (1, 1) in cfg else float("nan")
    for s, n in sorted(cfg):
        c = cfg[(s, n)]
        good = med(c, "good")
        base = cfg.get((s, 1))
        eff = good / med(base, "good") if base else float("nan")
        ip = med(flows[(s, n)], "good") if (s, n) in flows else float("nan")
        lo, hi = spread(c)
        stalled = sum(x for g in c.values() for x in g["stalls"]) / max(
            1, sum(x for g in c.values() for x in g["iters"]))
        print("| %d | %d | %.1f | %.2f [%.2f, %.2f] | %.3f | %.3f | %.3f | %.3f | "
              "%.3f | %.2f | %.3f | %.1f%% | %.0f%% |" % (
                  s, n, 1e3 * med(c, "iter"), good / 1e6, lo / 1e6, hi / 1e6,
                  good / g11, eff, chapter(s, n), link(s, n), duplex(s, n),
                  ip / 1e6, good / ip, 100 * stalled,
                  100 * cores_busy(rows, kind, s, n)))
        out.append((s, n, good, eff, ip))
        if n > 1 and not math.isnan(eff):
            for name, f in MODELS:
                err[name].append(eff - f(s, n))
    print()
    for name, f in MODELS:
        e = err[name]
        if e:
            print("- %s: efficiency measured - model over the %d cells with "
                  "N > 1: RMS %.3f, mean %+.3f, worst %+.3f" % (
                      name, len(e), math.sqrt(sum(x * x for x in e) / len(e)),
                      statistics.mean(e), max(e, key=abs)))
    print()
    print("| S | N | wire bytes per iteration | model 2m | measured / model | "
          "MB through each shard | model (2I+N)m/S | measured / model |")
    print("|---" * 8 + "|")
    for s, n in sorted(cfg):
        wire = med(cfg[(s, n)], "wire")
        mb, model_mb = shard_mb(rows, kind, s, n, msg_bytes)
        print("| %d | %d | %.0f | %.0f | %.4f | %.1f | %.1f | %.4f |" % (
            s, n, wire, 2 * msg_bytes, wire / (2 * msg_bytes), mb, model_mb,
            mb / model_mb))
    print()
    return out


# The model lines' styles, drawn once in gray for the key and then in
# each S's colour without a title.
STYLES = (("with lines dt 2 lw 1.5", "the chapter: G(S,1) / (1 + (N-1)/S)"),
          ("with lines dt 3 lw 2", "link: G(S,1) min(1, S/N)"),
          ("with lines dt 4 lw 1.5", "full duplex: G(S,1) min(1, 2S/N)"),
          ("with points pt 6 ps 1.5", "iperf3 per flow, both ways"))


def figure(points, rate):
    if not points:
        return
    shards = sorted({p[0] for p in points})
    blocks = []
    plots = ["NaN %s lc rgb 'gray40' title '%s'" % st for st in STYLES]
    for i, s in enumerate(shards):
        ps = sorted(p for p in points if p[0] == s)
        g1 = next((p[2] for p in ps if p[1] == 1), float("nan"))
        blocks.append([(n, g / 1e6, g1 * chapter(s, n) / 1e6, g1 * link(s, n) / 1e6,
                        g1 * duplex(s, n) / 1e6, ip / 1e6) for _, n, g, _, ip in ps])
        plots.append("'goodput_vs_n.dat' index %d using 1:2 with linespoints lw 2 "
                     "pt 7 ps 1.3 lt %d title 'taups, S = %d'" % (i, i + 1, s))
        plots += ["'goodput_vs_n.dat' index %d using 1:%d %s lt %d notitle"
                  % (i, col, st[0], i + 1) for col, st in enumerate(STYLES, 3)]
    figures.draw(res, "goodput_vs_n", blocks, """
set logscale xy 2
set xlabel 'workers N'
set ylabel 'goodput per worker (MB/s), links at %s'
set xrange [0.8:10]
plot """ % rate + ", \\\n     ".join(plots) + "\n")


def main():
    rows = load()
    prov = provenance()
    d = int(prov.get("dim", 262144))
    print("E9 on %s (%s cores), commit %s, %s to %s; load average %s before, %s after." % (
        prov.get("host", "?"), prov.get("cores", "?"), prov.get("commit", "?"),
        prov.get("date_start", "?"), prov.get("date_end", "?"),
        prov.get("loadavg_before", "?"), prov.get("loadavg_after", "?")))
    print("Command: `%s`; links %s, %s round(s), each taups run %s s, "
          "iperf3 for %s s.\n" % (prov.get("command", "?"), prov.get("rate", "?"),
                                   prov.get("rounds", "?"), prov.get("seconds", "?"),
                                   prov.get("iperf_time_s", "?")))
    flows = per_config(rows, "flow", "iperf")
    print("Dense: one tensor of %d floats (m = %d bytes), pushed and pulled "
          "whole every iteration.\n" % (d, 4 * d))
    points = table(rows, "dense", 4 * d, flows)
    ids = int(prov.get("table_ids", 16384))
    width = int(prov.get("table_row_floats", 64))
    for kind in sorted({x["kind"] for x in rows if x["kind"].startswith("sparse-")},
                       key=lambda k: float(k.split("-")[1])):
        p = float(kind.split("-")[1])
        k = max(1, round(p * ids))
        print("Table, p = %g: %d of %d rows of %d floats per iteration "
              "(m = %d bytes of values; ids and the 1-float dense part add to "
              "the wire).\n" % (p, k, ids, width, 4 * k * width))
        table(rows, kind, 4 * k * width, flows)
    figure(points, prov.get("rate", "?"))


main()
