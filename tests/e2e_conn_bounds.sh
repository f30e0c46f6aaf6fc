#!/bin/bash
# SPDX-License-Identifier: MIT
# What one connection may cost a shard (docs/design.md §11), against real
# taups-server processes, each attack beside a client that must still be
# served:
#  - one pull of a 4M-element tensor in chunks of one element, never read:
#    the shard's peak RSS stays within the measured baseline + one
#    connection's --conn-buffer + one reply, no connection is sent more
#    than 256 reply frames in one turn of the loop, and the memory is
#    returned once the client closes;
#  - the same pull with a short --idle-timeout: the connection whose
#    replies do not move is closed;
#  - 300 connections that never say hello, from ten other addresses and
#    dialled again as soon as they are closed: a worker with the key trains
#    and taups-ctl reads the stats;
#  - held pulls (evaluators' for versions, a worker's at the ssp gate) are
#    each answered by exactly the push or clock that opens its gate;
#  - pipelined CHECKPOINT requests beyond the few a connection may have
#    waiting are refused with a sentence.
# How long the loop was held is reported (#), not asserted.
. "$(dirname "$0")/lib.sh"
ATTACKER=$B/tests/attacker

stat_json() { # ARGS...: the first shard's stats as one JSON object
    "$CTL" --cluster "$CLUSTER" "$@" stats --json |
        python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin)[0]))'
}
rss() { awk -v k="$2" '$1 == k":" { print $2 * 1024 }' "/proc/$1/status"; }
asan=0
if grep -q __asan_init "$SERVER"; then
    asan=1
    echo "# ASan build: RSS bounds are not checked (shadow memory, quarantine)"
fi

# --- 1. a pull in chunks of one element, never read -------------------------
CONNBUF=$((4 << 20))
REPLY=$((16 << 20)) # 4M floats
start_servers 1 1 --conn-buffer $CONNBUF
pid=${SERVER_PIDS# }
"$ATTACKER" "$CLUSTER" - chunk1 4 > "$WORK/a-chunk1" &
apid=$!
wait_for "$WORK/a-chunk1" declared 10 || fail "the attacker did not declare its tensor"
base=$(rss "$pid" VmRSS)
sleep 2
"$WORKER" --cluster "$CLUSTER" --model lsq --iterations 200 > "$WORK/w1.log" 2>&1 ||
    fail "a worker beside the unread pull failed: $(tail -n 3 "$WORK/w1.log")"
json=$(stat_json)
wait $apid
echo "# $(cat "$WORK/a-chunk1" | tail -n 1)"
grep -q "still open" "$WORK/a-chunk1" || fail "chunk1: $(cat "$WORK/a-chunk1")"
hwm=$(rss "$pid" VmHWM)
sleep 1.5
after=$(rss "$pid" VmRSS)
echo "# shard RSS: $((base >> 20)) MiB before, peak $((hwm >> 20)) MiB, $((after >> 20)) MiB after the client closed"
python3 - "$json" <<'PY' || fail "frames per turn: $json"
import json, sys
d = json.loads(sys.argv[1])
print("# loop busy at most %.1f ms; at most %d reply frames to one connection in a turn"
      % (d["loop_busy_max_ms"], d["reply_frames_turn_max"]))
assert 0 < d["reply_frames_turn_max"] <= 256, d["reply_frames_turn_max"]
PY
if [ $asan = 0 ]; then
    # One connection's --conn-buffer and one reply past it, and 8 MiB for
    # the worker's connection and what glibc keeps.
    bound=$((base + CONNBUF + REPLY + (8 << 20)))
    [ "$hwm" -le "$bound" ] || fail "peak RSS $((hwm >> 20)) MiB above $((bound >> 20)) MiB"
    [ "$after" -le $((base + (4 << 20))) ] ||
        fail "RSS $((after >> 20)) MiB after the client closed, $((base >> 20)) MiB before"
fi
stop_servers
echo "ok - an unread pull in 1-element chunks costs one buffer and one reply"

# --- 2. replies that do not move for --idle-timeout --------------------------
start_servers 1 1 --conn-buffer $CONNBUF --idle-timeout 2
"$ATTACKER" "$CLUSTER" - chunk1 5 > "$WORK/a-idle"
grep -q "the shard closed the connection" "$WORK/a-idle" || fail "idle: $(cat "$WORK/a-idle")"
grep -q "replies not read for 2 s (--idle-timeout" "$WORK/server-0.log" ||
    fail "no idle-timeout line in the log"
stat_json | grep -q '"timeouts": [1-9]' || fail "the idle timeout was not counted"
stop_servers
echo "ok - a connection that never reads is closed after --idle-timeout"

# --- 3. bare connections from other addresses ---------------------------------
"$CTL" keygen "$WORK/key" || fail "keygen"
start_servers 1 1 --key-file "$WORK/key"
"$ATTACKER" "$CLUSTER" - bare 6 > "$WORK/a-bare" &
apid=$!
sleep 1.5
"$WORKER" --cluster "$CLUSTER" --model lsq --iterations 300 --key-file "$WORK/key" \
    > "$WORK/w3.log" 2>&1 || fail "a worker with the key was kept out: $(tail -n 3 "$WORK/w3.log")"
json=$(stat_json --key-file "$WORK/key") || fail "taups-ctl with the key was kept out: $json"
wait $apid
echo "# $(cat "$WORK/a-bare")"
python3 - "$json" <<'PY' || fail "handshake counters: $json"
import json, sys
d = json.loads(sys.argv[1])
print("# %d connections open, %d closed before their hello to make room"
      % (d["connections"], d["handshakes_evicted"]))
assert d["handshakes_evicted"] > 0, d
assert d["connections"] <= 256 // 4 + 1, d  # the handshakers and taups-ctl
PY
stop_servers
echo "ok - connections without a hello do not keep out those with the key"

# --- 4. held pulls, each released by what opens its gate ---------------------
start_servers 1 1
out=$("$ATTACKER" "$CLUSTER" - release 1)
echo "# $out"
echo "$out" | grep -q "^release: 4 x 64 held pulls, each released by exactly the push" || fail "$out"
stop_servers
start_servers 1 2 --mode ssp --staleness 0
out=$("$ATTACKER" "$CLUSTER" - release-ssp 1)
echo "# $out"
echo "$out" | grep -q "^release-ssp: 1 x 64 held pulls, each released by exactly the clock" || fail "$out"
stop_servers
echo "ok - held pulls answered exactly when their gates open"

# --- 5. pipelined checkpoint requests -------------------------------------------
start_servers 1 1 --checkpoint-dir "$WORK/ckpt"
"$WORKER" --cluster "$CLUSTER" --model lsq --iterations 10 > /dev/null 2>&1 || fail "worker"
out=$("$ATTACKER" "$CLUSTER" - ckpt 2)
echo "# $out"
echo "$out" | grep -Eq "answered with a checkpoint, [1-9][0-9]* refused as too many waiting, 0 other" ||
    fail "checkpoint flood: $out"
echo "# loop busy at most $(stat_json | python3 -c 'import json, sys; print(json.load(sys.stdin)["loop_busy_max_ms"])') ms"
stop_servers
echo "ok - checkpoint requests beyond 16 waiting are refused"
echo "e2e_conn_bounds: 5 passed, 0 failed"
