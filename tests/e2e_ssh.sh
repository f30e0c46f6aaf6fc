#!/bin/bash
# SPDX-License-Identifier: MIT
# taups-launch --hosts FILE over real ssh: two "hosts" are network
# namespaces, each with a real sshd of its own (key login only), joined with
# this host by a bridge in a third namespace. 2 shards and 2 workers train
# least squares there (one pause fault acting on a remote worker), the
# evaluator here; the run must converge, record the placement in run.json
# and bring both worker CSVs back. A host without an sshd must fail the
# start with exit status 1, quickly, naming the host. Afterwards no taups
# process, sshd, namespace or link of the test may remain. Needs root and
# /usr/sbin/sshd: skipped (exit 77, not a pass) without them.
. "$(dirname "$0")/lib.sh"

if [ "$(id -u)" != 0 ]; then
    echo "# SKIP: e2e_ssh needs root to create network namespaces"
    exit 77
fi
for p in /usr/sbin/sshd ssh ssh-keygen; do
    command -v "$p" >/dev/null ||
        { echo "# SKIP: e2e_ssh needs $p (apt-get install openssh-server)"; exit 77; }
done

tag=tssh$$
NS_SW=$tag-sw
NS_A=$tag-a
NS_B=$tag-b
VETH=$tag # this host's end of its link to the bridge
net=10.198.$(( $$ % 250 + 1 ))
ADDR_HERE=$net.1
ADDR_A=$net.2
ADDR_B=$net.3
SSHD_PIDS=""

teardown() {
    local p ns
    for p in $SSHD_PIDS; do
        kill -TERM "$p" 2>/dev/null || true
    done
    for ns in $NS_A $NS_B $NS_SW; do
        if ip netns list | grep -q "^$ns\b"; then
            # Session sshds and anything else the test left in there.
            for p in $(ip netns pids "$ns" 2>/dev/null); do
                kill -KILL "$p" 2>/dev/null || true
            done
            ip netns delete "$ns" 2>/dev/null || true
        fi
    done
    ip link delete "$VETH" 2>/dev/null || true
    for p in $SSHD_PIDS; do
        kill -KILL "$p" 2>/dev/null || true
    done
    SSHD_PIDS=""
}
trap 'teardown; cleanup' EXIT
trap 'exit 1' INT TERM HUP

netns_add "$NS_SW" e2e_ssh

# The network: hosts a and b and this host on one bridge, one /24.
ipq() { ip "$@" || fail "ip $*"; }
ipq -n "$NS_SW" link add br0 type bridge
ipq -n "$NS_SW" link set br0 up
ipq link add "$VETH" type veth peer name here netns "$NS_SW"
ipq -n "$NS_SW" link set here master br0 up
ipq addr add "$ADDR_HERE/24" dev "$VETH"
ipq link set "$VETH" up
for h in a b; do
    ns=$tag-$h
    [ $h = a ] && addr=$ADDR_A || addr=$ADDR_B
    ipq netns add "$ns"
    ipq -n "$ns" link set lo up
    ipq -n "$NS_SW" link add "p$h" type veth peer name eth0 netns "$ns"
    ipq -n "$NS_SW" link set "p$h" master br0 up
    ipq -n "$ns" addr add "$addr/24" dev eth0
    ipq -n "$ns" link set eth0 up
done

# One host key and one client key; root may log in with the key only.
ssh-keygen -q -t ed25519 -N '' -f "$WORK/host_key" || fail "ssh-keygen (host)"
ssh-keygen -q -t ed25519 -N '' -f "$WORK/id" || fail "ssh-keygen (client)"
cp "$WORK/id.pub" "$WORK/authorized_keys"
mkdir -p /run/sshd # sshd's privilege separation directory

