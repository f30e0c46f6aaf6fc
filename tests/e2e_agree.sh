#!/bin/bash
# SPDX-License-Identifier: MIT
# One configuration across shards (docs/design.md §3a): two shards started
# with settings that decide a push's fate differently (--max-staleness,
# then --staleness-weight, then --lr) find it out over their peer link,
# both log the first setting that differs with both values, and a worker
# is refused naming them. Shards with equal settings link up and train,
# with the cluster's key and tagged frames too.
. "$(dirname "$0")/lib.sh"
[ -x "$CTL" ] || { echo "missing $CTL" >&2; exit 99; }

# start_pair "ARGS OF SHARD 0" "ARGS OF SHARD 1": two async shards for one
# worker, each with its own settings; sets CLUSTER and SERVER_PIDS.
start_pair() {
    local i args
    CLUSTER="127.0.0.1:$(free_port),127.0.0.1:$(free_port)"
    SERVER_PIDS=""
    for i in 0 1; do
        if [ $i = 0 ]; then args=$1; else args=$2; fi
        : > "$WORK/server-$i.log"
        # shellcheck disable=SC2086 # each shard's arguments, word by word
        "$SERVER" --listen "$(echo "$CLUSTER" | cut -d, -f$((i + 1)))" \
            --cluster "$CLUSTER" --shard $i --workers 1 --stats-every 0 \
            --mode async $args 2> "$WORK/server-$i.log" &
        SERVER_PIDS="$SERVER_PIDS $!"
        PIDS="$PIDS $!"
    done
    for i in 0 1; do
        wait_for "$WORK/server-$i.log" "listening on" 10 ||
            fail "server $i did not start: $(cat "$WORK/server-$i.log")"
    done
}

# refused WHAT V0 V1: both shards log that --WHAT differs with both values,
# and a worker started then is refused saying so.
refused() {
    local i
    for i in 0 1; do
        wait_for "$WORK/server-$i.log" "settings differ" 10 ||
            fail "shard $i did not notice --$1 differs: $(cat "$WORK/server-$i.log")"
        grep "settings differ" "$WORK/server-$i.log" | head -1 |
            grep -q -- "--$1 .*$2.*$3\|--$1 .*$3.*$2" ||
            fail "shard $i does not name --$1 with $2 and $3: $(cat "$WORK/server-$i.log")"
    done
    if "$WORKER" --cluster "$CLUSTER" --workers 1 --rank 0 --model lsq \
        --iterations 3 2> "$WORK/worker.log"; then
        fail "a worker trained on shards whose --$1 differs"
    fi
    grep -q -- "--$1 .*$2.*$3\|--$1 .*$3.*$2" "$WORK/worker.log" ||
        fail "the worker's error does not name --$1 with $2 and $3: $(cat "$WORK/worker.log")"
    "$CTL" --cluster "$CLUSTER" stats --json > "$WORK/stats.json" ||
        fail "stats: $(cat "$WORK/stats.json")"
    grep -q '"handshakes_refused": [1-9]' "$WORK/stats.json" ||
        fail "no refused handshake counted: $(cat "$WORK/stats.json")"
    stop_servers
}

start_pair "--max-staleness 5" "--max-staleness 3"
refused max-staleness 5 3

start_pair "--staleness-weight inverse" "--staleness-weight none"
refused staleness-weight inverse none

start_pair "--lr 0.1" "--lr 0.2"
refused lr 0.1 0.2

# Equal settings: the links come up and a worker trains.
start_pair "--max-staleness 3" "--max-staleness 3"
"$WORKER" --cluster "$CLUSTER" --workers 1 --rank 0 --model lsq \
    --iterations 20 2> "$WORK/worker.log" ||
    fail "a worker failed on shards with equal settings: $(cat "$WORK/worker.log")"
# Shard 0 dialed before shard 1 listened: it tries again within 200 ms.
for _ in $(seq 50); do
    "$CTL" --cluster "$CLUSTER" stats --json > "$WORK/stats.json"
    [ "$(grep -o '"up": true' "$WORK/stats.json" | wc -l)" = 2 ] && break
    sleep 0.1
done
[ "$(grep -o '"up": true' "$WORK/stats.json" | wc -l)" = 2 ] ||
    fail "the shards' links are not up: $(cat "$WORK/stats.json")"
stop_servers

# Sync shards that hold a key and tag every frame link up with the same
# handshake as a worker, and step together.
"$CTL" keygen "$WORK/key" 2> "$WORK/ctl.log" || fail "keygen: $(cat "$WORK/ctl.log")"
start_servers 2 1 --mode sync --key-file "$WORK/key" --frame-mac
"$WORKER" --cluster "$CLUSTER" --workers 1 --rank 0 --model lsq --mode sync \
    --iterations 20 --key-file "$WORK/key" --frame-mac 2> "$WORK/worker.log" ||
    fail "a sync worker failed with the key: $(cat "$WORK/worker.log")"
"$CTL" --cluster "$CLUSTER" --key-file "$WORK/key" --frame-mac stats --json \
    > "$WORK/stats.json"
[ "$(grep -o '"steps": 20,' "$WORK/stats.json" | wc -l)" = 2 ] ||
    fail "the shards did not take 20 steps each: $(cat "$WORK/stats.json")"
[ "$(grep -o '"up": true' "$WORK/stats.json" | wc -l)" = 2 ] ||
    fail "the keyed links are not up: $(cat "$WORK/stats.json")"
stop_servers
