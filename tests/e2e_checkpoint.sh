#!/bin/bash
# SPDX-License-Identifier: MIT
# Checkpoints of real shards: a restore is bit for bit what was saved and
# the next Adam step equals the uninterrupted shard's; SIGKILLs at random
# moments, many during a write, always leave a generation that loads; a
# truncated or bit-flipped newest generation falls back to the previous
# one, also when the flip makes it look like another shard's; another
# shard's checkpoint is refused naming both; a final checkpoint that cannot
# be written makes the exit status 1; and the worker rides through every
# restart with its ledger balanced.
. "$(dirname "$0")/lib.sh"
PUSHER=$B/tests/pusher
[ -x "$PUSHER" ] || { echo "missing $PUSHER: make check builds it" >&2; exit 99; }
SEED=${TEST_SEED:-$RANDOM}
RANDOM=$SEED
echo "# seed $SEED (TEST_SEED=$SEED replays it)"

# start_shard LOG ARGS...: one server, in the background; sets SPID.
start_shard() {
    local log=$1
    shift
    "$SERVER" --stats-every 0 "$@" 2> "$log" &
    SPID=$!
    PIDS="$PIDS $SPID"
    wait_for "$log" "listening on\|belongs elsewhere" 10 || fail "no server: $(cat "$log")"
}

ledger_balanced() { # LOG: sent == applied + dropped + rejected + lost
    local s a d r l
    read -r s a d r l < <(sed -n 's/^pushes: sent \([0-9]*\), applied \([0-9]*\), dropped \([0-9]*\), rejected \([0-9]*\), lost \([0-9]*\).*/\1 \2 \3 \4 \5/p' "$1")
    [ -n "$s" ] || fail "no ledger in $1: $(cat "$1")"
    [ "$s" = $((a + d + r + l)) ] || fail "ledger of $1 does not add up: $(grep pushes: "$1")"
    [ "$l" = 0 ] && [ "$r" = 0 ] || fail "pushes lost or rejected: $(grep pushes: "$1")"
}

# --- 1. Round trip, and the next Adam step --------------------------------
ADAM="--optimizer adam --lr 0.01 --workers 1"
A=127.0.0.1:$(free_port)
start_shard "$WORK/a.log" --listen $A $ADAM
apid=$SPID
B0=127.0.0.1:$(free_port)
B1=127.0.0.1:$(free_port)
BC=$B0,$B1
start_shard "$WORK/b0.log" --listen $B0 --cluster $BC --shard 0 $ADAM \
    --checkpoint-dir "$WORK/ck0" --checkpoint-every 0
start_shard "$WORK/b1.log" --listen $B1 --cluster $BC --shard 1 $ADAM \
    --checkpoint-dir "$WORK/ck1" --checkpoint-every 0
b1pid=$SPID
"$PUSHER" --cluster $A --n 1000 --iterations 40 --seed 3 > "$WORK/pa.log" || fail "pusher A"
"$PUSHER" --cluster $BC --n 1000 --iterations 40 --seed 3 > "$WORK/pb.log" || fail "pusher B"
"$CTL" --cluster $BC checkpoint > "$WORK/ckpt.out" || fail "taups-ctl checkpoint: $(cat "$WORK/ckpt.out")"
grep -q "^shard 1: generation 1 in $WORK/ck1/gen-0000000000000001.ckpt" "$WORK/ckpt.out" ||
    fail "checkpoint answer: $(cat "$WORK/ckpt.out")"
"$CTL" --cluster $BC dump big "$WORK/saved.npy" 2> /dev/null || fail "dump before"
kill -KILL $b1pid
wait $b1pid 2> /dev/null || true
start_shard "$WORK/b1r.log" --listen $B1 --cluster $BC --shard 1 $ADAM \
    --checkpoint-dir "$WORK/ck1" --checkpoint-every 0
grep -q "restored checkpoint generation 1 .*versions big@40" "$WORK/b1r.log" ||
    fail "restore log: $(cat "$WORK/b1r.log")"
"$CTL" --cluster $BC dump big "$WORK/restored.npy" 2> /dev/null || fail "dump after"
cmp "$WORK/saved.npy" "$WORK/restored.npy" || fail "restored parameters differ from the saved ones"
# The same further step on the uninterrupted shard A and the restored B:
# Adam's moments and step count came back, so the results agree bit for bit.
"$PUSHER" --cluster $A --n 1000 --iterations 1 --seed 99 > /dev/null || fail "pusher A step"
"$PUSHER" --cluster $BC --n 1000 --iterations 1 --seed 99 > /dev/null || fail "pusher B step"
"$CTL" --cluster $A dump big "$WORK/a.npy" 2> /dev/null
"$CTL" --cluster $BC dump big "$WORK/b.npy" 2> /dev/null
cmp "$WORK/a.npy" "$WORK/b.npy" || fail "the step after a restore differs from the uninterrupted shard's"
cmp -s "$WORK/saved.npy" "$WORK/b.npy" && fail "the step changed nothing"
echo "# round trip: restored bit for bit, and the next Adam step matches"

