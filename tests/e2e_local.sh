#!/bin/bash
# SPDX-License-Identifier: MIT
# Local SGD end to end. With K = 4 local steps every worker pushes exactly
# iterations/K model deltas; with synchronous averaging, 2 workers that hold
# identical data and take identical (full-batch) steps end exactly where a
# single worker doing local SGD alone ends; K = 1 is synchronous SGD at the
# local learning rate; --accumulate K pushes K times fewer gradients.
. "$(dirname "$0")/lib.sh"
[ -x "$CTL" ] || { echo "missing $CTL" >&2; exit 99; }

run() { # NAME WORKERS SERVER-ARGS... -- WORKER-ARGS...
    name=$1 n=$2
    shift 2
    sargs=()
    while [ "$1" != -- ]; do sargs+=("$1"); shift; done
    shift
    start_servers 2 "$n" "${sargs[@]}"
    wp=""
    for r in $(seq 0 $((n - 1))); do
        "$WORKER" --cluster "$CLUSTER" --workers "$n" --rank $r --model lsq "$@" \
            2> "$WORK/$name-$r.log" &
        PIDS="$PIDS $!"
        wp="$wp $!"
    done
    for p in $wp; do wait "$p" || fail "$name: a worker failed: $(cat "$WORK/$name"-*.log)"; done
    "$CTL" --cluster "$CLUSTER" dump w "$WORK/$name.npy" 2>/dev/null || fail "$name: dump failed"
    "$CTL" --cluster "$CLUSTER" stats --json > "$WORK/$name.json" || fail "$name: stats failed"
    stop_servers
}

# K = 4, 40 iterations: 10 pushes per worker, 20 per shard.
run k4 2 --mode local --local-steps 4 --local-avg async --lr 1 -- \
    --iterations 40 --local-lr 0.1
[ "$(grep -o '"pushes": [0-9]*' "$WORK/k4.json" | head -1)" = '"pushes": 20' ] \
    || fail "expected 20 pushes per shard with K=4: $(cat "$WORK/k4.json")"
grep -q "stops after 40 iterations" "$WORK/k4-0.log" || fail "k4: $(tail -1 "$WORK/k4-0.log")"

# Synchronous model averaging of identical workers == one worker alone.
common=(--iterations 40 --local-lr 0.1 --full-batch --replicate-data)
run two 2 --mode local --local-steps 4 --local-avg sync --lr 1 -- "${common[@]}"
run one 1 --mode local --local-steps 4 --local-avg sync --lr 1 -- "${common[@]}"
cmp "$WORK/two.npy" "$WORK/one.npy" || fail "2 identical workers differ from 1 worker"
grep -q '"steps": 10' "$WORK/two.json" || fail "expected 10 averaging steps: $(cat "$WORK/two.json")"
# ... and the run went somewhere: the dump is not the initial zeros (the
# .npy header of a 64-float vector is 128 bytes).
{ head -c 128 "$WORK/one.npy"; head -c 256 /dev/zero; } > "$WORK/zeros.npy"
cmp -s "$WORK/one.npy" "$WORK/zeros.npy" && fail "local SGD did not move the parameters"

# K = 1 is one local step at --local-lr, then averaging: the same
# trajectory as synchronous SGD at that learning rate (to float rounding:
# the delta is x - (x - lr g), not lr g), not a gradient applied at the
# server's lr 1.
run lk1 2 --mode local --local-steps 1 --local-avg sync --lr 1 -- "${common[@]}"
run sk1 2 --mode sync --lr 0.1 -- "${common[@]}"
paste <(od -An -v -f -w4 -j 128 "$WORK/lk1.npy") <(od -An -v -f -w4 -j 128 "$WORK/sk1.npy") |
    awk '{ d = $1 - $2; if (d < 0) d = -d; s = $2 < 0 ? -$2 : $2
           if (d > 1e-4 * (s + 1e-3)) bad++; n++ }
         END { exit !(n == 64 && bad == 0) }' ||
    fail "local K=1 differs from sync SGD at the local lr: $(paste <(od -An -v -f -w4 -j 128 "$WORK/lk1.npy" | head -3) <(od -An -v -f -w4 -j 128 "$WORK/sk1.npy" | head -3))"

# Gradient accumulation: K = 5 minibatches per push. The injected compute
# time is per minibatch step, so 10 pushes of 5 steps at 20 ms sleep at
# least 50 * 20 ms = 1 s in all (a lower bound: sleeps never end early),
# not the 10 * 20 ms it would be if drawn once per push.
t0=$(date +%s.%N)
run acc 2 --mode async --lr 0.2 -- --iterations 50 --accumulate 5 --delay const:20
t1=$(date +%s.%N)
[ "$(grep -o '"pushes": [0-9]*' "$WORK/acc.json" | head -1)" = '"pushes": 20' ] \
    || fail "expected 20 pushes per shard with --accumulate 5: $(cat "$WORK/acc.json")"
awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a >= 1.0) }' ||
    fail "10 pushes of 5 delayed steps took $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s, want >= 1 s"
echo "e2e_local: 6 passed, 0 failed"
