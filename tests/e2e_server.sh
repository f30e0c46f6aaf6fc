#!/bin/bash
# SPDX-License-Identifier: MIT
# The server as a process: clear errors for bad options, a clean exit 0 on
# SIGTERM and SIGINT with every connection closed, hostile bytes answered
# and survived, and an unreachable shard reported by the worker with its
# index, address and cause.
. "$(dirname "$0")/lib.sh"

# Bad options name what was wrong and exit 2.
set +e
out=$("$SERVER" --listen 127.0.0.1:1 --lr nope 2>&1); rc=$?
set -e
[ $rc = 2 ] || fail "bad --lr: exit $rc"
echo "$out" | grep -q -- '--lr: "nope" is not a number' || fail "bad --lr message: $out"
set +e
out=$("$SERVER" --listen 127.0.0.1:1 --cluster 127.0.0.1:1 --shard 3 2>&1); rc=$?
set -e
[ $rc != 0 ] || fail "--shard 3 of 1 accepted"
echo "$out" | grep -q "outside the cluster's 1 shards" || fail "shard message: $out"
"$SERVER" --help | grep -q -- "--max-payload" || fail "--help lacks options"

for sig in TERM INT; do
    port=$(free_port)
    "$SERVER" --listen 127.0.0.1:$port --cluster 127.0.0.1:$port --workers 1 \
        2> "$WORK/server.log" &
    pid=$!
    PIDS="$PIDS $pid"
    wait_for "$WORK/server.log" "listening on" 10 || fail "server did not start"
    # A worker connected while the signal arrives. It tries to reconnect to
    # the stopped shard before giving up; two seconds of that, not the
    # default minute, show the same failure.
    "$WORKER" --cluster 127.0.0.1:$port --workers 1 --model lsq --seconds 30 \
        --reconnect-timeout 2000 2> "$WORK/worker.log" &
    wpid=$!
    PIDS="$PIDS $wpid"
    wait_for "$WORK/worker.log" "connected to 1 shards" 10 || fail "worker did not connect"
    # Hostile bytes from a third peer: error reply, that peer closed.
    exec 3<>/dev/tcp/127.0.0.1/$port
    printf 'TPS1\377\377\377\177\0\0\0\0\0\0\0\0' >&3
    reply=$(timeout 5 head -c 4 <&3 || true)
    exec 3<&-
    [ "$reply" = TPS1 ] || fail "no error frame for a hostile preamble"
    kill -$sig $pid
    set +e
    wait $pid; rc=$?
    set -e
    [ $rc = 0 ] || fail "server exit status $rc after SIG$sig"
    grep -q "header length 2147483647 is outside" "$WORK/server.log" || fail "hostile frame not logged"
    grep -q "stopping:.*1 protocol errors" "$WORK/server.log" || fail "no final summary"
    # The worker notices the lost shard and says which one.
    set +e
    wait $wpid; wrc=$?
    set -e
    [ $wrc = 1 ] || fail "worker exit $wrc after its shard went away"
    grep -q "shard 0 at 127.0.0.1:$port" "$WORK/worker.log" || fail "worker error: $(cat "$WORK/worker.log")"
done

# An unreachable shard: bounded retries, then an error naming it.
port=$(free_port)
set +e
out=$("$WORKER" --cluster 127.0.0.1:$port --model lsq --connect-timeout 500 2>&1); rc=$?
set -e
[ $rc = 1 ] || fail "unreachable shard: exit $rc"
echo "$out" | grep -q "shard 0 at 127.0.0.1:$port: cannot connect: connection refused (after [0-9]* tries)" \
    || fail "unreachable message: $out"
echo "e2e_server: 1 passed, 0 failed"
