#!/bin/bash
# SPDX-License-Identifier: MIT
# Sync mode end to end: 4 workers on 2 shards, lsq with --full-batch and plain
# SGD for 50 steps equals full-batch gradient descent computed independently
# in double (lsq-reference gd). Then a worker killed with SIGKILL mid-run
# leaves the barrier and the other 3 finish all their iterations. Then
# backup workers with a straggler and a kill.
. "$(dirname "$0")/lib.sh"
REF=$B/tests/lsq-reference
[ -x "$CTL" ] || { echo "missing $CTL" >&2; exit 99; }

start_servers 2 4 --mode sync --lr 0.5
for r in 0 1 2 3; do
    "$WORKER" --cluster "$CLUSTER" --workers 4 --rank $r --model lsq --cond 100 \
        --full-batch --iterations 50 --mode sync 2> "$WORK/worker-$r.log" &
    PIDS="$PIDS $!"
    wpids="${wpids:-} $!"
done
for p in $wpids; do wait "$p" || fail "a worker failed: $(cat "$WORK"/worker-*.log)"; done
"$CTL" --cluster "$CLUSTER" dump w "$WORK/w.npy" 2> "$WORK/ctl.log" || fail "dump: $(cat "$WORK/ctl.log")"
"$CTL" --cluster "$CLUSTER" stats --json > "$WORK/stats.json"
grep -q '"steps": 50' "$WORK/stats.json" || fail "expected 50 steps: $(cat "$WORK/stats.json")"
"$REF" gd "$WORK/w.npy" 1 2048 64 100 0.5 50 || fail "sync run differs from sequential GD"
stop_servers

# Unequal shares: 3 workers hold 44, 43 and 43 of 130 rows, and
# each push says so (tps_set_samples), so the step is that of the mean over
# all rows: sequential full-batch descent again, not the mean of the three
# workers' means.
start_servers 2 3 --mode sync --lr 0.5
wpids=""
for r in 0 1 2; do
    "$WORKER" --cluster "$CLUSTER" --workers 3 --rank $r --model lsq --cond 100 \
        --rows 130 --full-batch --iterations 50 --mode sync 2> "$WORK/uw-$r.log" &
    PIDS="$PIDS $!"
    wpids="$wpids $!"
done
for p in $wpids; do wait "$p" || fail "a worker failed: $(cat "$WORK"/uw-*.log)"; done
"$CTL" --cluster "$CLUSTER" dump w "$WORK/uw.npy" 2> "$WORK/ctl.log" || fail "dump: $(cat "$WORK/ctl.log")"
"$REF" gd "$WORK/uw.npy" 1 130 64 100 0.5 50 ||
    fail "sync with unequal shares differs from sequential full-batch GD"
stop_servers

# A dead worker: the barrier stops waiting for it.
start_servers 2 4 --mode sync --lr 0.1
wpids=""
for r in 0 1 2 3; do
    "$WORKER" --cluster "$CLUSTER" --workers 4 --rank $r --model lsq \
        --iterations 4000 --log "$WORK/dw-$r.csv" 2> "$WORK/dw-$r.log" &
    PIDS="$PIDS $!"
    wpids="$wpids $!"
done
victim=$(echo $wpids | cut -d' ' -f3)
wait_for "$WORK/dw-2.csv" "^[0-9.]*,50," 20 || fail "worker 2 made no progress"
kill -9 "$victim"
n=0
for p in $wpids; do
    n=$((n + 1))
    [ $n = 3 ] && { wait "$p" 2>/dev/null || true; continue; }
    wait "$p" || fail "worker $((n - 1)) failed after worker 2 died: $(tail -3 "$WORK/dw-$((n - 1)).log")"
done
for r in 0 1 3; do
    grep -q "stops after 4000 iterations" "$WORK/dw-$r.log" || fail "worker $r did not finish: $(tail -2 "$WORK/dw-$r.log")"
done
grep -q "worker 2 left" "$WORK/server-0.log" || fail "server did not log the departure"
stop_servers
# Backup workers (--backup-workers 1 of 3) with a straggler (30 ms per
# iteration against 1 ms), and worker 1 killed mid-run: every step goes
# with the first two workers to commit, the same count on both shards
# (shard 0 chooses); the straggler's late pushes are dropped and counted,
# and once worker 1 is dead a step goes with the first of the two left.
start_servers 2 3 --mode sync --lr 0.1 --backup-workers 1 --trace "$WORK/bt-{i}.csv"
wpids=""
for r in 0 1 2; do
    delay=const:1 iters=400
    [ $r = 2 ] && delay=const:30 iters=20
    "$WORKER" --cluster "$CLUSTER" --workers 3 --rank $r --model lsq \
        --iterations $iters --delay $delay --log "$WORK/bw-$r.csv" 2> "$WORK/bw-$r.log" &
    PIDS="$PIDS $!"
    wpids="$wpids $!"
done
wait_for "$WORK/bw-1.csv" "^[0-9.]*,50," 20 || fail "worker 1 made no progress: $(tail -3 "$WORK/bw-1.log")"
kill -9 "$(echo $wpids | cut -d' ' -f2)"
n=0
for p in $wpids; do
    n=$((n + 1))
    [ $n = 2 ] && { wait "$p" 2>/dev/null || true; continue; }
    wait "$p" || fail "worker $((n - 1)) failed: $(tail -3 "$WORK/bw-$((n - 1)).log")"
done
grep -q "stops after 400 iterations" "$WORK/bw-0.log" || fail "worker 0 did not finish: $(tail -2 "$WORK/bw-0.log")"
grep -q "dropped [1-9]" "$WORK/bw-2.log" || fail "the straggler had no push dropped: $(tail -1 "$WORK/bw-2.log")"
"$CTL" --cluster "$CLUSTER" stats --json > "$WORK/bstats.json"
python3 - "$WORK/bstats.json" "$WORK/bt-0.csv" "$WORK/bt-1.csv" <<'PY' || fail "backup workers: see above"
import csv, json, sys
shards = json.load(open(sys.argv[1]))
for s in shards:
    # Left out of a step it was buffered for (backup_dropped), or arrived
    # after its step was taken (late): which one depends on timing.
    assert s["dropped"] > 0, "shard %d dropped nothing" % s["shard"]
    assert s["steps"] >= 400, "shard %d took %d steps" % (s["shard"], s["steps"])
steps = []
for f in sys.argv[2:]:
    # A step's trace row has the ranks it averaged in its last column.
    # n - b = 2 commits are enough, not a cap: a step takes every rank
    # that committed by the time it is ready, all 3 when their pushes
    # arrived together (seen at the first step, which waits for all to
    # join), and 1 once worker 1 is dead (2 awaited, less the backup).
    rows = [r for r in csv.DictReader(open(f)) if r["event"] == "step"]
    steps.append([(r["version"], r["read"]) for r in rows])
    assert all(1 <= int(k) <= 3 for _, k in steps[-1]), "a step of no rank in %s" % f
    assert sum(int(k) < 3 for _, k in steps[-1]) > len(rows) // 2, \
        "most steps waited for all 3 ranks in %s" % f
assert steps[0] == steps[1], "the shards stepped over different rank counts"
PY
stop_servers
echo "e2e_sync: 4 passed, 0 failed"