# --- 2. Another shard's checkpoint is an error naming both ---------------
set +e
out=$("$SERVER" --listen 127.0.0.1:$(free_port) --cluster $BC --shard 0 $ADAM \
    --checkpoint-dir "$WORK/ck1" 2>&1)
rc=$?
set -e
[ $rc != 0 ] || fail "shard 0 restored shard 1's checkpoint"
echo "$out" | grep -q "it holds shard 1 of 2 shards with 1 workers, but this is shard 0 of 2" ||
    fail "foreign checkpoint message: $out"
set +e
out=$("$SERVER" --listen 127.0.0.1:$(free_port) --cluster $BC --shard 1 --workers 1 \
    --optimizer sgd --checkpoint-dir "$WORK/ck1" 2>&1)
rc=$?
set -e
[ $rc != 0 ] || fail "an sgd shard restored an adam checkpoint"
echo "$out" | grep -q "optimizer \"adam" || fail "optimizer mismatch message: $out"

# --- 2b. A bit flip that makes the metadata look foreign is damage --------
# "workers": 1 -> 3 is one bit: the checksum, not the shape, has the say,
# so the shard starts from the previous generation instead of refusing to
# start (a crash loop under Restart=on-failure).
F=127.0.0.1:$(free_port)
FLIP="--listen $F --workers 1 --lr 0.01 --checkpoint-dir $WORK/ckf --checkpoint-every 0"
start_shard "$WORK/f0.log" $FLIP
"$PUSHER" --cluster $F --n 1000 --iterations 5 --seed 3 > /dev/null || fail "pusher F"
"$CTL" --cluster $F checkpoint > /dev/null || fail "taups-ctl checkpoint F (1)"
"$PUSHER" --cluster $F --n 1000 --iterations 5 --seed 4 > /dev/null || fail "pusher F again"
"$CTL" --cluster $F checkpoint > /dev/null || fail "taups-ctl checkpoint F (2)"
kill -KILL $SPID
wait $SPID 2> /dev/null || true
newest=$WORK/ckf/gen-0000000000000002.ckpt
[ -f "$newest" ] || fail "no second generation: $(ls "$WORK/ckf")"
off=$(grep -obUa '"workers": *1' "$newest" | head -1 | cut -d: -f1)
[ -n "$off" ] || fail "no \"workers\": 1 in the metadata of $newest"
off=$((off + $(grep -oUa '"workers": *1' "$newest" | head -1 | wc -c) - 2))
printf '3' | dd of="$newest" bs=1 seek=$off conv=notrunc status=none
grep -qUa '"workers": *3' "$newest" || fail "the flip did not land"
start_shard "$WORK/f1.log" $FLIP
grep -q "checkpoint $newest skipped: its checksum is .* (corrupt)" "$WORK/f1.log" ||
    fail "flipped metadata not reported as damage: $(cat "$WORK/f1.log")"
grep -q "restored checkpoint generation 1 " "$WORK/f1.log" ||
    fail "did not start from the previous generation: $(cat "$WORK/f1.log")"
grep -q "listening on" "$WORK/f1.log" || fail "the shard did not start: $(cat "$WORK/f1.log")"
kill -KILL $SPID
wait $SPID 2> /dev/null || true
echo "# a bit flip in the metadata (workers 1 -> 3) skips that generation"

# --- 2c. A final checkpoint that cannot be written fails the exit -------
# The directory becomes a plain file (root ignores permissions): the write
# at SIGTERM fails, and the exit status tells the service manager.
X=127.0.0.1:$(free_port)
start_shard "$WORK/x.log" --listen $X --workers 1 --checkpoint-dir "$WORK/ckx" \
    --checkpoint-every 0
"$PUSHER" --cluster $X --n 1000 --iterations 3 --seed 3 > /dev/null || fail "pusher X"
rm -rf "$WORK/ckx"
: > "$WORK/ckx"
kill -TERM $SPID
set +e
wait $SPID
rc=$?
set -e
[ $rc = 1 ] || fail "exit status $rc after a failed final checkpoint: $(cat "$WORK/x.log")"
grep -q "final checkpoint: " "$WORK/x.log" || fail "the failure is not logged: $(cat "$WORK/x.log")"
grep -q "exit status 1: the final checkpoint was not written" "$WORK/x.log" ||
    fail "the exit status is not explained: $(cat "$WORK/x.log")"
echo "# a failed final checkpoint exits 1"