# start_sshd NS ADDR PORT: an sshd in NS listening on ADDR:PORT.
start_sshd() {
    local conf=$WORK/sshd-$1.conf i=0
    cat > "$conf" <<EOF
ListenAddress $2
Port $3
HostKey $WORK/host_key
AuthorizedKeysFile $WORK/authorized_keys
PidFile $WORK/sshd-$1.pid
StrictModes no
UsePAM no
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
EOF
    ip netns exec "$1" /usr/sbin/sshd -D -e -f "$conf" 2> "$WORK/sshd-$1.log" &
    SSHD_PIDS="$SSHD_PIDS $!"
    while ! ip netns exec "$1" ss -Htln "sport = :$3" | grep -q .; do
        i=$((i + 1))
        [ $i -le 100 ] || fail "sshd in $1 did not listen: $(cat "$WORK/sshd-$1.log")"
        sleep 0.05
    done
}
# Host a on the default port 22, host b on another (its ssh-port= key).
start_sshd "$NS_A" "$ADDR_A" 22
start_sshd "$NS_B" "$ADDR_B" 2200

SSH="ssh -F /dev/null -i $WORK/id -o UserKnownHostsFile=/dev/null -o StrictHostKeyChecking=no -o BatchMode=yes -o ConnectTimeout=5"
$SSH root@"$ADDR_A" true 2> "$WORK/ssh-probe.err" ||
    fail "cannot ssh to $ADDR_A: $(cat "$WORK/ssh-probe.err"; cat "$WORK/sshd-$NS_A.log")"

# leftovers: taups processes that reached for this test's subnet, and the
# ssh processes that started them.
leftovers() {
    ps -eo pid=,args= | grep -E "taups-(server|worker).*$net\." | grep -v grep || true
}
# gone WHAT: the run's processes end within 30 s. A remote session whose
# ssh the launcher has just killed unwinds on its own (its wrapper sees its
# stdin close), which on a busy machine takes a moment after the launcher
# exits.
gone() {
    local i=0
    while [ -n "$(leftovers)" ]; do
        i=$((i + 1))
        [ $i -le 300 ] || fail "$1: processes left after 30 s: $(leftovers)"
        sleep 0.1
    done
}
# remote_procs: only the programs themselves.
remote_procs() {
    leftovers | awk '$2 ~ /\/taups-(server|worker)$/'
}

# (1) Training on both hosts, 6000 iterations each (about 3 s on an idle
# machine; iterations rather than seconds, so that a busy machine does not
# end the run less converged), with worker 0 paused for 0.5 s.
cat > "$WORK/hosts" <<EOF
# two namespaces with an sshd each
root@$ADDR_A   workdir=$WORK/on-a
root@$ADDR_B ssh-port=2200 workdir=$WORK/on-b   # b
EOF
out=$WORK/run
RC=0
timeout -s KILL 60 "$LAUNCH" --hosts "$WORK/hosts" --ssh "$SSH" \
    --model lsq --cond 100 --shards 2 --workers 2 --iterations 6000 --lr 0.3 \
    --eval-every 100 --no-plot --timeout 45 --fault pause:0:0.5:0.5 \
    --out "$out" > "$WORK/launch.out" 2>&1 || RC=$?
[ $RC = 0 ] || { cat "$WORK/launch.out"; fail "launcher exited $RC"; }
final=$(tail -1 "$out/eval.csv" | cut -d, -f4)
echo "# final rel_err $final"
awk -v e="$final" 'BEGIN { exit !(e < 1e-3) }' || fail "rel_err $final >= 1e-3"
grep -q "listening on $ADDR_A:7070" "$out/server-0.log" ||
    fail "server-0 not on host a: $(head -5 "$out/server-0.log")"
grep -q "listening on $ADDR_B:7071" "$out/server-1.log" ||
    fail "server-1 not on host b: $(head -5 "$out/server-1.log")"
j=$out/run.json
grep -q '"mode": "ssh"' "$j" || fail "run.json lacks mode ssh"
# host_json ADDR: that host's entry of run.json, on one line.
host_json() {
    tr -d '\n' < "$j" | grep -o "{\"dest\": \"root@$1\"[^}]*}"
}
host_json "$ADDR_A" | grep -q "\"ssh_port\": 22,.*\"processes\": \[\"server-0\", \"worker-0\"\]" ||
    fail "run.json: host a's placement: $(host_json "$ADDR_A")"
