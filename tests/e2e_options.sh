#!/bin/bash
# SPDX-License-Identifier: MIT
# Option values mean what they say, against the real programs. A flag set
# to off by a variable, an empty variable or a config file leaves it off:
# a shard with a trained checkpoint restores it (TAUPS_NO_RESTORE=off once
# started afresh, and such starts pruned every trained generation) and a
# shard without a key still refuses 0.0.0.0 (TAUPS_INSECURE=off served
# it). A value that is neither on nor off is refused with a sentence that
# names the option, where the value came from and the accepted spellings.
# --config without its FILE is refused by every program; whole numbers are
# decimal (--workers 010 is ten, not eight); --straggler names a rank below
# --workers.
. "$(dirname "$0")/lib.sh"
PUSHER=$B/tests/pusher
[ -x "$PUSHER" ] || { echo "missing $PUSHER: make check builds it" >&2; exit 99; }
SPELLINGS="write one of 1/0, yes/no, true/false, on/off"

# shard LOG ARGS...: a shard of one worker with checkpoints in $WORK/ck,
# until it listens; then SIGTERM, and it must exit 0.
shard() {
    local log=$1 pid
    shift
    "$SERVER" --listen "$ADDR" --workers 1 --stats-every 0 \
        --checkpoint-dir "$WORK/ck" --checkpoint-every 0 "$@" 2> "$log" &
    pid=$!
    PIDS="$PIDS $pid"
    wait_for "$log" "listening on" 10 || fail "no shard: $(cat "$log")"
    kill -TERM $pid
    wait $pid || fail "shard exited $?: $(cat "$log")"
}

# --- A trained generation survives starts whose no-restore is off --------
ADDR=127.0.0.1:$(free_port)
"$SERVER" --listen "$ADDR" --workers 1 --stats-every 0 \
    --checkpoint-dir "$WORK/ck" --checkpoint-every 0 2> "$WORK/train.log" &
pid=$!
PIDS="$PIDS $pid"
wait_for "$WORK/train.log" "listening on" 10 || fail "no shard: $(cat "$WORK/train.log")"
"$PUSHER" --cluster "$ADDR" --n 1000 --iterations 20 --seed 3 > "$WORK/push.log" ||
    fail "pusher: $(cat "$WORK/push.log")"
kill -TERM $pid
wait $pid || fail "shard exited $?: $(cat "$WORK/train.log")"
grep -q "checkpoint generation 1 written at exit" "$WORK/train.log" ||
    fail "no checkpoint at exit: $(cat "$WORK/train.log")"

printf 'no-restore = off\n' > "$WORK/off.conf"
printf '# restore\nTAUPS_NO_RESTORE="No"\n' > "$WORK/no.conf"
# Four starts, each of which once started afresh (the bare flag on the
# command line is not among them: it means on).
TAUPS_NO_RESTORE=off shard "$WORK/r1.log"
TAUPS_NO_RESTORE= shard "$WORK/r2.log"
shard "$WORK/r3.log" --config "$WORK/off.conf"
TAUPS_NO_RESTORE=1 shard "$WORK/r4.log" --config "$WORK/no.conf" --no-restore=false
for k in 1 2 3 4; do
    grep -q "restored checkpoint generation 1 .*versions big@20" "$WORK/r$k.log" ||
        fail "start $k did not restore the trained generation: $(cat "$WORK/r$k.log")"
    ! grep -q "starting afresh" "$WORK/r$k.log" || fail "start $k started afresh"
done
[ -f "$WORK/ck/gen-0000000000000001.ckpt" ] || fail "the trained generation is gone: $(ls "$WORK/ck")"
# On is still on, from each source.
TAUPS_NO_RESTORE=yes shard "$WORK/on1.log"
shard "$WORK/on2.log" --no-restore
TAUPS_NO_RESTORE=off shard "$WORK/on3.log" --no-restore=ON
for k in 1 2 3; do
    grep -q "no-restore, starting afresh" "$WORK/on$k.log" ||
        fail "no-restore on, start $k: $(cat "$WORK/on$k.log")"
done
echo "# no-restore: off, empty and a file's off restore; yes, bare and ON do not"

# --- No key on 0.0.0.0 stays refused unless insecure is on ----------------
# refused LOG ARGS...: the shard must exit non-zero, refusing (bounded:
# one that serves is stopped after 10 s).
refused() {
    local log=$1 rc=0
    shift
    timeout 10 "$SERVER" --listen "0.0.0.0:$(free_port)" --workers 1 \
        --stats-every 0 "$@" 2> "$log" || rc=$?
    [ $rc != 0 ] && [ $rc != 124 ] || fail "exit $rc, served 0.0.0.0 without a key: $(cat "$log")"
    grep -q "refusing to serve 0.0.0.0:[0-9]* without a key" "$log" ||
        fail "not refused for want of a key: $(cat "$log")"
}
printf 'insecure=off\n' > "$WORK/insecure.conf"
refused "$WORK/i1.log" --insecure=off
TAUPS_INSECURE=off refused "$WORK/i2.log"
TAUPS_INSECURE= refused "$WORK/i3.log"
TAUPS_SERVER_INSECURE=0 refused "$WORK/i4.log"
TAUPS_INSECURE=yes refused "$WORK/i5.log" --config "$WORK/insecure.conf"
echo "# insecure: off, empty, 0 and a file's off keep 0.0.0.0 refused"

