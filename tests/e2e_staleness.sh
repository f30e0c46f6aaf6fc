#!/bin/bash
# SPDX-License-Identifier: MIT
# Staleness end to end, with one worker slowed by an injected delay.
# SSP with T = 2: from each shard's trace of answered pulls, no pull was ever
# answered to a worker at clock c while a live worker's clock was below
# c - 2, and the fast workers did block. Async with --max-staleness 1: some
# pushes were dropped, and none of them was applied: the final parameters
# equal a replay of the applied pushes (lsq-reference replay).
. "$(dirname "$0")/lib.sh"
REF=$B/tests/lsq-reference
[ -x "$CTL" ] || { echo "missing $CTL" >&2; exit 99; }

workers() { # ITERS-FAST ITERS-SLOW ARGS...: 3 fast workers and a slow rank 3
    fast=$1 slow=$2
    shift 2
    wp=""
    for r in 0 1 2 3; do
        extra=(--iterations "$fast")
        [ $r = 3 ] && extra=(--iterations "$slow" --delay const:15)
        "$WORKER" --cluster "$CLUSTER" --workers 4 --rank $r --model lsq "$@" \
            "${extra[@]}" 2> "$WORK/worker-$r.log" &
        PIDS="$PIDS $!"
        wp="$wp $!"
    done
    for p in $wp; do wait "$p" || fail "a worker failed: $(cat "$WORK"/worker-*.log)"; done
}

# --- SSP, T = 2 ---------------------------------------------------------------
start_servers 1 4 --mode ssp --staleness 2 --lr 0.2 --trace "$WORK/ssp0.csv"
workers 60 60 --mode ssp
stop_servers
awk -F, 'NR > 1 && $2 == "pull" && $9 >= 0 {
            pulls++
            if ($4 - $9 > 2) { bad++; print "violation: " $0 > "/dev/stderr" }
            if ($3 != 3 && $10 > 0) blocked++
         }
         END {
            printf "# ssp: %d pulls answered, %d violations, %d fast pulls blocked\n", pulls, bad, blocked
            exit !(pulls > 200 && bad == 0 && blocked > 10)
         }' "$WORK/ssp0.csv" || fail "SSP bound or blocking not as expected"

# --- SSP with cached reads (--ssp-cache) ---------------------------------------
# A read at clock c is served from the worker's copy while that reflects
# every worker's clock c - s - 1: the read lag each worker saw stays within
# s, and the pulls that go over the network fall as s grows.
prev=""
for s in 0 2 5; do
    start_servers 1 4 --mode ssp --staleness $s --lr 0.2
    workers 60 60 --mode ssp --ssp-cache
    stop_servers
    sent=0
    for r in 0 1 2 3; do
        line=$(grep "pulls: .* to the shards" "$WORK/worker-$r.log") ||
            fail "s=$s worker $r: no pull counts: $(tail -3 "$WORK/worker-$r.log")"
        n=$(echo "$line" | sed 's/.*pulls: \([0-9]*\) to the shards.*/\1/')
        lag=$(echo "$line" | sed 's/.*read lag at most \([0-9]*\) clock.*/\1/')
        [ "$lag" -le $s ] || fail "s=$s worker $r read $lag clocks behind: $line"
        sent=$((sent + n))
    done
    echo "# ssp cache, s=$s: $sent pulls over the network"
    [ -z "$prev" ] || [ "$sent" -lt "$prev" ] ||
        fail "s=$s: $sent pulls over the network, not fewer than $prev"
    prev=$sent
done

# --- async with a staleness cut-off -----------------------------------------
start_servers 1 4 --mode async --max-staleness 1 --lr 0.3 --trace "$WORK/async.csv"
workers 150 15 --full-batch
"$CTL" --cluster "$CLUSTER" dump w "$WORK/w.npy" 2>/dev/null || fail "dump failed"
"$CTL" --cluster "$CLUSTER" stats --json > "$WORK/stats.json"
stop_servers
dropped=$(grep -o '"dropped": [0-9]*' "$WORK/stats.json" | head -1 | cut -d' ' -f2)
echo "# async: $dropped pushes dropped"
[ "${dropped:-0}" -gt 0 ] || fail "no push was dropped: $(cat "$WORK/stats.json")"
"$REF" replay "$WORK/w.npy" "$WORK/async.csv" 4 1 2048 64 100 0.3 \
    || fail "the parameters are not the replay of the applied pushes"

