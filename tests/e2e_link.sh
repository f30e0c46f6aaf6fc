#!/bin/bash
# SPDX-License-Identifier: MIT
# Link shaping end to end (docs/design.md §7). A shard shapes only what it
# sends, i.e. its replies: with --latency-ms 20 every push and every pull
# waits 20 ms more for its reply, so the p50 of a push (one round trip)
# rises by at least 20 ms and that of a push+pull (two) by at least 40 ms.
# With --bandwidth 1000000 the shard's replies leave at that rate: pulls of
# 256 KiB, one at a time, measure between 0.9 and 1.1 MB/s (the bucket is
# paid in advance, so late timers on a loaded machine do not accumulate).
# A worker shapes what it sends to the shards: with --latency-ms 30
# --jitter-ms 5 each iteration waits for at least one request that left
# 25 ms late or more.
. "$(dirname "$0")/lib.sh"
BENCH=$B/tools/taups-bench
[ -x "$BENCH" ] || { echo "missing $BENCH" >&2; exit 99; }

field() { # NAME FILE: a number from taups-bench --json
    sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p" "$2"
}

bench() { # OUT ARGS...: one bench run against $CLUSTER
    local out=$1
    shift
    "$BENCH" --cluster "$CLUSTER" --json --rounds 1 "$@" > "$out" 2> "$out.err" ||
        fail "taups-bench failed: $(cat "$out.err")"
}

latency_run() { # TAG SERVER-ARGS...
    local tag=$1
    shift
    start_servers 1 1 --lr 0 "$@"
    bench "$WORK/$tag-push.json" --ops push --min-size 1K --max-size 1K \
        --reps 40 --min-time 0
    bench "$WORK/$tag-pp.json" --ops pushpull --min-size 1K --max-size 1K \
        --reps 40 --min-time 0
    stop_servers
}

# --- latency ------------------------------------------------------------------
latency_run plain
latency_run slow --latency-ms 20
grep -q "shaping every reply link: latency 20 ms" "$WORK/server-0.log" ||
    fail "the shaping is not in the server's log: $(cat "$WORK/server-0.log")"
p0=$(field lat_p50_ms "$WORK/plain-push.json")
p1=$(field lat_p50_ms "$WORK/slow-push.json")
q0=$(field lat_p50_ms "$WORK/plain-pp.json")
q1=$(field lat_p50_ms "$WORK/slow-pp.json")
echo "# push p50 $p0 -> $p1 ms, push+pull p50 $q0 -> $q1 ms"
# The delay is a floor under every reply, not a sum with the unshaped
# time: on a loaded machine (ASan beside two CPU hogs) the unshaped p50 was
# 3.6 ms and the shaped one 20.4, the load hidden inside the 20 ms wait.
awk -v a="$p0" -v b="$p1" 'BEGIN { exit !(b >= 20 && b > a) }' ||
    fail "push p50 not held to 20 ms or more: $p0 -> $p1"
awk -v a="$q0" -v b="$q1" 'BEGIN { exit !(b >= 40 && b > a) }' ||
    fail "push+pull p50 not held to 40 ms or more: $q0 -> $q1"

# --- bandwidth ----------------------------------------------------------------
start_servers 1 1 --lr 0 --bandwidth 1000000
bench "$WORK/bw.json" --ops pull --min-size 256K --max-size 256K --reps 3 \
    --min-time 2 --warmup 2
stop_servers
rate=$(field goodput_bytes_per_s "$WORK/bw.json")
echo "# pull goodput under a 1000000 B/s cap: $rate B/s"
awk -v r="$rate" 'BEGIN { exit !(r >= 900000 && r <= 1100000) }' ||
    fail "pull goodput $rate B/s is not within 10% of the 1000000 B/s cap"

# --- worker side --------------------------------------------------------------
start_servers 1 1 --lr 0.1
"$WORKER" --cluster "$CLUSTER" --model lsq --iterations 10 --latency-ms 30 \
    --jitter-ms 5 --link-seed 3 --log "$WORK/worker.csv" \
    2> "$WORK/worker.log" || fail "worker failed: $(cat "$WORK/worker.log")"
stop_servers
grep -q "shaping every link to a shard: latency 30 ms, jitter +-5 ms" \
    "$WORK/worker.log" || fail "the shaping is not in the worker's log"
awk -F, 'NR == 2 { t0 = $1 } NR > 1 { t = $1; n++ }
         END {
            per = (t - t0) / (n - 1) * 1000
            printf "# worker: %.1f ms per iteration with 30 +- 5 ms on its sends\n", per
            exit !(n == 10 && per >= 25)
         }' "$WORK/worker.csv" || fail "worker iterations were not slowed"
exit 0