# --- Anything else is refused, saying where it came from -------------------
# bad LOG WANT ARGS...: exit status 2 and WANT (fixed text) in LOG.
bad() {
    local log=$1 want=$2 rc=0
    shift 2
    timeout 10 "$@" > "$log" 2>&1 || rc=$?
    [ $rc = 2 ] || fail "$*: exit $rc, not 2: $(cat "$log")"
    grep -qF -- "$want" "$log" || fail "$*: no \"$want\" in: $(cat "$log")"
}
bad "$WORK/b1.log" "taups-server: --insecure: \"maybe\" is neither on nor off; $SPELLINGS (on the command line)" \
    "$SERVER" --listen 127.0.0.1:0 --insecure=maybe
TAUPS_NO_RESTORE=maybe bad "$WORK/b2.log" "--no-restore: \"maybe\" is neither on nor off; $SPELLINGS (in environment variable TAUPS_NO_RESTORE)" \
    "$SERVER" --listen 127.0.0.1:0
printf 'lr = 0.1\nno-restore = of\n' > "$WORK/typo.conf"
bad "$WORK/b3.log" "--no-restore: \"of\" is neither on nor off; $SPELLINGS (in config file $WORK/typo.conf:2)" \
    "$SERVER" --listen 127.0.0.1:0 --config "$WORK/typo.conf"
bad "$WORK/b4.log" "--insecure: \"\" is neither on nor off" \
    "$SERVER" --listen 127.0.0.1:0 --insecure=
bad "$WORK/b5.log" "taups-worker: --frame-mac: \"2\" is neither on nor off; $SPELLINGS (on the command line)" \
    "$WORKER" --cluster 127.0.0.1:1 --frame-mac=2
TAUPS_NO_PLOT=nope bad "$WORK/b6.log" "taups-launch: --no-plot: \"nope\" is neither on nor off; $SPELLINGS (in environment variable TAUPS_NO_PLOT)" \
    "$LAUNCH" --workers 1
bad "$WORK/b7.log" "taups-server: --workers: \"0x10\" is not a whole number (on the command line)" \
    "$SERVER" --listen 127.0.0.1:0 --workers 0x10
# A flag's value is never the next argument (bare is on): said so.
bad "$WORK/b8.log" "taups-server: --no-restore takes no separate value: write --no-restore=off" \
    "$SERVER" --listen 127.0.0.1:0 --no-restore off
echo "# values neither on nor off refused, naming the option, the source and the spellings"

# --- --config needs its FILE, in every program ------------------------------
for prog in "$SERVER" "$WORKER" "$LAUNCH" "$CTL" "$B/tools/taups-sweep" "$B/tools/taups-bench"; do
    name=$(basename "$prog")
    bad "$WORK/c-$name.log" "$name: --config needs a value (FILE)" "$prog" --config
    bad "$WORK/c2-$name.log" "$name: --config needs a value (FILE)" "$prog" --config=
done
echo "# --config without FILE refused by every program"

# --- Whole numbers are decimal ---------------------------------------------
ADDR=127.0.0.1:$(free_port)
"$SERVER" --listen "$ADDR" --workers 010 --stats-every 0 2> "$WORK/w010.log" &
pid=$!
PIDS="$PIDS $pid"
wait_for "$WORK/w010.log" "listening on" 10 || fail "no shard: $(cat "$WORK/w010.log")"
grep -q "as shard 0 of 1, 10 workers," "$WORK/w010.log" ||
    fail "--workers 010 is not ten: $(cat "$WORK/w010.log")"
# Rank 9 of 010 workers joins it (read as 8, rank 9 was refused).
timeout 30 "$WORKER" --cluster "$ADDR" --workers 010 --rank 9 --model lsq \
    --rows 200 --dim 8 --iterations 5 > "$WORK/w9.log" 2>&1 ||
    fail "rank 9 of --workers 010: $(cat "$WORK/w9.log")"
kill -TERM $pid
wait $pid || fail "shard exited $?: $(cat "$WORK/w010.log")"
echo "# --workers 010 is ten workers"

# --- A straggler is one of the workers --------------------------------------
bad "$WORK/s1.log" "taups-worker: --straggler: \"9:2\": RANK 9 is not a worker's (ranks are 0..1 with --workers 2)" \
    "$WORKER" --cluster 127.0.0.1:1 --workers 2 --straggler 9:2
# Through the launcher (its workers get it as --worker-arg): the run fails
# at once, with the sentence, and nothing trains.
rc=0
timeout 60 "$LAUNCH" --model lsq --shards 1 --workers 2 --rows 200 --dim 8 \
    --iterations 50 --no-plot --timeout 30 --out "$WORK/strag" \
    --worker-arg=--straggler --worker-arg=9:2 > "$WORK/s2.log" 2>&1 || rc=$?
[ $rc = 1 ] || fail "launch with --straggler 9:2: exit $rc: $(cat "$WORK/s2.log")"
grep -qF 'RANK 9 is not a worker'"'"'s (ranks are 0..1 with --workers 2)' "$WORK/s2.log" ||
    fail "launch does not show the worker's refusal: $(cat "$WORK/s2.log")"
echo "# --straggler 9:2 with 2 workers refused by the worker and under the launcher"
echo "ok: flag spellings, empty variables, --config FILE, decimal numbers, straggler ranks"
