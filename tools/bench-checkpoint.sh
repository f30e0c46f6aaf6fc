#!/bin/bash
# SPDX-License-Identifier: MIT
# What checkpoints cost one shard, measured on this machine's disk:
#   - write throughput of a checkpoint beside dd's sequential write speed
#     (both fdatasync'd, interleaved in each round),
#   - how long the event loop pauses (the fork, as the shard logs it), the
#     longest stretch the loop went without polling (stats'
#     loop_busy_max_ms) and the longest small pull a probe client saw, while
#     a pusher trained and checkpoints were written, beside the same run
#     without checkpoints,
#   - time from a SIGKILL of the shard to training resumed (restart,
#     restore, reconnect, the next iteration done), and the restore alone.
# Usage, from a build directory: tools/bench-checkpoint.sh [FLOATS...]
# (default 1000000 100000000); ROUNDS=3; DIR= a directory on the disk to
# measure (default a new one under /var/tmp). Prints medians [min-max].
set -eu
B=$(pwd)
SERVER=$B/server/taups-server
CTL=$B/tools/taups-ctl
PUSHER=$B/tests/pusher
for bin in "$SERVER" "$CTL" "$PUSHER"; do
    [ -x "$bin" ] || { echo "missing $bin (make && make tests/pusher)" >&2; exit 2; }
done
ROUNDS=${ROUNDS:-3}
DIR=${DIR:-$(mktemp -d /var/tmp/taups-ckbench.XXXXXX)}
SIZES=${*:-1000000 100000000}
PIDS=""
trap 'kill -9 $PIDS 2>/dev/null || true; rm -rf "$DIR"' EXIT

mono() { python3 -c 'import time; print("%.6f" % time.monotonic())'; }
median() { sort -g | awk '{v[NR]=$1} END {m = NR % 2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2; printf "%.4g [%.4g-%.4g]", m, v[1], v[NR]}'; }
port() { echo $(( 20000 + RANDOM % 10000 )); }

start() { # LOG ARGS...: sets SPID, ADDR
    local log=$1
    shift
    "$SERVER" --listen "$ADDR" --stats-every 0 --lr 0.001 "$@" 2> "$log" &
    SPID=$!
    PIDS="$PIDS $SPID"
    while ! grep -q "listening on" "$log"; do
        kill -0 $SPID 2> /dev/null || { cat "$log"; exit 1; }
        sleep 0.01
    done
}
stop() { kill -9 "$SPID" 2> /dev/null || true; wait "$SPID" 2> /dev/null || true; }

for n in $SIZES; do
    mb=$(( n * 4 / 1048576 ))
    : > "$DIR/dd"; : > "$DIR/ck"; : > "$DIR/fork"; : > "$DIR/stall0"; : > "$DIR/stall1"
    : > "$DIR/busy0"; : > "$DIR/busy1"
    : > "$DIR/resume"; : > "$DIR/restore"; : > "$DIR/reconn"
    for r in $(seq "$ROUNDS"); do
        # dd: the same bytes, sequential, flushed to the disk.
        dd if=/dev/zero of="$DIR/dd.out" bs=1M count=$((mb > 0 ? mb : 1)) conv=fdatasync 2>&1 |
            sed -n 's/.*copied, \([0-9.]*\) s.*/\1/p' | awk -v b=$((n * 4)) '{printf "%.1f\n", b / $1 / 1e6}' >> "$DIR/dd"
        rm -f "$DIR/dd.out"
        # One checkpoint of n floats, asked for and timed by the shard.
        ADDR=127.0.0.1:$(port)
        rm -rf "$DIR/s"
        start "$DIR/s.log" --checkpoint-dir "$DIR/s" --checkpoint-every 0
        "$PUSHER" --cluster "$ADDR" --n "$n" --iterations 1 > /dev/null
        out=$("$CTL" --cluster "$ADDR" checkpoint)
        w=$(echo "$out" | sed -n 's/.*written in \([0-9.]*\) s.*/\1/p')
        awk -v b=$((n * 4)) -v s="$w" 'BEGIN {printf "%.1f\n", b / s / 1e6}' >> "$DIR/ck"
        grep -o "paused [0-9.]* ms" "$DIR/s.log" | tail -1 | awk '{print $2}' >> "$DIR/fork"
        # Kill, restart, restore, reconnect, next iteration.
        : > "$DIR/it.log"
        "$PUSHER" --cluster "$ADDR" --n "$n" --seconds 600 --log "$DIR/it.log" > "$DIR/p.out" 2>&1 &
        ppid=$!
        PIDS="$PIDS $ppid"
        while [ "$(wc -l < "$DIR/it.log" 2> /dev/null || echo 0)" -lt 2 ]; do sleep 0.02; done
        stop
        t0=$(mono)
        start "$DIR/s2.log" --checkpoint-dir "$DIR/s" --checkpoint-every 0
        lines=$(wc -l < "$DIR/it.log")
        while [ "$(wc -l < "$DIR/it.log")" -le "$lines" ] || [ "$(awk -v t="$t0" '$1 > t' "$DIR/it.log" | wc -l)" = 0 ]; do
            sleep 0.01
        done
        t1=$(awk -v t="$t0" '$1 > t {print; exit}' "$DIR/it.log")
        awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f\n", b - a}' >> "$DIR/resume"
        sed -n 's/.*reconnected after \([0-9.]*\) s.*/\1/p' "$DIR/p.out" | tail -1 >> "$DIR/reconn"
        sed -n 's/.* in \([0-9.]*\) s: .*/\1/p' "$DIR/s2.log" | head -1 >> "$DIR/restore"
        kill -TERM $ppid; wait $ppid || true
        stop
        # Loop stall: a probe's longest small pull while the pusher trains,
        # with a checkpoint every second and without.
        for ck in 0 1; do
            ADDR=127.0.0.1:$(port)
            rm -rf "$DIR/t"
            if [ $ck = 1 ]; then
                start "$DIR/t.log" --checkpoint-dir "$DIR/t" --checkpoint-every 1
            else
                start "$DIR/t.log"
            fi
            "$PUSHER" --cluster "$ADDR" --n "$n" --seconds 6 --probe-ms 2 > "$DIR/probe.out"
            sed -n 's/.*longest \([0-9.]*\) ms/\1/p' "$DIR/probe.out" >> "$DIR/stall$ck"
            "$CTL" --cluster "$ADDR" stats --json |
                python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["loop_busy_max_ms"])' >> "$DIR/busy$ck"
            [ $ck = 0 ] || grep -o "paused [0-9.]* ms" "$DIR/t.log" | awk '{print $2}' >> "$DIR/fork"
            stop
        done
    done
    echo "== $n floats ($mb MiB), $ROUNDS rounds, medians [range]"
    echo "checkpoint write        $(median < "$DIR/ck") MB/s   (dd conv=fdatasync: $(median < "$DIR/dd") MB/s)"
    echo "loop paused for fork    $(median < "$DIR/fork") ms   ($(wc -l < "$DIR/fork") checkpoints)"
    echo "longest loop busy       $(median < "$DIR/busy1") ms with checkpoints every 1 s, $(median < "$DIR/busy0") ms without"
    echo "longest probe pull      $(median < "$DIR/stall1") ms with checkpoints every 1 s, $(median < "$DIR/stall0") ms without"
    echo "SIGKILL to reconnected  $(median < "$DIR/reconn") s   (restore alone: $(median < "$DIR/restore") s; the pusher's next iteration done: $(median < "$DIR/resume") s)"
done