host_json "$ADDR_B" | grep -q "\"ssh_port\": 2200,.*\"processes\": \[\"server-1\", \"worker-1\"\]" ||
    fail "run.json: host b's placement: $(host_json "$ADDR_B")"
grep -q '"local": \["evaluator"\]' "$j" || fail "run.json: evaluator not local"
grep -q '"result": "paused worker-0, resumed after' "$j" ||
    fail "pause fault on the remote worker: $(grep '"spec"' "$j")"
for r in 0 1; do
    csv=$out/worker-$r.csv
    [ -f "$csv" ] || fail "worker-$r.csv was not copied back"
    head -1 "$csv" | grep -q '^time_s,' || fail "worker-$r.csv header: $(head -2 "$csv")"
    rows=$(grep -c '^[0-9]' "$csv" || true)
    [ "$rows" -gt 100 ] || fail "worker-$r.csv has $rows rows"
    [ "$(grep -vc '^[0-9]' "$csv")" = 1 ] || fail "worker-$r.csv has foreign lines"
done
cmp -s "$out/worker-0.csv" "$WORK/on-a/worker-0.csv" || fail "worker-0.csv differs from host a's"
for pid in $(grep -o '"remote_pid": [0-9]*' "$j" | cut -d' ' -f2); do
    [ ! -e "/proc/$pid" ] || fail "remote process $pid survived"
done
[ "$(grep -c '"remote_pid": [0-9]' "$j")" = 4 ] || fail "run.json lacks remote pids"
[ -z "$(leftovers)" ] || fail "processes left: $(leftovers)"
echo "# converged on 2 hosts over ssh; CSVs copied back; nothing left"

# (2) A host with no sshd (this host, by name, a closed port): exit 1
# within the ssh connect, the host named, the other server stopped.
closed=$(free_port)
cat > "$WORK/hosts-bad" <<EOF
root@$ADDR_A workdir=$WORK/on-a
root@localhost ssh-port=$closed roles=server
EOF
RC=0
start=$SECONDS
timeout -s KILL 30 "$LAUNCH" --hosts "$WORK/hosts-bad" --ssh "$SSH" \
    --model lsq --shards 2 --workers 1 --no-plot --timeout 25 \
    --out "$WORK/bad" > "$WORK/bad.out" 2>&1 || RC=$?
took=$((SECONDS - start))
[ $RC = 1 ] || fail "unreachable host: exit $RC, expected 1: $(cat "$WORK/bad.out")"
# Before its --timeout 25: the failure ends the run, it is not waited out.
[ $took -lt 25 ] || fail "unreachable host took $took s, its whole --timeout"
grep -q "server-1.*ssh to root@localhost port $closed failed" "$WORK/bad.out" ||
    fail "the failure does not name the host: $(cat "$WORK/bad.out")"
# A host by name is reached by its name but listens on every address,
# since its own name may resolve to loopback there (Debian's 127.0.1.1);
# one by address listens on it.
args=$(tr -d '\n ' < "$WORK/bad/run.json")
echo "$args" | grep -q '"--listen","0.0.0.0:7071","--cluster","'"$ADDR_A"':7070,localhost:7071"' ||
    fail "server-1 by name: $(grep -A3 -- '--listen' "$WORK/bad/run.json")"
echo "$args" | grep -q '"--listen","'"$ADDR_A"':7070"' ||
    fail "server-0 by address: $(grep -A3 -- '--listen' "$WORK/bad/run.json")"
grep -q "Connection refused" "$WORK/bad.out" ||
    fail "ssh's reason is not shown: $(cat "$WORK/bad.out")"
grep -q '"outcome": "startup_failed"' "$WORK/bad/run.json" ||
    fail "outcome: $(grep outcome "$WORK/bad/run.json")"
