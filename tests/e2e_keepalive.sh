#!/bin/bash
# SPDX-License-Identifier: MIT
# A path that silently drops every packet, between a worker and its shard
# in two network namespaces of this test's own: the worker's call must not
# wait forever. With --keepalive 2 on both sides, the worker notices within
# seconds, tries to reconnect for --reconnect-timeout and exits non-zero
# naming the lost shard; the shard counts the worker as gone. Needs root:
# skipped (exit 77, not a pass) without it.
. "$(dirname "$0")/lib.sh"

if [ "$(id -u)" != 0 ]; then
    echo "SKIP: e2e_keepalive needs root to create network namespaces"
    exit 77
fi
NA=tpska-$$ NB=tpskb-$$
netns_add "$NA" e2e_keepalive
ip netns add "$NB"
teardown() {
    ip netns pids "$NA" 2> /dev/null | xargs -r kill -KILL 2> /dev/null || true
    ip netns pids "$NB" 2> /dev/null | xargs -r kill -KILL 2> /dev/null || true
    ip netns delete "$NA" 2> /dev/null || true
    ip netns delete "$NB" 2> /dev/null || true
    cleanup
}
trap teardown EXIT
NET=10.252.$(($$ % 250))
ip link add "va$$" netns "$NA" type veth peer name "vb$$" netns "$NB"
ip -n "$NA" addr add "$NET.1/30" dev "va$$"
ip -n "$NB" addr add "$NET.2/30" dev "vb$$"
ip -n "$NA" link set "va$$" up
ip -n "$NB" link set "vb$$" up

ADDR=$NET.1:$(free_port)
ip netns exec "$NA" "$SERVER" --listen "$ADDR" --cluster "$ADDR" --shard 0 \
    --workers 1 --mode async --lr 0.1 --insecure --keepalive 2 --stats-every 0 \
    2> "$WORK/server.log" &
SPID=$!
PIDS="$PIDS $SPID"
wait_for "$WORK/server.log" "listening on" 10 || fail "server did not start: $(cat "$WORK/server.log")"
ip netns exec "$NB" "$WORKER" --cluster "$ADDR" --rank 0 --workers 1 --model lsq \
    --seconds 120 --keepalive 2 --reconnect-timeout 2000 \
    --log "$WORK/worker.csv" 2> "$WORK/worker.log" &
WPID=$!
PIDS="$PIDS $WPID"
i=0
while [ "$( { wc -l < "$WORK/worker.csv"; } 2> /dev/null || echo 0)" -lt 100 ]; do
    i=$((i + 1))
    [ $i -lt 400 ] || fail "worker did not train: $(cat "$WORK/worker.log")"
    sleep 0.05
done

# The shard's end goes down: what the worker sends is dropped on the way,
# and nothing comes back; no FIN, no RST.
ip -n "$NA" link set "va$$" down
T0=$(date +%s)
i=0
while kill -0 "$WPID" 2> /dev/null; do
    i=$((i + 1))
    [ $i -le 600 ] || fail "worker still waiting 30 s after the path went: $(tail -3 "$WORK/worker.log")"
    sleep 0.05
done
RC=0
wait "$WPID" || RC=$?
echo "# the worker ended $(( $(date +%s) - T0 )) s after the path went, status $RC"
[ $RC != 0 ] || fail "worker exited 0 although its shard was lost"
grep -q "shard 0 at $ADDR: lost, and cannot reconnect" "$WORK/worker.log" ||
    fail "the worker did not say which shard was lost: $(tail -5 "$WORK/worker.log")"
wait_for "$WORK/server.log" "worker 0 left" 30 ||
    fail "the shard still counts the worker: $(tail -5 "$WORK/server.log")"
kill -TERM "$SPID"
wait "$SPID" || fail "server exited with status $?"
echo ok