# --- 3. SIGKILLs at random moments during writes -------------------------
C=127.0.0.1:$(free_port)
BIG="--listen $C --lr 0.001 --checkpoint-dir $WORK/big --checkpoint-every 0.05 --checkpoint-keep 3"
start_shard "$WORK/big-0.log" $BIG
"$PUSHER" --cluster $C --n 4000000 --seconds 600 --seed 5 > "$WORK/pbig.log" 2>&1 &
ppid=$!
PIDS="$PIDS $ppid"
wait_for "$WORK/big-0.log" "checkpoint generation .* written" 20 || fail "no checkpoint: $(cat "$WORK/big-0.log")"
midwrite=0
for k in $(seq 1 20); do
    sleep "0.$(( RANDOM % 25 + 5 ))"
    kill -KILL $SPID
    wait $SPID 2> /dev/null || true
    ls "$WORK/big"/.gen-*.tmp > /dev/null 2>&1 && midwrite=$((midwrite + 1))
    start_shard "$WORK/big-$k.log" $BIG
    grep -q "restored checkpoint generation" "$WORK/big-$k.log" ||
        fail "kill $k: nothing restored: $(cat "$WORK/big-$k.log")"
    ! grep -q "skipped" "$WORK/big-$k.log" || fail "kill $k: a generation was damaged: $(cat "$WORK/big-$k.log")"
done
echo "# 20 SIGKILLs, $midwrite of them while a writer was writing: every restart restored"
kill -TERM $ppid 2> /dev/null || true
wait $ppid || fail "the pusher did not ride through: $(tail -5 "$WORK/pbig.log")"
ledger_balanced "$WORK/pbig.log"
# One reconnection per kill, but a kill while the pusher is still coming
# back from the previous one is ridden out by the same reconnection.
k=$(sed -n 's/.*reconnects \([0-9]*\)$/\1/p' "$WORK/pbig.log")
[ "$k" -ge 1 ] && [ "$k" -le 20 ] || fail "expected 1 to 20 reconnects: $(grep pushes: "$WORK/pbig.log")"
echo "# the pusher reconnected $k times and lost nothing"

# --- 4. A damaged newest generation falls back to the previous ----------
kill -TERM $SPID
wait $SPID || fail "server exit status $?"
mapfile -t gens < <(ls "$WORK/big"/gen-*.ckpt | sort -r)
[ ${#gens[@]} = 3 ] || fail "expected 3 generations kept, found ${#gens[@]}"
num() { basename "$1" .ckpt | sed 's/gen-0*//'; }
truncate -s $(( $(stat -c %s "${gens[0]}") / 2 )) "${gens[0]}"
start_shard "$WORK/trunc.log" $BIG
# The writers killed with their shards left temporary files; a start
# removes them.
ls "$WORK/big"/.gen-*.tmp > /dev/null 2>&1 && fail "a dead writer's temporary file was left"
grep -q "checkpoint ${gens[0]} skipped: it is .* bytes, its header says .* (truncated" "$WORK/trunc.log" ||
    fail "truncation not reported: $(cat "$WORK/trunc.log")"
grep -q "restored checkpoint generation $(num "${gens[1]}") " "$WORK/trunc.log" ||
    fail "did not fall back to the previous generation: $(cat "$WORK/trunc.log")"
kill -KILL $SPID
wait $SPID 2> /dev/null || true
# One flipped bit in the middle of the (now newest valid) generation.
size=$(stat -c %s "${gens[1]}")
off=$((size / 2))
byte=$(od -An -tu1 -j $off -N1 "${gens[1]}" | tr -d ' ')
printf "\\$(printf %03o $((byte ^ 16)))" | dd of="${gens[1]}" bs=1 seek=$off conv=notrunc status=none
start_shard "$WORK/flip.log" $BIG
grep -q "checkpoint ${gens[1]} skipped: its checksum is .* (corrupt)" "$WORK/flip.log" ||
    fail "bit flip not reported: $(cat "$WORK/flip.log")"
grep -q "restored checkpoint generation $(num "${gens[2]}") " "$WORK/flip.log" ||
    fail "did not fall back two generations: $(cat "$WORK/flip.log")"

# --no-restore starts afresh, and says so.
kill -KILL $SPID
wait $SPID 2> /dev/null || true
start_shard "$WORK/fresh.log" $BIG --no-restore
grep -q "no-restore, starting afresh" "$WORK/fresh.log" || fail "--no-restore: $(cat "$WORK/fresh.log")"
echo "# truncated and bit-flipped generations skipped, --no-restore honoured"

# --checkpoint-pause-ms holds the loop as a synchronous checkpoint would:
# the pause the shard logs includes it.
P=127.0.0.1:$(free_port)
start_shard "$WORK/pause.log" --listen $P --checkpoint-dir "$WORK/pause" \
    --checkpoint-every 0 --checkpoint-pause-ms 60
"$CTL" --cluster $P checkpoint > "$WORK/pause.out" || fail "taups-ctl checkpoint: $(cat "$WORK/pause.out")"
ms=$(sed -n 's/.*loop paused \([0-9.]*\) ms.*/\1/p' "$WORK/pause.log" | head -1)
[ -n "$ms" ] && awk -v m="$ms" 'BEGIN { exit !(m >= 60) }' ||
    fail "--checkpoint-pause-ms 60: the loop paused ${ms:-?} ms: $(cat "$WORK/pause.log")"
kill $SPID
wait $SPID 2> /dev/null || true
echo "# --checkpoint-pause-ms 60 paused the loop $ms ms"
