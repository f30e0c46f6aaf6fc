#!/bin/bash
# SPDX-License-Identifier: MIT
# Sync mode end to end: 4 workers on 2 shards, lsq with --full-batch and plain
# SGD for 50 steps equals full-batch gradient descent computed independently
# in double (lsq-reference gd). Then a worker killed with SIGKILL mid-run
# leaves the barrier and the other 3 finish all their iterations.
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
echo "e2e_sync: 3 passed, 0 failed"