gone "unreachable host"
echo "# unreachable host: exit 1 after $took s, named"

# (3) A host without the programs where bindir= says.
cat > "$WORK/hosts-nobin" <<EOF
root@$ADDR_A workdir=$WORK/on-a bindir=/nonexistent
EOF
RC=0
timeout -s KILL 30 "$LAUNCH" --hosts "$WORK/hosts-nobin" --ssh "$SSH" \
    --model lsq --shards 1 --workers 1 --no-plot --timeout 25 \
    --out "$WORK/nobin" > "$WORK/nobin.out" 2>&1 || RC=$?
[ $RC = 1 ] || fail "missing program: exit $RC, expected 1: $(cat "$WORK/nobin.out")"
grep -q "server-0.*on root@$ADDR_A: program not found there" "$WORK/nobin.out" ||
    fail "missing program not explained: $(cat "$WORK/nobin.out")"
echo "# missing remote program: exit 1, named"

# (4) A kill fault reaches the remote worker: the run still completes.
cat > "$WORK/hosts-kill" <<EOF
root@$ADDR_B ssh-port=2200 workdir=$WORK/on-b
EOF
RC=0
timeout -s KILL 40 "$LAUNCH" --hosts "$WORK/hosts-kill" --ssh "$SSH" \
    --model lsq --shards 1 --workers 2 --seconds 3 --no-plot --timeout 30 \
    --fault kill:1:1 --out "$WORK/kill" > "$WORK/kill.out" 2>&1 || RC=$?
[ $RC = 0 ] || fail "kill run: exit $RC: $(cat "$WORK/kill.out")"
grep -q '"result": "killed worker-1"' "$WORK/kill/run.json" ||
    fail "kill fault: $(grep '"spec"' "$WORK/kill/run.json")"
tr -d '\n' < "$WORK/kill/run.json" | grep -q '"name": "worker-1"[^}]*"signal": 9, "killed_by_launcher": false, "killed_by_fault": true' ||
    fail "worker-1 was not killed by the fault: $(grep -A3 '"name": "worker-1"' "$WORK/kill/run.json")"
gone "kill fault"
echo "# kill fault on a remote worker: killed, run completed"

# (5) A launcher killed outright: its ssh children die with it, and the
# remote processes follow when their connections close.
"$LAUNCH" --hosts "$WORK/hosts" --ssh "$SSH" --model lsq --shards 2 \
    --workers 2 --seconds 30 --no-plot --out "$WORK/dead" \
    > "$WORK/dead.out" 2>&1 &
lpid=$!
PIDS="$PIDS $lpid"
for r in 0 1; do
    wait_for "$WORK/dead/worker-$r.log" 'connected to' 15 ||
        fail "worker-$r did not start: $(cat "$WORK/dead.out")"
done
# 2 servers and 2 workers there, and the evaluator here.
[ "$(remote_procs | wc -l)" = 5 ] || fail "not 5 processes while running: $(leftovers)"
kill -KILL "$lpid"
{ wait "$lpid"; } 2>/dev/null || true
i=0
while [ -n "$(leftovers)" ]; do
    i=$((i + 1))
    [ $i -le 100 ] || fail "remote processes outlived the launcher by 10 s: $(leftovers)"
    sleep 0.1
done
echo "# launcher killed: remote processes gone after $((i / 10)).$((i % 10)) s"

# Everything of the test goes; check that it did.
sshd_pids=$SSHD_PIDS
teardown
sleep 0.2
for p in $sshd_pids; do
    [ ! -e "/proc/$p" ] || fail "sshd $p survived"
done
ip netns list | grep -q "^$tag-" && fail "namespaces survived: $(ip netns list)"
ip -o link show | grep -q "$tag" && fail "links survived: $(ip -o link show | grep "$tag")"
[ -z "$(leftovers)" ] || fail "processes left: $(leftovers)"
echo "e2e_ssh: 5 passed, 0 failed"
