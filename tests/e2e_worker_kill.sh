#!/bin/bash
# SPDX-License-Identifier: MIT
# Workers SIGKILLed at random moments and restarted with the same rank, in
# every mode (sync, ssp, async, local): each restarted worker rejoins, the
# others never hang, and every worker, first lives and restarts alike, ends
# its run with exit 0. KILLS per mode (default 5); tools/soak-worker-kill.sh
# runs the same with 100 and prints the figures.
. "$(dirname "$0")/lib.sh"
SEED=${TEST_SEED:-$RANDOM}
RANDOM=$SEED
KILLS=${KILLS:-5}
NW=3
echo "# seed $SEED (TEST_SEED=$SEED replays it), $KILLS kills per mode"

now() { date +%s.%N; }
declare -A WP LIFE

for MODE in sync ssp async local; do
    start_servers 2 $NW --mode "$MODE" --lr 0.05
    DUR=$(awk -v k="$KILLS" 'BEGIN { printf "%.1f", k * 0.4 + 2 }')
    T0=$(now)
    for r in $(seq 0 $((NW - 1))); do
        "$WORKER" --cluster "$CLUSTER" --rank $r --workers $NW --model lsq \
            --seconds "$DUR" 2> "$WORK/$MODE-w$r-0.log" &
        WP[$r]=$!
        PIDS="$PIDS $!"
        LIFE[$r]=0
    done
    rejoin_sum=0
    for k in $(seq 1 "$KILLS"); do
        sleep "0.$(( RANDOM % 30 + 10 ))"
        r=$(( RANDOM % NW ))
        kill -KILL "${WP[$r]}" 2> /dev/null || true
        wait "${WP[$r]}" 2> /dev/null || true
        left=$(awk -v d="$DUR" -v t0="$T0" -v t="$(now)" 'BEGIN { l = d - (t - t0); printf "%.2f", l < 1 ? 1 : l }')
        LIFE[$r]=$(( LIFE[$r] + 1 ))
        log="$WORK/$MODE-w$r-${LIFE[$r]}.log"
        t1=$(now)
        "$WORKER" --cluster "$CLUSTER" --rank $r --workers $NW --model lsq \
            --seconds "$left" 2> "$log" &
        WP[$r]=$!
        PIDS="$PIDS $!"
        # Rejoined: joined every shard (the worker says so) and trained on.
        wait_for "$log" "connected to 2 shards" 30 || fail "$MODE: worker $r did not rejoin after kill $k: $(tail -3 "$log")"
        rejoin_sum=$(awk -v s="$rejoin_sum" -v a="$t1" -v b="$(now)" 'BEGIN { print s + b - a }')
    done
    for r in $(seq 0 $((NW - 1))); do
        # Bounded: a worker that hangs fails the test instead of stalling it.
        for _ in $(seq 1 600); do
            kill -0 "${WP[$r]}" 2> /dev/null || break
            sleep 0.1
        done
        kill -0 "${WP[$r]}" 2> /dev/null && fail "$MODE: worker $r hangs: $(tail -3 "$WORK/$MODE-w$r-${LIFE[$r]}.log")"
        rc=0
        wait "${WP[$r]}" || rc=$?
        log="$WORK/$MODE-w$r-${LIFE[$r]}.log"
        [ $rc = 0 ] || fail "$MODE: worker $r (life ${LIFE[$r]}) exited $rc: $(tail -5 "$log")"
        grep -q "worker stops after" "$log" || fail "$MODE: worker $r did not finish: $(tail -3 "$log")"
    done
    "$CTL" --cluster "$CLUSTER" stats > /dev/null || fail "$MODE: the shards stopped serving"
    stop_servers
    echo "# $MODE: $KILLS kills, every worker exited 0; mean rejoin $(awk -v s="$rejoin_sum" -v k="$KILLS" 'BEGIN { printf "%.3f", s / k }') s; run $(awk -v a="$T0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s"
done
