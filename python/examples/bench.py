#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Push+pull from Python against the C client, side by side: in each of
--rounds interleaved rounds, taups-bench measures push+pull of 1 KiB and
16 MiB (its own shard, --lr 0), then this script does the same through the
taups package against a shard it starts. Prints medians [min-max] of
goodput (tensor bytes both ways per second, as taups-bench counts them)
and p50 latency, and the ratios Python/C.

Run from a build directory:
  PYTHONPATH=python python3 ../python/examples/bench.py
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import time

import numpy as np

import taups


def python_round(cluster, sizes, min_time):
    out = {}
    with taups.Client(cluster=cluster, rank=0, workers=1) as c:
        for size in sizes:
            n = size // 4
            t = c.declare("bench-%d" % size, n)
            g = np.ones(n, dtype=np.float32)
            x = np.empty(n, dtype=np.float32)
            for _ in range(3):
                c.push(t, g)
                c.pull(t, out=x)
            lat = []
            t0 = time.perf_counter()
            while time.perf_counter() - t0 < min_time or len(lat) < 10:
                s = time.perf_counter()
                c.push(t, g)
                c.pull(t, out=x)
                lat.append(time.perf_counter() - s)
            el = time.perf_counter() - t0
            out[size] = (2 * size * len(lat) / el, statistics.median(lat))
    return out


def c_round(bench, sizes, min_time):
    r = subprocess.run([bench, "--ops", "pushpull", "--min-size", str(min(sizes)),
                        "--max-size", str(max(sizes)),
                        "--factor", "128",
                        "--rounds", "1", "--min-time", str(min_time), "--json"],
                       check=True, capture_output=True, text=True)
    out = {}
    for line in r.stdout.splitlines():
        if line.startswith("{"):
            o = json.loads(line)
            if o.get("op") == "pushpull" and o["size_bytes"] in sizes:
                out[o["size_bytes"]] = (o["goodput_bytes_per_s"], o["lat_p50_ms"] / 1e3)
    return out


def spread(xs):
    return "%.4g [%.4g-%.4g]" % (statistics.median(xs), min(xs), max(xs))


def main():
    here = os.getcwd()
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--min-time", type=float, default=0.5)
    ap.add_argument("--server", default=os.path.join(here, "server/taups-server"))
    ap.add_argument("--bench", default=os.path.join(here, "tools/taups-bench"))
    a = ap.parse_args()
    sizes = [1 << 10, 16 << 20]
    srv = subprocess.Popen([a.server, "--listen", "127.0.0.1:0", "--lr", "0",
                            "--stats-every", "0"], stderr=subprocess.PIPE, text=True)
    line = srv.stderr.readline()
    cluster = re.search(r"listening on (\S+)", line).group(1)
    res = {"c": {s: [] for s in sizes}, "py": {s: [] for s in sizes}}
    try:
        for _ in range(a.rounds):
            for s, v in c_round(a.bench, sizes, a.min_time).items():
                res["c"][s].append(v)
            for s, v in python_round(cluster, sizes, a.min_time).items():
                res["py"][s].append(v)
    finally:
        srv.terminate()
        srv.wait()
    print("push+pull, %d interleaved rounds, medians [range]" % a.rounds)
    print("%8s %28s %28s %22s %22s %8s %8s" % ("size", "C goodput MB/s", "Python goodput MB/s",
                                            "C p50 us", "Python p50 us", "gp ratio", "lat ratio"))
    for s in sizes:
        cg = [g / 1e6 for g, _ in res["c"][s]]
        pg = [g / 1e6 for g, _ in res["py"][s]]
        cl = [l * 1e6 for _, l in res["c"][s]]
        pl = [l * 1e6 for _, l in res["py"][s]]
        gr = [p / c for p, c in zip(pg, cg)]
        lr = [p / c for p, c in zip(pl, cl)]
        print("%8d %28s %28s %22s %22s %8.2f %8.2f" % (s, spread(cg), spread(pg), spread(cl),
                                                    spread(pl), statistics.median(gr),
                                                    statistics.median(lr)))


if __name__ == "__main__":
    main()
