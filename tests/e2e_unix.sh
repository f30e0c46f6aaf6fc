#!/bin/bash
# SPDX-License-Identifier: MIT
# unix: addresses, for shards and workers on one host. Two shards listen on
# socket files (mode 0600) and a worker and taups-ctl reach them by path;
# the trained model must match the same run over TCP (lsq, full batch, one
# worker: deterministic), and the bench must move data over them. A socket
# file left by a dead shard is replaced, a live shard's is not, a regular
# file is not, and a stopped shard removes its own.
. "$(dirname "$0")/lib.sh"
BENCH=$B/tools/taups-bench
S0=unix:$WORK/s0 S1=unix:$WORK/s1
UC=$S0,$S1

run_shards() { # CLUSTER TAG
    local i=0 addr
    SPIDS=""
    for addr in $(echo "$1" | tr , ' '); do
        "$SERVER" --listen "$addr" --cluster "$1" --shard $i --workers 1 --lr 0.2 \
            --stats-every 0 2> "$WORK/$2-$i.log" &
        SPIDS="$SPIDS $!"
        PIDS="$PIDS $!"
        wait_for "$WORK/$2-$i.log" "listening on" 10 || fail "$2 shard $i: $(cat "$WORK/$2-$i.log")"
        i=$((i + 1))
    done
}
stop_shards() {
    for p in $SPIDS; do kill -TERM "$p"; done
    for p in $SPIDS; do wait "$p" || fail "a shard exited $?"; done
}

run_shards "$UC" unix
grep -q "listening on unix:$WORK/s0 as shard 0 of 2" "$WORK/unix-0.log" || fail "listen line: $(cat "$WORK/unix-0.log")"
[ "$(stat -c %a "$WORK/s0")" = 600 ] || fail "socket mode $(stat -c %a "$WORK/s0"), expected 600"
"$WORKER" --cluster "$UC" --rank 0 --workers 1 --model lsq --full-batch \
    --iterations 50 2> "$WORK/wu.log" || fail "worker over unix: $(cat "$WORK/wu.log")"
"$CTL" --cluster "$UC" dump w "$WORK/unix.npy" 2> /dev/null || fail "dump over unix"
"$CTL" --cluster "$UC" stats > "$WORK/stats.txt" || fail "stats over unix"
grep -q "shard 1 at unix:$WORK/s1" "$WORK/stats.txt" || fail "stats: $(cat "$WORK/stats.txt")"
grep -q "unix peer pid [0-9]*: hello from worker 0" "$WORK/unix-0.log" || fail "peer name: $(cat "$WORK/unix-0.log")"
TMPDIR=$WORK "$BENCH" --transport unix --shards 2 --ops push,pull --min-size 64K \
    --max-size 64K --rounds 1 --min-time 0.05 > "$WORK/bench.txt" 2>&1 ||
    fail "bench over unix: $(cat "$WORK/bench.txt")"
grep -q "2 shard(s) at unix:$WORK/taups-bench-" "$WORK/bench.txt" || fail "bench: $(cat "$WORK/bench.txt")"
! ls -d "$WORK"/taups-bench-* > /dev/null 2>&1 || fail "the bench left its socket directory"

# A second shard on a live shard's path is refused, a regular file is not
# replaced.
set +e
out=$("$SERVER" --listen "$S0" --workers 1 2>&1)
rc=$?
set -e
[ $rc != 0 ] && echo "$out" | grep -q "cannot listen on $S0: address already in use" ||
    fail "a live shard's socket was taken over: $out"
echo data > "$WORK/plain"
set +e
out=$("$SERVER" --listen "unix:$WORK/plain" --workers 1 2>&1)
rc=$?
set -e
[ $rc != 0 ] && [ "$(cat "$WORK/plain")" = data ] || fail "a regular file was replaced: $out"
stop_shards
[ ! -e "$WORK/s0" ] && [ ! -e "$WORK/s1" ] || fail "a stopped shard left its socket file"

# The same run over TCP: the same model, bit for bit.
T0=127.0.0.1:$(free_port) T1=127.0.0.1:$(free_port)
run_shards "$T0,$T1" tcp
"$WORKER" --cluster "$T0,$T1" --rank 0 --workers 1 --model lsq --full-batch \
    --iterations 50 2> "$WORK/wt.log" || fail "worker over tcp: $(cat "$WORK/wt.log")"
"$CTL" --cluster "$T0,$T1" dump w "$WORK/tcp.npy" 2> /dev/null || fail "dump over tcp"
stop_shards
cmp "$WORK/unix.npy" "$WORK/tcp.npy" || fail "the model trained over unix: differs from the one over TCP"

# A socket file left by a shard killed with SIGKILL is replaced.
"$SERVER" --listen "$S0" --workers 1 --stats-every 0 2> "$WORK/k.log" &
kp=$!
PIDS="$PIDS $kp"
wait_for "$WORK/k.log" "listening on" 10 || fail "kill run: $(cat "$WORK/k.log")"
kill -KILL $kp
wait $kp 2> /dev/null || true
[ -S "$WORK/s0" ] || fail "SIGKILL removed the socket file?"
run_shards "$S0" again
grep -q "replaced the socket file of a shard that is no longer listening" "$WORK/again-0.log" ||
    fail "stale socket: $(cat "$WORK/again-0.log")"
stop_shards

# Bad addresses are named.
set +e
out=$("$SERVER" --listen unix: --workers 1 2>&1)
set -e
echo "$out" | grep -q 'a unix: address needs a path of 1 to 107 bytes' || fail "empty path: $out"
echo "# unix: 2 shards, worker, ctl and bench by path; same model as over TCP; stale socket replaced"
exit 0
