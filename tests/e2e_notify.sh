#!/bin/bash
# SPDX-License-Identifier: MIT
# Readiness as systemd sees it, with this test as the service manager (a
# NOTIFY_SOCKET of its own; no system manager is started): the server sends
# READY=1 once it listens, STATUS= lines with live counters, STOPPING=1 on
# SIGTERM and exits 0; the worker sends READY=1 once it has joined every
# shard, and STOPPING=1 when it ends. Config files written as an operator
# writes an EnvironmentFile (export, quotes, comments) drive both.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || { echo "# python3 is missing: skipped"; exit 77; }
LISTEN=$(dirname "$0")/notify_listen.py

listen() { # NAME: a notify socket and its log
    python3 "$LISTEN" "$WORK/$1.sock" "$WORK/$1.notify" 60 &
    PIDS="$PIDS $!"
    wait_for "$WORK/$1.notify" listening 10 || fail "notify listener $1 did not start"
}

port=$(free_port)
cat > "$WORK/cluster.conf" <<CONF
# the cluster, as /etc/taups/cluster.conf would say it
export TAUPS_CLUSTER="127.0.0.1:$port"   # one shard
TAUPS_WORKERS='1'
CONF
printf 'lr = 0.1  # the shard applies it\nstats-every=0\n' > "$WORK/server-0.conf"

listen server
# --listen is left out: a shard listens on its own entry of --cluster.
NOTIFY_SOCKET="$WORK/server.sock" "$SERVER" --config "$WORK/cluster.conf" \
    --config "$WORK/server-0.conf" --config=-"$WORK/absent.conf" --shard 0 \
    2> "$WORK/server.log" &
spid=$!
PIDS="$PIDS $spid"
wait_for "$WORK/server.notify" "READY=1" 10 || fail "no READY=1 from the server: $(cat "$WORK/server.log")"
grep -q "lr=0.1" "$WORK/server.log" || fail "server-0.conf not applied: $(cat "$WORK/server.log")"

listen worker
NOTIFY_SOCKET="$WORK/worker.sock" "$WORKER" --config "$WORK/cluster.conf" \
    --rank 0 --model lsq --seconds 5 2> "$WORK/worker.log" &
wpid=$!
PIDS="$PIDS $wpid"
wait_for "$WORK/worker.notify" "READY=1" 10 || fail "no READY=1 from the worker: $(cat "$WORK/worker.log")"
wait_for "$WORK/server.notify" "STATUS=.*pushes/s, 1 worker live" 10 \
    || fail "no STATUS= with live counters: $(cat "$WORK/server.notify")"
wait "$wpid" || fail "worker failed: $(cat "$WORK/worker.log")"
wait_for "$WORK/worker.notify" "STOPPING=1" 5 || fail "no STOPPING=1 from the worker"

kill -TERM "$spid"
rc=0
wait "$spid" || rc=$?
[ $rc = 0 ] || fail "server exited $rc on SIGTERM"
wait_for "$WORK/server.notify" "STOPPING=1" 5 || fail "no STOPPING=1 from the server"
echo "# server: $(grep -c STATUS= "$WORK/server.notify") STATUS lines"
echo "e2e_notify: 1 passed, 0 failed"
