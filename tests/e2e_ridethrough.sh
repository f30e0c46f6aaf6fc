#!/bin/bash
# SPDX-License-Identifier: MIT
# A shard SIGKILLed mid-training and restarted from its checkpoint: async
# lsq with 2 shards and 4 workers reaches its target, every worker and the
# evaluator exit 0 after reconnecting, every worker's ledger balances (sent
# = applied + dropped + rejected + lost, nothing lost), the surviving shard
# applied exactly what the workers were told was applied, and the restarted
# one lost at most what came after its last checkpoint. Then the same in
# sync mode, where the restored shard catches up with the workers' clock.
. "$(dirname "$0")/lib.sh"
SEED=${TEST_SEED:-$RANDOM}
RANDOM=$SEED
echo "# seed $SEED (TEST_SEED=$SEED replays it)"

# cluster MODE WORKERS: starts 2 shards with checkpoints every second.
cluster() {
    MODE=$1 NW=$2
    CLUSTER=127.0.0.1:$(free_port),127.0.0.1:$(free_port)
    for i in 0 1; do
        shard $i "$WORK/$MODE-server-$i.log"
    done
}
shard() { # I LOG
    local addr
    addr=$(echo "$CLUSTER" | cut -d, -f$(($1 + 1)))
    "$SERVER" --listen "$addr" --cluster "$CLUSTER" --shard "$1" --workers "$NW" \
        --mode "$MODE" --stats-every 0 --lr 0.05 --checkpoint-dir "$WORK/$MODE-ck-$1" \
        --checkpoint-every 0.25 2> "$2" &
    eval "SPID$1=$!"
    PIDS="$PIDS $!"
    wait_for "$2" "listening on" 10 || fail "shard $1 did not start: $(cat "$2")"
}
ledger() { # LOG -> "sent applied dropped rejected lost reconnects"
    sed -n 's/.*pushes: sent \([0-9]*\), applied \([0-9]*\), dropped \([0-9]*\), rejected \([0-9]*\), lost \([0-9]*\); reconnects \([0-9]*\).*/\1 \2 \3 \4 \5 \6/p' "$1"
}

# --- async ---------------------------------------------------------------
# A fixed number of iterations, not of seconds, and the kill timed from the
# shard's second checkpoint: a busy machine makes the run slower, not
# shorter or different.
cluster async 4
WPIDS=""
t_start=$(date +%s%N)
for r in 0 1 2 3; do
    timeout 120 "$WORKER" --cluster "$CLUSTER" --rank $r --workers 4 --model lsq \
        --iterations 12000 --seed 7 --log "$WORK/w$r.csv" 2> "$WORK/w$r.log" &
    WPIDS="$WPIDS $!"
done
# The evaluator runs until told to stop, then scores the final parameters.
timeout 150 "$WORKER" --role eval --cluster "$CLUSTER" --workers 4 --model lsq \
    --seconds 0 --seed 7 --eval-every 200 --log "$WORK/eval.csv" 2> "$WORK/eval.log" &
EPID=$!
wait_for "$WORK/async-server-1.log" "checkpoint generation 2 written" 30 ||
    fail "async: no checkpoint"
T=$(( RANDOM % 100 ))
sleep "0.$((T / 10))$((T % 10))"
kill -KILL "$SPID1"
wait "$SPID1" 2> /dev/null || true
echo "# shard 1 killed ${T}0 ms after its second checkpoint"
sleep 0.2
shard 1 "$WORK/async-server-1b.log"
grep -q "restored checkpoint generation" "$WORK/async-server-1b.log" ||
    fail "shard 1 restored nothing: $(cat "$WORK/async-server-1b.log")"
sum_applied=0
for r in 0 1 2 3; do
    p=$(echo $WPIDS | cut -d' ' -f$((r + 1)))
    wait "$p" || fail "worker $r exited $?: $(tail -5 "$WORK/w$r.log")"
    read -r s a d j l k <<< "$(ledger "$WORK/w$r.log")"
    [ -n "$s" ] || fail "worker $r logged no ledger: $(tail -3 "$WORK/w$r.log")"
    [ "$s" = $((a + d + j + l)) ] || fail "worker $r: ledger does not add up: $(grep pushes: "$WORK/w$r.log")"
    [ "$l" = 0 ] && [ "$j" = 0 ] || fail "worker $r lost or had pushes rejected: $(grep pushes: "$WORK/w$r.log")"
    [ "$k" = 1 ] || fail "worker $r reconnected $k times, expected 1"
    sum_applied=$((sum_applied + a))
