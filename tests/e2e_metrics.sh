#!/bin/bash
# SPDX-License-Identifier: MIT
# --metrics: a shard's and a worker's /metrics pass `promtool check
# metrics`; the shard's counters equal taups-ctl stats --json once
# training is over (a refused hello counted as a refused handshake, not
# a protocol error); a shard's /ready is 200 while it serves, a worker's
# 404; other paths and methods get 404 and 405; a hostile
# HTTP client (garbage, a 1 MB header, slow bytes, a crowd of idle
# connections) while two workers train changes nothing they compute and
# leaves /metrics answering; a bad --metrics address is named.
. "$(dirname "$0")/lib.sh"
command -v promtool > /dev/null || { echo "promtool missing (setup.sh --tests installs prometheus)" >&2; exit 99; }
command -v curl > /dev/null || { echo "curl missing" >&2; exit 99; }
HOSTILE=$(dirname "$0")/hostile_http.py

url_of() { grep -o "metrics on http://[^ ]*" "$1" | cut -d' ' -f3; }

port_of() { url_of "$1" | sed 's/.*:\([0-9]*\)\/metrics/\1/'; }

train() { # N OUT [hostile]: N lsq workers, full batch, 400 iterations each;
          # the model dumped into OUT
    local n=$1 out=$2 r wp="" hp=""
    start_servers 1 "$n" --mode async --lr 0.2 --metrics 127.0.0.1:0
    wait_for "$WORK/server-0.log" "metrics on http://.*/metrics" 10 || fail "no metrics line: $(cat "$WORK/server-0.log")"
    SURL=$(url_of "$WORK/server-0.log")
    for r in $(seq 0 $((n - 1))); do
        : > "$WORK/worker-$r.log" # before wait_for reads it: not the last run's
        "$WORKER" --cluster "$CLUSTER" --workers "$n" --rank $r --model lsq --seed 3 \
            --full-batch --iterations 400 --metrics 127.0.0.1:0 \
            2> "$WORK/worker-$r.log" &
        wp="$wp $!"
    done
    if [ "${3:-}" = hostile ]; then
        wait_for "$WORK/worker-0.log" "metrics on http://.*/metrics" 10 || fail "worker metrics"
        python3 "$HOSTILE" 127.0.0.1 "$(port_of "$WORK/server-0.log")" 3 &
        hp="$!"
        python3 "$HOSTILE" 127.0.0.1 "$(port_of "$WORK/worker-0.log")" 3 &
        hp="$hp $!"
    fi
    for p in $wp; do wait "$p" || fail "a worker failed: $(cat "$WORK"/worker-*.log)"; done
    "$CTL" --cluster "$CLUSTER" dump w "$out" 2>/dev/null || fail "dump failed"
    for p in $hp; do wait "$p" || fail "the hostile client failed"; done
}

# Quiet: promtool, the counters against taups-ctl, 404 and 405.
train 2 "$WORK/w-two.npy"
# A worker of another cluster shape is a refused handshake, not a frame
# that broke the protocol.
set +e
"$WORKER" --cluster "$CLUSTER" --workers 3 --rank 0 --model lsq --iterations 1 \
    2> "$WORK/wrong.log"
rc=$?
set -e
[ $rc != 0 ] && grep -q "expects 3 workers, the cluster has 2" "$WORK/wrong.log" ||
    fail "a worker of 3 in a cluster of 2: exit $rc, $(cat "$WORK/wrong.log")"
