#!/bin/bash
# SPDX-License-Identifier: MIT
# The systemd units as shipped: systemd-analyze verify accepts them (when
# it is installed) and the man pages their Documentation= names (taups'
# own, from this build), and their own ExecStart lines, run with this test
# as the service manager (a NOTIFY_SOCKET of its own, no system manager),
# start a shard and a worker from deploy/cluster.conf plus a per-instance
# file: READY=1 from both, the worker's run ends with exit 0, and the shard
# stops on SIGTERM with STOPPING=1 and exit 0. Under DynamicUser= every
# instance runs as a user of its own and systemd re-owns its StateDirectory
# when it starts it, so no two instances (shards 0 and 1, workers 0 and 1)
# may have one directory, or one inside another's.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || { echo "# python3 is missing: skipped"; exit 77; }
D=$(dirname "$0")/../deploy
LISTEN=$(dirname "$0")/notify_listen.py
mkdir -p "$WORK/units" "$WORK/etc"
for u in server worker; do
    sed -e "s|@bindir@/taups-server|$SERVER|; s|@bindir@/taups-worker|$WORKER|" \
        "$D/taups-$u@.service.in" > "$WORK/units/taups-$u@.service"
done
cp "$D/taups.target" "$WORK/units/"
for u in "taups-server@.service" "taups-worker@.service" taups.target; do
    grep '^Documentation=' "$WORK/units/$u" | tr ' ' '\n' | sed 's/^Documentation=//' |
        grep -v '^man:taups' && fail "$u documents itself with pages other than taups'"
