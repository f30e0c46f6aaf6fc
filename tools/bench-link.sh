#!/bin/bash
# SPDX-License-Identifier: MIT
# taups against iperf3 on one shaped link between two hosts: two network
# namespaces held by taups-launch --hosts netns:2 --hold --link-rate RATE,
# each with a veth to a bridge shaped to RATE in both directions. Host 0
# runs the servers (iperf3 -s, taups-server --lr 0), host 1 the clients,
# and each round measures, one after the other,
#   - iperf3 -l 1M, one stream, host 1 to host 0 (the reference),
#   - taups-bench --cluster against that shard: push, pull and push+pull of
#     1 and 16 MiB, one worker, one in flight.
# Prints medians [min-max] over the rounds, and each operation's goodput
# over iperf3's in the same round (the ratio issue 30 sets at >= 0.95 on a
# 10gbit link). Needs root (network namespaces, tc): without it, says so
# and exits 0 having measured nothing.
# Usage, from a build directory: ../tools/bench-link.sh   (RATE=10gbit,
# ROUNDS=3, BENCH_TIME=1 second per taups-bench point, OUT=directory for
# the raw JSON lines and logs).
set -eu
. "$(dirname "$0")/bench-lib.sh"
if [ "$(id -u)" != 0 ]; then
    echo "bench-link.sh needs root to create network namespaces and shape links; skipped" >&2
    exit 0
fi
bench_use "$(pwd)"
LAUNCH=$(pwd)/tools/taups-launch
command -v iperf3 > /dev/null || { echo "iperf3 is not installed (setup.sh installs it)" >&2; exit 2; }
RATE=${RATE:-10gbit}
ROUNDS=${ROUNDS:-3}
BENCH_TIME=${BENCH_TIME:-1}
bench_out taups-link

hold_hosts "$LAUNCH" 2 "$RATE" "$OUT"
NS0=${HOST_NS[0]} ADDR0=${HOST_ADDR[0]} NS1=${HOST_NS[1]}
echo "hosts $NS0 ($ADDR0) and $NS1, links shaped to $RATE" >&2

# Fresh namespaces: no port is taken. The shard listens beyond loopback
# without a key (--insecure): nothing but host 1 can reach it.
ip netns exec "$NS0" "$SERVER" --listen "$ADDR0:7070" --cluster "$ADDR0:7070" \
    --shard 0 --lr 0 --insecure --stats-every 0 2> "$OUT/server.log" &
SHARD=$!
PIDS="$PIDS $SHARD"
BENCH_NETNS=$NS1
IPERF_SERVER_NETNS=$NS0
IPERF_TIME=3

for r in $(seq 1 "$ROUNDS"); do
    echo "round $r of $ROUNDS" >&2
    iperf "$r" "$ADDR0" 5201
    bench "$r" link --cluster "$ADDR0:7070" --ops push,pull,pushpull \
        --min-size 1M --max-size 16M --factor 16 --min-time "$BENCH_TIME"
done
# A namespace outlives its name while a process is in it: the shard goes
# first, then the hosts.
kill "$SHARD"
wait "$SHARD" || true
release_hosts

python3 - "$RAW" "$RATE" <<'PYEOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
ref = {r["round"]: r["goodput_bytes_per_s"] for r in rows if r["what"] == "iperf3"}

def cell(xs):
    return "%.3g [%.3g-%.3g]" % (statistics.median(xs), min(xs), max(xs)) if xs else "-"

print("link %s, %d round(s); iperf3 -l 1M, one stream, GB/s: %s" % (
    sys.argv[2], len(ref), cell([v / 1e9 for v in ref.values()])))
print("\n%-9s %6s %-22s %-22s" % ("op", "size", "goodput GB/s", "ratio to iperf3"))
for op in ("push", "pull", "pushpull"):
    for size in sorted({r["size_bytes"] for r in rows if r["what"] == "link" and r["op"] == op}):
        rs = [r for r in rows if r["what"] == "link" and r["op"] == op and r["size_bytes"] == size]
        print("%-9s %5dM %-22s %-22s" % (
            op, size >> 20, cell([r["goodput_bytes_per_s"] / 1e9 for r in rs]),
            cell([r["goodput_bytes_per_s"] / ref[r["round"]] for r in rs if r["round"] in ref])))
PYEOF
echo "raw figures: $RAW" >&2
