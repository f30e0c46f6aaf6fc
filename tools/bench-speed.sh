#!/bin/bash
# SPDX-License-Identifier: MIT
# Transport and training speed side by side, in interleaved rounds on this
# machine (run it on an otherwise idle one): each round measures, one after
# the other,
#   - iperf3 -l 1M over loopback, one stream (the physical reference, beside
#     which taups-bench's own streaming figure is checked),
#   - taups-bench push, pull and push+pull at 1, 16 and 64 MiB, 1 worker x 1
#     shard and 2 x 2, with its own raw-TCP references,
#   - 64 B pushes with one in flight (with and without --spin-us) and with 64
#     in flight, over TCP and over unix: sockets,
#   - an external peer's benchmark, if PSLITE_RUN names a command (any
#     program, built and kept outside this repository) that prints one JSON
#     line per measurement (op, size_bytes, inflight, ops_per_s,
#     goodput_bytes_per_s, lat_p50_us) for the sizes given as arguments,
#   - training: lsq 10000 x 1000, condition 1e4, batch 64, lr 0.3 for
#     TRAIN_UPDATES updates, as one process (taups-worker --standalone, if
#     this build has it) and with 1, 2 and 4 workers on one shard, strict
#     order and --overlap on; updates/s from the workers' logs, the CPU
#     the processes spent per update (the workers' own count of their
#     loop, the shard's schedstat) and the machine's cores x wall time per
#     update, each less one process's time per update, and with TARGET=1
#     the updates until an evaluator first saw rel_err 1e-2 (about 83,000
#     for one process: TARGET=1 TRAIN_UPDATES=100000 for that figure).
# Prints medians [min-max] over the rounds and the ratios to the references.
# Usage, from a build directory: ../tools/bench-speed.sh   (ROUNDS=3,
# TRAIN_UPDATES=20000, OUT=directory for the raw JSON lines and logs,
# TRAIN_ONLY=1 for the training part alone).
# tools/bench-ab.sh compares two builds with the same measurements.
set -eu
. "$(dirname "$0")/bench-lib.sh"
bench_use "$(pwd)"
command -v iperf3 > /dev/null || { echo "iperf3 is not installed (setup.sh installs it)" >&2; exit 2; }
ROUNDS=${ROUNDS:-3}
TRAIN_UPDATES=${TRAIN_UPDATES:-20000}
bench_out taups-speed

standalone() { # ROUND
    "$WORKER" --help 2>&1 | grep -q -- "--standalone" || return 0
    "$WORKER" --standalone --model lsq --rows 10000 --dim 1000 --cond 10000 \
        --batch 64 --lr 0.3 --seed 1 --iterations "$TRAIN_UPDATES" \
        --log "$OUT/standalone.csv" 2> "$OUT/standalone.log"
    # Updates to rel_err 1e-2, in a run of its own that stops there.
    : > "$OUT/standalone-target.log"
    [ "${TARGET:-0}" = 1 ] &&
        "$WORKER" --standalone --model lsq --rows 10000 --dim 1000 --cond 10000 \
            --batch 64 --lr 0.3 --seed 1 --iterations "$TRAIN_UPDATES" \
            --target 0.01 --eval-updates 50 2> "$OUT/standalone-target.log"
    python3 -c '
import csv, json, re, sys
rows = list(csv.DictReader(open(sys.argv[1])))
t = float(rows[-1]["time_s"]) - float(rows[0]["time_s"])
m = re.search(r"first reached after ([0-9]+) updates", open(sys.argv[2]).read())
print(json.dumps({"op": "train", "workers": 0, "overlap": "standalone",
                  "updates_per_s": (len(rows) - 1) / t,
                  "target_updates": int(m.group(1)) if m else None}))' \
        "$OUT/standalone.csv" "$OUT/standalone-target.log" | tag "$1" train
}

network() { # ROUND
    local r=$1
    iperf "$r" 127.0.0.1 "$(port)"
    bench "$r" 1x1 --ops push,pull,pushpull --min-size 1M --max-size 64M --factor 4
    bench "$r" 2x2 --workers 2 --shards 2 --ops push,pull,pushpull --min-size 1M \
        --max-size 64M --factor 4
    bench "$r" small --ops push --min-size 64 --max-size 64
    bench "$r" small-spin --ops push --min-size 64 --max-size 64 --spin-us 100
    bench "$r" pipe64 --ops push --min-size 64 --max-size 64 --inflight 64
    bench "$r" unix-small --transport unix --ops push --min-size 64 --max-size 64
    bench "$r" unix-big --transport unix --ops push,pull,pushpull --min-size 16M --max-size 16M
    if [ -n "${PSLITE_RUN:-}" ]; then
        $PSLITE_RUN 64 1048576 16777216 67108864 2>> "$OUT/peer.err" | tag "$r" peer
    fi
}

for r in $(seq 1 "$ROUNDS"); do
    echo "round $r of $ROUNDS" >&2
    [ "${TRAIN_ONLY:-0}" = 1 ] || network "$r"
    standalone "$r"
    for n in 1 2 4; do
        train "$r" "$n" off
        train "$r" "$n" on
    done
done

python3 - "$RAW" <<'PYEOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]

def spread(xs):
    xs = [x for x in xs if x is not None]
    if not xs:
        return None, "-"
    m = statistics.median(xs)
    return m, "%.4g [%.4g-%.4g]" % (m, min(xs), max(xs))

def pick(**kw):
    return [r for r in rows if all(r.get(k) == v for k, v in kw.items())]

iperf, iperf_s = spread([r["goodput_bytes_per_s"] / 1e9 for r in pick(what="iperf3")])
print("iperf3 -l 1M, one stream, GB/s: %s" % iperf_s)
print("\n%-10s %-9s %6s %-22s %-22s %-22s %-22s %-18s" % (
    "set", "op", "size", "goodput GB/s", "stream GB/s", "ratio to stream",
    "ratio to iperf3", "p50/pingpong"))