done
if command -v systemd-analyze >/dev/null; then
    # verify looks up every man: page of Documentation=: taups' own, from
    # this build.
    mkdir -p "$WORK/man/man1" "$WORK/man/man7"
    ln -s "$B"/docs/*.1 "$WORK/man/man1/"
    ln -s "$(cd "$(dirname "$0")/.." && pwd)/docs/taups.7" "$WORK/man/man7/"
    MANPATH=$WORK/man systemd-analyze verify "$WORK/units/taups-server@0.service" \
        "$WORK/units/taups-worker@0.service" "$WORK/units/taups.target" \
        > "$WORK/verify.log" 2>&1 || fail "systemd-analyze verify: $(cat "$WORK/verify.log")"
    for u in server worker; do
        systemd-analyze security --offline=yes "$WORK/units/taups-$u@0.service" 2>&1 |
            grep 'Overall exposure' | sed 's/^/# /'
    done
else
    echo "# systemd-analyze is not installed: units not verified"
fi

# The example cluster.conf, pointed at loopback; the per-instance file wins.
port=$(free_port)
sed -e "s|^cluster = .*|cluster = \"127.0.0.1:$port\"|" -e 's|^workers = .*|workers = 1|' \
    "$D/cluster.conf" > "$WORK/etc/cluster.conf"
printf 'worker-model = lsq   # this host trains the small problem\nseconds=3\n' \
    > "$WORK/etc/worker-0.conf"

# The cluster's key, as the service manager hands it over: LoadCredential
# copies /etc/taups/cluster.key into $CREDENTIALS_DIRECTORY, readable by
# the service alone.
for u in server worker; do
    grep -q '^LoadCredential=cluster.key:/etc/taups/cluster.key$' "$WORK/units/taups-$u@.service" ||
        fail "taups-$u@.service does not load the key as a credential"
done
mkdir -p "$WORK/creds"
"$CTL" keygen "$WORK/creds/cluster.key"
chmod 400 "$WORK/creds/cluster.key"

# state_dir UNIT INSTANCE: the unit's StateDirectory= for that instance.
state_dir() {
    sed -n 's/^StateDirectory=//p' "$WORK/units/taups-$1@.service" | sed "s|%i|$2|g"
}
dirs=""
for u in server worker; do
    for i in 0 1; do
        d=$(state_dir $u $i)
        [ -n "$d" ] && [ "$(echo "$d" | wc -w)" = 1 ] ||
            fail "taups-$u@$i: StateDirectory= is not one directory: '$d'"
        for other in $dirs; do
            case "$d/" in "$other/"*) fail "taups-$u@$i: StateDirectory=$d is $other's, or inside it" ;; esac
            case "$other/" in "$d/"*) fail "taups-$u@$i: StateDirectory=$d holds $other" ;; esac
        done
        dirs="$dirs $d"
    done
done
# systemd makes them before ExecStart runs.
mkdir -p "$WORK/state/$(state_dir server 0)" "$WORK/state/$(state_dir worker 0)"

# ExecStart of a unit for instance 0, with the paths of this test: the
# state directory under $WORK/state as systemd makes it under /var/lib.
exec_start() {
    sed -n 's/^ExecStart=//p' "$WORK/units/taups-$1@.service" |
        sed -e "s|%i|0|g" -e "s|/etc/taups/|$WORK/etc/|g" \
            -e "s|\${STATE_DIRECTORY}|$WORK/state/$(state_dir "$1" 0)|g" \
            -e "s|\${CREDENTIALS_DIRECTORY}|$WORK/creds|g"
}
notify() { # NAME
    python3 "$LISTEN" "$WORK/$1.sock" "$WORK/$1.notify" 60 &
    PIDS="$PIDS $!"
    wait_for "$WORK/$1.notify" listening 10 || fail "notify listener $1 did not start"
}

notify server
# shellcheck disable=SC2046
NOTIFY_SOCKET="$WORK/server.sock" $(exec_start server) 2> "$WORK/server.log" &
spid=$!
PIDS="$PIDS $spid"
wait_for "$WORK/server.notify" "READY=1" 10 || fail "no READY=1 from the shard: $(cat "$WORK/server.log")"
grep -q "max-staleness=8" "$WORK/server.log" || fail "cluster.conf's server-* keys not applied: $(cat "$WORK/server.log")"

notify worker
rc=0
# shellcheck disable=SC2046
NOTIFY_SOCKET="$WORK/worker.sock" $(exec_start worker) 2> "$WORK/worker.log" || rc=$?
[ $rc = 0 ] || fail "worker exited $rc: $(cat "$WORK/worker.log")"
grep -q "READY=1" "$WORK/worker.notify" || fail "no READY=1 from the worker"
[ -s "$WORK/state/$(state_dir worker 0)/worker-0.csv" ] ||
    fail "no worker CSV in the state directory: $(find "$WORK/state")"

kill -TERM "$spid"
rc=0
wait "$spid" || rc=$?
[ $rc = 0 ] || fail "shard exited $rc on SIGTERM"
wait_for "$WORK/server.notify" "STOPPING=1" 5 || fail "no STOPPING=1 from the shard"
# The unit keeps checkpoints in its state directory; SIGTERM wrote one.
ls "$WORK/state/$(state_dir server 0)"/gen-*.ckpt > /dev/null 2>&1 ||
    fail "no checkpoint in the state directory: $(cat "$WORK/server.log")"
# Under the journal (JOURNAL_STREAM names stderr's device and inode) lines
# carry syslog priorities and no time of their own; elsewhere, the time.
: > "$WORK/journal.log"
rc=0
JOURNAL_STREAM=$(stat -c '%d:%i' "$WORK/journal.log") "$SERVER" --listen 192.0.2.1:7070 --insecure \
    --checkpoint-dir "$WORK/jck" 2>> "$WORK/journal.log" || rc=$?
[ $rc != 0 ] || fail "a shard bound 192.0.2.1"
grep -q '^<6>taups-server\[0\]: checkpoints in ' "$WORK/journal.log" ||
    fail "no <6> info line for the journal: $(cat "$WORK/journal.log")"
grep -q '^<3>taups-server\[0\]: cannot listen on 192.0.2.1:7070' "$WORK/journal.log" ||
    fail "no <3> error line for the journal: $(cat "$WORK/journal.log")"
rc=0
JOURNAL_STREAM=1:1 "$SERVER" --listen 192.0.2.1:7070 --insecure 2> "$WORK/plain.log" || rc=$?
grep -q '^[0-9][0-9]:[0-9][0-9]:[0-9][0-9]\.[0-9]* taups-server\[0\]: cannot listen' "$WORK/plain.log" ||
    fail "stderr that is not the journal lost its timestamps: $(cat "$WORK/plain.log")"
echo "e2e_units: 1 passed, 0 failed"