# taups-ctl's own connection is counted in bytes: it asks first, and has
# closed when the page is read.
"$CTL" --cluster "$CLUSTER" stats --json > "$WORK/stats.json"
sleep 0.2
curl -sf "$SURL" > "$WORK/server.prom" || fail "GET $SURL"
promtool check metrics < "$WORK/server.prom" || fail "promtool on the shard's page"
for pair in pushes:taups_pushes_total steps:taups_steps_total pulls:taups_pull_frames_total \
    bytes_in:taups_received_bytes_total handshakes_refused:taups_handshakes_refused_total \
    protocol_errors:taups_protocol_errors_total; do
    key=${pair%%:*} name=${pair#*:}
    want=$(grep -o "\"$key\": [0-9]*" "$WORK/stats.json" | head -1 | cut -d' ' -f2)
    got=$(grep "^$name{" "$WORK/server.prom" | awk '{print $2}')
    [ -n "$want" ] && [ "$want" = "$got" ] || fail "$name is $got, taups-ctl says $key $want"
done
grep -q '"handshakes_refused": 1,' "$WORK/stats.json" && grep -q '"protocol_errors": 0,' "$WORK/stats.json" ||
    fail "the refused hello is not counted as one refused handshake alone: $(cat "$WORK/stats.json")"
grep -q '^taups_push_staleness_bucket{shard="0",le="+Inf"} 800$' "$WORK/server.prom" ||
    fail "staleness histogram: $(grep staleness "$WORK/server.prom")"
grep -q '^taups_worker_clock{shard="0",rank="1"} 400$' "$WORK/server.prom" || fail "worker clocks"
[ "$(curl -s -o /dev/null -w '%{http_code}' "${SURL%/metrics}/other")" = 404 ] || fail "not 404"
[ "$(curl -s -o /dev/null -w '%{http_code}' -X POST "$SURL")" = 405 ] || fail "not 405"
[ "$(curl -s "${SURL%/metrics}/ready")" = ready ] || fail "the shard's /ready"
stop_servers
grep -q "stopping:.* 0 protocol errors, 1 refused handshakes" "$WORK/server-0.log" ||
    fail "final summary: $(grep stopping: "$WORK/server-0.log")"
# The workers' pages, read while one runs (it exits when done).
start_servers 1 1 --mode async --lr 0.1
"$WORKER" --cluster "$CLUSTER" --workers 1 --rank 0 --model lsq --seconds 3 \
    --metrics 127.0.0.1:0 2> "$WORK/wm.log" &
wpid=$!
wait_for "$WORK/wm.log" "metrics on" 10 || fail "worker metrics: $(cat "$WORK/wm.log")"
sleep 1
curl -sf "$(url_of "$WORK/wm.log")" > "$WORK/worker.prom" || fail "GET worker metrics"
promtool check metrics < "$WORK/worker.prom" || fail "promtool on the worker's page"
n=$(grep '^taups_worker_pushes_sent_total{rank="0"}' "$WORK/worker.prom" | awk '{print $2}')
[ "${n:-0}" -gt 0 ] || fail "worker page: $(cat "$WORK/worker.prom")"
wurl=$(url_of "$WORK/wm.log")
[ "$(curl -s -o /dev/null -w '%{http_code}' "${wurl%/metrics}/ready")" = 404 ] ||
    fail "a worker's /ready is not 404"
wait "$wpid" || fail "the worker failed"
stop_servers

# Hostile clients against the shard's and the worker's endpoints while one
# worker trains: the same full-batch run, bit for bit, as without them,
# and /metrics answers afterwards.
train 1 "$WORK/w-quiet.npy"
stop_servers
train 1 "$WORK/w-hostile.npy" hostile
curl -sf --max-time 5 "$SURL" > /dev/null || fail "/metrics stopped answering after the hostile clients"
stop_servers
cmp -s "$WORK/w-quiet.npy" "$WORK/w-hostile.npy" ||
    fail "training under hostile HTTP clients computed something else"

rc=0
"$SERVER" --listen 127.0.0.1:0 --metrics nohost.invalid:9 2> "$WORK/bad.log" || rc=$?
[ "$rc" = 1 ] && grep -q -- '--metrics nohost.invalid:9: cannot resolve host' "$WORK/bad.log" ||
    fail "bad --metrics: exit $rc, $(cat "$WORK/bad.log")"
echo "ok: shard and worker metrics, hostile clients"