done
elapsed_ms=$(( ($(date +%s%N) - t_start) / 1000000 ))
kill -TERM "$EPID"
wait "$EPID" || fail "evaluator exited $?: $(tail -5 "$WORK/eval.log")"
grep -q "reconnected after" "$WORK/eval.log" || fail "the evaluator did not reconnect"
final=$(tail -1 "$WORK/eval.csv" | cut -d, -f4)
awk -v e="$final" 'BEGIN { exit !(e < 1e-3) }' || fail "rel_err $final >= 1e-3 after the restart"
"$CTL" --cluster "$CLUSTER" stats --json > "$WORK/stats.json"
read -r p0 p1 dup1 <<< "$(python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
print(s[0]["pushes"], s[1]["pushes"], s[1]["duplicates"])' "$WORK/stats.json")"
# Shard 0 never failed: it applied each push the workers count as applied
# exactly once, resends and all.
[ "$p0" = "$sum_applied" ] || fail "shard 0 applied $p0 pushes, the workers count $sum_applied"
[ "$p1" -le "$sum_applied" ] || fail "shard 1 applied $p1 > $sum_applied pushes: some twice"
lost=$((sum_applied - p1))
rate=$((sum_applied * 1000 / elapsed_ms))
[ "$lost" -le $((rate * 2)) ] || fail "shard 1 lost $lost updates, more than 2 s worth ($rate/s)"
echo "# async: rel_err $final; shard 1 lost $lost of $sum_applied updates to the restart (~$((lost * 1000 / (rate > 0 ? rate : 1))) ms at $rate/s), $dup1 repeats answered"
for i in 0 1; do kill -TERM "$(eval echo \$SPID$i)"; done

# --- sync ----------------------------------------------------------------
cluster sync 2
WPIDS=""
for r in 0 1; do
    timeout 60 "$WORKER" --cluster "$CLUSTER" --rank $r --workers 2 --model lsq \
        --iterations 8000 --seed 7 2> "$WORK/s$r.log" &
    WPIDS="$WPIDS $!"
done
wait_for "$WORK/sync-server-1.log" "checkpoint generation 2 written" 20 || fail "sync: no checkpoint"
kill -KILL "$SPID1"
wait "$SPID1" 2> /dev/null || true
shard 1 "$WORK/sync-server-1b.log"
for r in 0 1; do
    p=$(echo $WPIDS | cut -d' ' -f$((r + 1)))
    wait "$p" || fail "sync worker $r exited $?: $(tail -5 "$WORK/s$r.log")"
    grep -q "stops after 8000 iterations" "$WORK/s$r.log" || fail "sync worker $r: $(tail -3 "$WORK/s$r.log")"
done
grep -q "this shard skips to it" "$WORK/sync-server-1b.log" ||
    fail "the restored sync shard did not catch up: $(cat "$WORK/sync-server-1b.log")"
echo "# sync: both workers finished 8000 iterations across the restart"

# --- a stop while a shard is gone for good ----------------------------------
# SIGTERM must not wait out --reconnect-timeout: the worker gives up on the
# lost shard at once and exits 0.
for i in 0 1; do kill -TERM "$(eval echo \$SPID$i)" 2> /dev/null || true; done
rm -rf "$WORK"/async-ck-*
cluster async 1
"$WORKER" --cluster "$CLUSTER" --rank 0 --workers 1 --model lsq --seconds 60 \
    2> "$WORK/stop.log" &
wpid=$!
PIDS="$PIDS $wpid"
wait_for "$WORK/stop.log" "connected to 2 shards" 10 || fail "stop: worker did not start"
kill -KILL "$SPID1"
wait_for "$WORK/stop.log" "reconnecting for up to" 10 || fail "stop: no reconnection: $(cat "$WORK/stop.log")"
t0=$(date +%s%N)
kill -TERM $wpid
rc=0
wait $wpid || rc=$?
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
[ $rc = 0 ] || fail "stop: worker exited $rc: $(tail -3 "$WORK/stop.log")"
[ $ms -lt 3000 ] || fail "stop: the worker took $ms ms to stop while its shard was lost"
grep -q "abandoned: .*the application is stopping" "$WORK/stop.log" || fail "stop: $(tail -3 "$WORK/stop.log")"
echo "# a worker stopped ${ms} ms after SIGTERM while shard 1 was gone"
