#!/bin/bash
# SPDX-License-Identifier: MIT
# A restored shard and the ranks its checkpoint knew, with real servers and
# workers:
#   1. under taups-launch, sync and ssp, a worker killed and then a shard
#      killed and restarted: the run ends on its own (it used to wait for
#      the dead worker until --timeout);
#   2. ssp, a shard whose newest checkpoint saw worker 2 live, restarted
#      after worker 2 died: it awaits rank 2; a worker blocked at its gate
#      stops within seconds of SIGTERM; a new worker 2 started meanwhile
#      joins at the cluster's clock, not at 0;
#   3. the same without a new worker: after --rejoin-grace the restored
#      shard counts rank 2 as gone and the others move on;
#   4. the same with a shard restarted without any checkpoint: the first
#      worker back tells it the cluster had formed, and rank 2 is awaited
#      for --rejoin-grace only.
. "$(dirname "$0")/lib.sh"

# 1. The launcher runs of the report, bounded by --timeout and timeout(1).
for mode in sync ssp; do
    R=$WORK/launch-$mode
    RC=0
    extra=""
    [ $mode = ssp ] && extra="--staleness 1"
    # shellcheck disable=SC2086
    timeout -s KILL 80 "$LAUNCH" --out "$R" --no-plot --timeout 60 \
        --shards 2 --workers 3 --mode $mode $extra --model lsq --seconds 8 \
        --restart-shards --fault kill:2:2 --fault kill-shard:1@4 \
        > "$R.out" 2> "$R.err" || RC=$?
    [ $RC = 0 ] || fail "$mode: launcher exit $RC (124: timeout): $(tail -5 "$R.err" "$R.out")"
    grep -q "restored checkpoint generation" "$R/server-1.log" ||
        fail "$mode: shard 1 did not restore: $(tail -5 "$R/server-1.log")"
    # Rank 2 is either known gone from the checkpoint or given up on.
    grep -qE "had left when the checkpoint was taken|did not come back" "$R/server-1.log" ||
        fail "$mode: the restored shard never settled rank 2: $(cat "$R/server-1.log")"
done

# clock_of CSV: the last clock a worker logged.
clock_of() {
    awk -F, 'NR > 1 { c = $2 } END { print c + 0 }' "$1"
}
# first_clock CSV: the first clock a worker logged.
first_clock() {
    awk -F, 'NR == 2 { print $2 + 0; exit }' "$1"
}

# run_case NAME GRACE: servers, 3 workers, the stop-kill-restart of shard 1;
# leaves worker PIDs in W0 W1 and shard 1's in S1.
run_case() {
    local name=$1 grace=$2 i
    D=$WORK/$name
    mkdir -p "$D"
    CLUSTER="127.0.0.1:$(free_port),127.0.0.1:$(free_port)"
    SARGS=(--cluster "$CLUSTER" --workers 3 --mode ssp --staleness 1 --lr 0.1
        --stats-every 0 --checkpoint-every 0.5 --rejoin-grace "$grace")
    for i in 0 1; do
        "$SERVER" --listen "$(echo "$CLUSTER" | cut -d, -f$((i + 1)))" --shard $i \
            --checkpoint-dir "$D/ckpt-$i" "${SARGS[@]}" 2> "$D/server-$i.log" &
        eval "S$i=$!"
        PIDS="$PIDS $!"
    done
    for i in 0 1; do
        wait_for "$D/server-$i.log" "listening on" 10 || fail "$name: server $i did not start"
    done
    for i in 0 1 2; do
        "$WORKER" --cluster "$CLUSTER" --rank $i --workers 3 --model lsq \
            --seconds 120 --batch 16 --log "$D/worker-$i.csv" 2> "$D/worker-$i.log" &
        eval "W$i=$!"
        PIDS="$PIDS $!"
    done
    # Until worker 2 has trained and a checkpoint has seen it.
    i=0
    while [ "$(clock_of "$D/worker-2.csv" 2>/dev/null || echo 0)" -lt 300 ] ||
          ! ls "$D/ckpt-1"/gen-*.ckpt > /dev/null 2>&1; do
        i=$((i + 1))
        [ $i -lt 400 ] || fail "$name: worker 2 did not train: $(tail -3 "$D/worker-2.log")"
        sleep 0.05
    done
    sleep 0.6
    # Shard 1 stops first, so its newest checkpoint still sees worker 2.
    kill -STOP "$S1"
    kill -KILL "$W2"
    wait "$W2" 2> /dev/null || true
    KILLED_AT=$(clock_of "$D/worker-0.csv")
    kill -KILL "$S1"
    wait "$S1" 2> /dev/null || true
    "$SERVER" --listen "$(echo "$CLUSTER" | cut -d, -f2)" --shard 1 \
        --checkpoint-dir "$D/ckpt-1" "${SARGS[@]}" 2> "$D/server-1b.log" &
    S1=$!
    PIDS="$PIDS $!"
    wait_for "$D/server-1b.log" "listening on" 10 || fail "$name: shard 1 did not restart"
    grep -q "waiting up to $grace s (--rejoin-grace) for the workers the checkpoint saw live (rank@clock):.* 2@" \
        "$D/server-1b.log" || fail "$name: rank 2 not awaited: $(cat "$D/server-1b.log")"
}