# --- async with --overlap on ----------------------------------------------------
# Each gradient comes from the parameters of the pull before the last, and
# its push says so: with one worker every push but the first is applied at
# staleness exactly 1 (0 in the strict order), and with two the replay of
# the trace, each gradient recomputed at the version its push declared,
# equals the dump, so the declared versions are the ones used.
for ov in off on; do
    start_servers 1 1 --mode async --lr 0.3 --trace "$WORK/ov-$ov.csv"
    "$WORKER" --cluster "$CLUSTER" --workers 1 --rank 0 --model lsq --full-batch \
        --iterations 200 --overlap $ov 2> "$WORK/ov-$ov.log" || fail "overlap $ov: $(cat "$WORK/ov-$ov.log")"
    stop_servers
done
awk -F, 'NR > 1 && $2 == "push" { n++; s[$7 + 0]++ }
         END { printf "# overlap off: %d pushes, %d at staleness 0\n", n, s[0]; exit !(n == 200 && s[0] == 200) }' \
    "$WORK/ov-off.csv" || fail "strict order: a push was stale"
awk -F, 'NR > 1 && $2 == "push" { n++; if (n == 1) first = $7; else s[$7 + 0]++ }
         END { printf "# overlap on: %d pushes, the first at staleness %d, %d of the rest at 1\n", n, first, s[1]
               exit !(n == 200 && first == 0 && s[1] == 199) }' \
    "$WORK/ov-on.csv" || fail "overlap: staleness is not one more"
start_servers 1 2 --mode async --lr 0.1 --trace "$WORK/ov2.csv"
wp=""
for r in 0 1; do
    "$WORKER" --cluster "$CLUSTER" --workers 2 --rank $r --model lsq --full-batch \
        --iterations 150 --overlap on 2> "$WORK/ov2-$r.log" &
    wp="$wp $!"
done
for p in $wp; do wait "$p" || fail "an overlapping worker failed: $(cat "$WORK"/ov2-*.log)"; done
"$CTL" --cluster "$CLUSTER" dump w "$WORK/w2.npy" 2>/dev/null || fail "dump failed"
stop_servers
"$REF" replay "$WORK/w2.npy" "$WORK/ov2.csv" 2 1 2048 64 100 0.1 \
    || fail "overlap: the parameters are not the replay of the pushes at their declared versions"
set +e
out=$(timeout 20 "$WORKER" --cluster 127.0.0.1:1 --workers 1 --rank 0 --overlap maybe 2>&1)
set -e
echo "$out" | grep -q "overlap" || fail "a bad --overlap value was not named: $out"
start_servers 1 1 --mode sync
set +e
out=$("$WORKER" --cluster "$CLUSTER" --workers 1 --rank 0 --model lsq --iterations 5 --overlap on 2>&1)
rc=$?
set -e
stop_servers
[ $rc != 0 ] && echo "$out" | grep -q "overlap on: mode sync computes every gradient from the model of the step before" \
    || fail "sync accepted --overlap on: $out"

# --- --read-lag L ---------------------------------------------------------------
# One worker computing from the pull 5 iterations back: the pushes are
# applied at staleness 0, 1, 2, 3, 4 and then exactly 5, and the replay of
# the trace at the declared versions equals the dump. In sync it is refused.
start_servers 1 1 --mode async --lr 0.05 --trace "$WORK/lag.csv"
"$WORKER" --cluster "$CLUSTER" --workers 1 --rank 0 --model lsq --full-batch \
    --iterations 120 --read-lag 5 2> "$WORK/lag.log" || fail "read lag: $(cat "$WORK/lag.log")"
"$CTL" --cluster "$CLUSTER" dump w "$WORK/wl.npy" 2>/dev/null || fail "dump failed"
stop_servers
awk -F, 'NR > 1 && $2 == "push" { n++; want = n <= 5 ? n - 1 : 5; if ($7 + 0 != want) bad++ }
         END { printf "# read lag 5: %d pushes, %d not at min(k, 5)\n", n, bad; exit !(n == 120 && bad == 0) }' \
    "$WORK/lag.csv" || fail "read lag: staleness is not exactly the lag"
"$REF" replay "$WORK/wl.npy" "$WORK/lag.csv" 1 1 2048 64 100 0.05 \
    || fail "read lag: the parameters are not the replay at the declared versions"
start_servers 1 1 --mode sync
set +e
out=$("$WORKER" --cluster "$CLUSTER" --workers 1 --rank 0 --model lsq --iterations 5 --read-lag 2 2>&1)
rc=$?
set -e
stop_servers
[ $rc != 0 ] && echo "$out" | grep -q "read-lag 2: mode sync computes every gradient" || fail "sync accepted --read-lag: $out"
echo "e2e_staleness: 5 passed, 0 failed"