for what in ("1x1", "2x2", "unix-big"):
    for op in ("push", "pull", "pushpull"):
        for size in sorted({r["size_bytes"] for r in pick(what=what, op=op)}):
            rs = pick(what=what, op=op, size_bytes=size)
            _, g = spread([r["goodput_bytes_per_s"] / 1e9 for r in rs])
            _, s = spread([r["tcp_stream_bytes_per_s"] / 1e9 for r in rs])
            _, q = spread([r["goodput_over_tcp_stream"] for r in rs])
            _, i = spread([r["goodput_bytes_per_s"] / 1e9 / iperf for r in rs] if iperf else [])
            _, l = spread([r["p50_over_tcp_pingpong"] for r in rs])
            print("%-10s %-9s %5dM %-22s %-22s %-22s %-22s %-18s" % (
                what, op, size >> 20, g, s, q, i, l))
_, st = spread([r["tcp_stream_bytes_per_s"] / 1e9 / iperf for r in pick(what="1x1")] if iperf else [])
print("\ntaups-bench's streaming reference (1x1) over iperf3: %s" % st)
print("\n%-12s %-24s %-24s %-18s %-18s" % ("64 B push", "ops/s", "p50 us", "pingpong p50 us", "p50/pingpong"))
for what in ("small", "small-spin", "pipe64", "unix-small"):
    rs = pick(what=what)
    print("%-12s %-24s %-24s %-18s %-18s" % (
        what, spread([r["ops_per_s"] for r in rs])[1],
        spread([r["lat_p50_ms"] * 1e3 for r in rs])[1],
        spread([r["tcp_pingpong_p50_ms"] * 1e3 for r in rs])[1],
        spread([r["p50_over_tcp_pingpong"] for r in rs])[1]))
ps = pick(what="peer")
if ps:
    print("\npeer (PSLITE_RUN)")
    for r0 in sorted({(r["op"], r["size_bytes"], r.get("inflight", 1)) for r in ps}):
        rs = [r for r in ps if (r["op"], r["size_bytes"], r.get("inflight", 1)) == r0]
        print("  %-9s %9d B inflight %-3d ops/s %-24s GB/s %-24s p50 us %s" % (
            r0[0], r0[1], r0[2], spread([r["ops_per_s"] for r in rs])[1],
            spread([r["goodput_bytes_per_s"] / 1e9 for r in rs])[1],
            spread([r.get("lat_p50_us") for r in rs])[1]))
    def ratio(what, op, size, inflight):
        t = {r["round"]: r["ops_per_s"] for r in pick(what=what, op=op, size_bytes=size)}
        p = {r["round"]: r["ops_per_s"] for r in ps
             if r["op"] == op and r["size_bytes"] == size and r.get("inflight", 1) == inflight}
        return spread([t[k] / p[k] for k in t if k in p])[1]
    print("  taups / peer, 64 B push, 1 in flight: %s; with --spin-us 100: %s; 64 in flight: %s" % (
        ratio("small", "push", 64, 1), ratio("small-spin", "push", 64, 1), ratio("pipe64", "push", 64, 64)))
    for op in ("push", "pull", "pushpull"):
        print("  taups / peer, 1 MiB %s: %s" % (op, ratio("1x1", op, 1 << 20, 1)))
tr = pick(op="train")
if tr:
    print("\ntraining, lsq 10000 x 1000, cond 1e4, batch 64, lr 0.3: updates/s")
    sas = [r for r in tr if r["overlap"] == "standalone"]
    sa = spread([r["updates_per_s"] for r in sas])
    if sa[0]:
        st = spread([r.get("target_updates") for r in sas])
        print("  one process (--standalone): %s; rel_err 1e-2 after %s updates" % (
            sa[1], st[1]))
    # Beyond the gradient: what the cluster spends per update (the machine's
    # cores for the run's wall time, or the processes' CPU time) less one
    # process's time per update.
    base = 1e6 / sa[0] if sa[0] else None
    print("  (overhead: cores x wall / updates, and the processes' CPU / updates,"
          " each less %s us)" % ("%.1f" % base if base else "-"))
    for n in (1, 2, 4):
        for ov in ("off", "on"):
            rs = [r for r in tr if r["workers"] == n and r["overlap"] == ov]
            bad = sum(1 for r in rs if r.get("diverged"))
            rs = [r for r in rs if not r.get("diverged")]
            if bad:
                print("  %d worker(s), overlap %-3s: diverged in %d of %d round(s)" % (
                    n, ov, bad, bad + len(rs)))
            if not rs:
                continue
            m, s = spread([r["updates_per_s"] for r in rs])
            frac = " = %.2f of standalone" % (m / sa[0]) if sa[0] and m else ""
            print("  %d worker(s), overlap %-3s: %s%s, mean staleness %s" % (
                n, ov, s, frac, spread([r["mean_staleness"] for r in rs])[1]))
            tu = spread([r.get("target_updates") for r in rs])
            tt = spread([r["target_updates"] / r["updates_per_s"] for r in rs
                         if r.get("target_updates")])
            ov_core = spread([r["core_us_per_update"] - base for r in rs
                              if base and "core_us_per_update" in r])
            ov_cpu = spread([r["cpu_us_per_update"] - base for r in rs
                             if base and "cpu_us_per_update" in r])
            print("      rel_err 1e-2 after %s updates, %s s; overhead %s us (cores),"
                  " %s us (CPU)" % (tu[1], tt[1], ov_core[1], ov_cpu[1]))
PYEOF
echo "raw figures: $RAW" >&2