# stops PID within LIMIT seconds of SIGTERM, with status 0.
stops_on_term() {
    local pid=$1 limit=$2 what=$3 i=0
    kill -TERM "$pid"
    while kill -0 "$pid" 2> /dev/null; do
        i=$((i + 1))
        [ $i -le $((limit * 20)) ] || fail "$what: still running $limit s after SIGTERM"
        sleep 0.05
    done
    wait "$pid" || fail "$what exited with status $? after SIGTERM"
}

# 2. A new worker 2 while the restored shard awaits the old one.
run_case newcomer 60
wait_for "$D/worker-1.log" "reconnected" 10 || fail "worker 1 did not reconnect"
sleep 0.5
# Workers 0 and 1 are held at the restored shard's gate (rank 2 is awaited
# at its checkpoint clock): SIGTERM must still stop worker 1.
stops_on_term "$W1" 5 "worker 1 held at the gate"
"$WORKER" --cluster "$CLUSTER" --rank 1 --workers 3 --model lsq \
    --seconds 120 --batch 16 --log "$D/worker-1b.csv" 2> "$D/worker-1b.log" &
W1=$!
PIDS="$PIDS $!"
"$WORKER" --cluster "$CLUSTER" --rank 2 --workers 3 --model lsq \
    --seconds 120 --batch 16 --log "$D/worker-2b.csv" 2> "$D/worker-2b.log" &
W2=$!
PIDS="$PIDS $!"
i=0
while [ "$( { wc -l < "$D/worker-2b.csv"; } 2>/dev/null || echo 0)" -lt 50 ]; do
    i=$((i + 1))
    [ $i -lt 600 ] || fail "new worker 2 did not train: $(tail -3 "$D/worker-2b.log")"
    sleep 0.05
done
FIRST=$(first_clock "$D/worker-2b.csv")
echo "# worker 0 was at clock $KILLED_AT when worker 2 died; the new worker 2 started at $FIRST"
[ "$FIRST" -ge $((KILLED_AT / 2)) ] ||
    fail "the new worker 2 started at clock $FIRST, not at the cluster's ($KILLED_AT or later)"
for w in "$W0" "$W1" "$W2"; do
    stops_on_term "$w" 5 "worker $w"
done
for s in "$S0" "$S1"; do
    kill -TERM "$s"
    wait "$s" || fail "server $s exited with status $?"
done

# moves_on: rank 2 given up on, and worker 0 trains on; then all stop.
moves_on() {
    wait_for "$D/server-1b.log" "worker 2 did not come back within --rejoin-grace" 10 ||
        fail "$1: rank 2 still awaited: $(cat "$D/server-1b.log")"
    local at i=0
    at=$(clock_of "$D/worker-0.csv")
    while [ "$(clock_of "$D/worker-0.csv")" -lt $((at + 100)) ]; do
        i=$((i + 1))
        [ $i -lt 400 ] || fail "$1: worker 0 stuck at clock $(clock_of "$D/worker-0.csv") after the grace: $(tail -3 "$D/worker-0.log")"
        sleep 0.05
    done
    for w in "$W0" "$W1"; do
        stops_on_term "$w" 5 "$1: worker $w"
    done
    for s in "$S0" "$S1"; do
        kill -TERM "$s"
        wait "$s" || fail "$1: server $s exited with status $?"
    done
}

# 3. Nobody comes back for rank 2: given up on after the grace.
run_case grace 2
moves_on grace

# 4. Shard 1 restarted without a checkpoint to restore.
run_case fresh 2
kill -KILL "$S1"
wait "$S1" 2> /dev/null || true
rm -rf "$D/ckpt-1"
"$SERVER" --listen "$(echo "$CLUSTER" | cut -d, -f2)" --shard 1 "${SARGS[@]}" \
    2> "$D/server-1b.log" &
S1=$!
PIDS="$PIDS $!"
wait_for "$D/server-1b.log" "the cluster formed before this shard started" 10 ||
    fail "fresh: the shard did not learn that the cluster had formed: $(cat "$D/server-1b.log")"
moves_on fresh
echo "ok"
