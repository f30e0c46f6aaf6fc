#!/bin/bash
# SPDX-License-Identifier: MIT
# A shard that comes back under its name at another address, as a shard
# restarted in a new Kubernetes pod does: 2 async shards named taups-s0 and
# taups-s1 in --cluster, one worker training; shard 1 is SIGKILLed, its
# address removed, and it is restarted from its checkpoint at a new address
# that the hosts file now gives its name. The worker must reconnect and
# finish its iterations, and shard 0's link to shard 1 must come up again:
# both look the name up again instead of dialling the old address until
# they give up. Needs root (a network namespace, whose /etc/hosts is
# /etc/netns/NS/hosts under `ip netns exec`): skipped (exit 77) without it.
# The running processes see the edited file because glibc's files backend
# opens /etc/hosts at every lookup and caches nothing (nscd would: skipped).
. "$(dirname "$0")/lib.sh"

if [ "$(id -u)" != 0 ] || ! command -v ip > /dev/null; then
    echo "SKIP: e2e_names needs root and iproute2 to create a network namespace"
    exit 77
fi
# glibc asks nscd first when its socket exists, and nscd answers from the
# machine's /etc/hosts, not the namespace's.
if [ -S /var/run/nscd/socket ]; then
    echo "SKIP: e2e_names: nscd is running and would answer from the machine's /etc/hosts"
    exit 77
fi
NS=tps-names-$$
netns_add "$NS" e2e_names
# The namespace, its hosts file and /etc/netns if this test made it (and
# no one else put a namespace's files there since).
made_etc=0
[ -d /etc/netns ] || made_etc=1
names_cleanup() {
    cleanup
    # Whatever still runs in the namespace is this test's (a shard whose
    # start failed half-way, say).
    ip netns pids "$NS" 2> /dev/null | xargs -r kill -KILL 2> /dev/null || true
    ip netns delete "$NS" 2> /dev/null || true
    rm -rf "/etc/netns/$NS"
    [ $made_etc = 0 ] || rmdir /etc/netns 2> /dev/null || true
}
trap names_cleanup EXIT
in_ns() { ip netns exec "$NS" "$@"; }
# wait_count FILE PATTERN N SECONDS: until N lines of FILE hold PATTERN
# (SECONDS by the clock, however slow each grep is on a busy machine).
wait_count() {
    local end=$((SECONDS + $4))
    while [ "$(grep -c "$2" "$1")" -lt "$3" ]; do
        [ $SECONDS -lt $end ] || return 1
        sleep 0.05
    done
}

# Addresses from TEST-NET-1 on the namespace's loopback: no other process
# shares the namespace, so a fixed port is free, and an address removed
# from it is unreachable at once (no route), as a deleted pod's is.
S0=192.0.2.10 S1=192.0.2.11 S1_NEW=192.0.2.21 PORT=7000
in_ns ip link set lo up
for a in $S0 $S1; do in_ns ip addr add "$a/32" dev lo; done
mkdir -p "/etc/netns/$NS"
HOSTS=/etc/netns/$NS/hosts
# hosts S1ADDR: rewritten in place, never replaced: `ip netns exec` bind-
# mounts this file (this inode) over /etc/hosts of each process it starts.
hosts() {
    printf '127.0.0.1 localhost\n%s taups-s0\n%s taups-s1\n' $S0 "$1" > "$HOSTS"
}
hosts $S1
in_ns getent hosts taups-s1 | grep -q "^$S1 " ||
    fail "taups-s1 does not resolve to $S1 in the namespace: $(in_ns getent hosts taups-s1)"

CLUSTER=taups-s0:$PORT,taups-s1:$PORT
shard() { # I ADDRESS LOG
    # Not in_ns: a function run in the background is a subshell, and $!
    # would be its PID, not the shard's.
    ip netns exec "$NS" "$SERVER" --listen "$2:$PORT" --cluster "$CLUSTER" --shard "$1" \
        --workers 1 --mode async --stats-every 0 --lr 0.05 --insecure \
        --checkpoint-dir "$WORK/ck-$1" --checkpoint-every 0.25 2> "$3" &
    eval "SPID$1=$!"
    PIDS="$PIDS $!"
    wait_for "$3" "listening on" 10 || fail "shard $1 did not start: $(cat "$3")"
}
shard 0 $S0 "$WORK/s0.log"
shard 1 $S1 "$WORK/s1.log"
up="link to shard 1 at taups-s1:$PORT is up"
wait_for "$WORK/s0.log" "$up" 10 || fail "shard 0 never linked to shard 1: $(cat "$WORK/s0.log")"

# At least 4 ms of compute per step: 1000 steps outlast the restart on any
# machine, however fast. --reconnect-timeout bounds a run whose worker
# keeps dialling the old address.
timeout 60 ip netns exec "$NS" "$WORKER" --cluster "$CLUSTER" --rank 0 --workers 1 \
    --model lsq --iterations 1000 --delay const:4 --reconnect-timeout 8000 \
    --seed 7 2> "$WORK/w.log" &
WPID=$!
PIDS="$PIDS $WPID"
# Killed once a checkpoint that knows the worker is written: the restored
# shard then waits for it to rejoin.
wait_for "$WORK/s1.log" "hello from worker 0" 15 ||
    fail "the worker did not reach shard 1: $(tail -3 "$WORK/w.log")"
written="checkpoint generation [0-9]* written"
wait_count "$WORK/s1.log" "$written" $(($(grep -c "$written" "$WORK/s1.log") + 1)) 10 ||
    fail "shard 1 wrote no checkpoint: $(tail -3 "$WORK/s1.log")"
kill -KILL "$SPID1"
wait "$SPID1" 2> /dev/null || true
kill -0 "$WPID" 2> /dev/null || fail "the worker ended before the restart: $(tail -3 "$WORK/w.log")"

in_ns ip addr del $S1/32 dev lo
in_ns ip addr add $S1_NEW/32 dev lo
hosts $S1_NEW
shard 1 $S1_NEW "$WORK/s1b.log"
grep -q "restored checkpoint generation" "$WORK/s1b.log" ||
    fail "shard 1 restored nothing: $(cat "$WORK/s1b.log")"
echo "# shard 1 restarted at $S1_NEW, the name taups-s1 moved with it"

rc=0
wait "$WPID" || rc=$?
[ $rc = 0 ] || fail "the worker exited $rc: $(tail -5 "$WORK/w.log")"
grep -q "stops after 1000 iterations" "$WORK/w.log" ||
    fail "the worker did not finish its iterations: $(tail -5 "$WORK/w.log")"
grep -q "reconnects 1," "$WORK/w.log" ||
    fail "the worker did not reconnect once: $(grep pushes: "$WORK/w.log")"
grep -q "hello from worker 0" "$WORK/s1b.log" ||
    fail "the worker never reached shard 1 at $S1_NEW: $(cat "$WORK/s1b.log")"
echo "# the worker found shard 1 at its new address and finished"

# Shard 0's link: up at the start, and again at the new address.
wait_count "$WORK/s0.log" "$up" 2 10 ||
    fail "shard 0's link to shard 1 did not come up again: $(grep "link to shard 1" "$WORK/s0.log")"
echo "# shard 0's link to shard 1 came up again"
SERVER_PIDS="$SPID0 $SPID1"
stop_servers
echo "e2e_names: 3 passed, 0 failed"
