#!/bin/bash
# SPDX-License-Identifier: MIT
# What a push may claim, and how much of it applies, played by a raw client
# (tests/attacker) against real shards:
#  - a claimed gradient norm that is negative, NaN or infinite is refused
#    naming it; an understated one (dense or fp16, one chunk or two) is
#    clipped by what the shard sees, so no step exceeds lr * --clip-norm;
#  - with clipping, a push cut off after its first chunk changes nothing,
#    and sent again whole applies once; a push refused at any chunk applies
#    no chunk; without, what arrived is applied and the version moves;
#  - a decided staleness of 2^63 is refused, and the staleness counters
#    stay what the pushes made them.
. "$(dirname "$0")/lib.sh"
ATTACKER=$B/tests/attacker
[ -x "$ATTACKER" ] || { echo "missing $ATTACKER: make check builds it" >&2; exit 99; }

# start_shard LOG ARGS...: one shard (1 worker, lr 1) in the background;
# sets ADDR and SPID.
start_shard() {
    local log=$1
    shift
    ADDR=127.0.0.1:$(free_port)
    "$SERVER" --listen $ADDR --workers 1 --lr 1 --stats-every 0 "$@" 2> "$log" &
    SPID=$!
    PIDS="$PIDS $SPID"
    wait_for "$log" "listening on" 10 || fail "no server: $(cat "$log")"
}
stop_shard() {
    kill -TERM $SPID
    wait $SPID || fail "server exit status $?"
}

# --- 1. clipping cannot be talked out of ------------------------------------
start_shard "$WORK/clip.log" --clip-norm 0.1
timeout 60 "$ATTACKER" $ADDR - clip 0 > "$WORK/clip.out" || fail "attacker clip"
cat "$WORK/clip.out" | sed 's/^/# /'
for claim in -1 nan inf; do
    grep -q "^claim $claim none 1 chunks: step 0.000000 refused: .* claims a gradient norm of $claim; a norm is a finite number >= 0" "$WORK/clip.out" ||
        fail "claim $claim not refused: $(cat "$WORK/clip.out")"
done
grep -q "^claim -1 none 2 chunks: step 0.000000 refused" "$WORK/clip.out" ||
    fail "a negative claim over two chunks was applied: $(cat "$WORK/clip.out")"
# Understated claims and the honest one: each step is lr * clip-norm = 0.1
# (the gradient's norm, 100 or 141, is far above it).
n=0
while read -r step; do
    awk -v s="$step" 'BEGIN { exit !(s > 0.0999 && s <= 0.1 * (1 + 1e-5)) }' ||
        fail "a step of $step where lr * clip-norm is 0.1: $(cat "$WORK/clip.out")"
    n=$((n + 1))
done < <(grep -v refused "$WORK/clip.out" | sed -n 's/.*: step \([0-9.]*\)$/\1/p')
[ $n = 5 ] || fail "expected 5 applied pushes, found $n: $(cat "$WORK/clip.out")"
stop_shard

# --- 2. a push applies whole or not at all (clipping: staged) ---------------
start_shard "$WORK/half.log" --clip-norm 1e30
timeout 60 "$ATTACKER" $ADDR - halfpush 0 > "$WORK/half.out" || fail "attacker halfpush"
cat "$WORK/half.out" | sed 's/^/# /'
grep -q "^cut off after chunk 1 of 2: version 0, sum 0$" "$WORK/half.out" ||
    fail "a push cut off after chunk 1 left something: $(cat "$WORK/half.out")"
grep -q "^resent whole: 2 of 2 chunks answered PUSH_OK$" "$WORK/half.out" &&
    grep -q "^resent whole: version 1, sum -8$" "$WORK/half.out" ||
    fail "the resent push did not apply once, whole: $(cat "$WORK/half.out")"
grep -q "^NaN in chunk 2: .* has NaN at element 5; rejected" "$WORK/half.out" &&
    grep -q "^NaN in chunk 2: version 1, sum -8$" "$WORK/half.out" ||
    fail "a push refused at chunk 2 applied chunk 1: $(cat "$WORK/half.out")"
grep -q "^NaN in chunk 1, answer 2: push request 12 .* was refused at an earlier chunk" "$WORK/half.out" &&
    grep -q "^NaN in chunk 1: version 1, sum -8$" "$WORK/half.out" ||
    fail "a push refused at chunk 1 applied chunk 2: $(cat "$WORK/half.out")"
stop_shard

# --- 2b. without clipping, chunks apply as they come -------------------------
# What a push cut off or refused midway applied stays, as an update of its
# own: the version moves with it, so no two states share a version, and
# the resend applies only what was missing.
start_shard "$WORK/stream.log"
timeout 60 "$ATTACKER" $ADDR - halfpush 0 > "$WORK/stream.out" || fail "attacker halfpush (streamed)"
cat "$WORK/stream.out" | sed 's/^/# /'
for want in "cut off after chunk 1 of 2: version 1, sum -4" \
    "resent whole: 2 of 2 chunks answered PUSH_OK" "resent whole: version 2, sum -8" \
    "NaN in chunk 2: version 3, sum -12" "NaN in chunk 1: version 3, sum -12"; do
    grep -q "^$want$" "$WORK/stream.out" || fail "streamed: no \"$want\": $(cat "$WORK/stream.out")"
done
"$CTL" --cluster $ADDR stats --json > "$WORK/stream.json" || fail "taups-ctl stats"
python3 - "$WORK/stream.json" <<'PY' || fail "partial pushes: $(cat "$WORK/stream.json")"
import json, sys
d = json.load(open(sys.argv[1]))
d = d[0] if isinstance(d, list) else d
assert d["partial_pushes"] == 2, d["partial_pushes"]
PY
stop_shard

# --- 3. a decided staleness no run reaches ----------------------------------
start_shard "$WORK/stale.log"
timeout 60 "$ATTACKER" $ADDR - stale 0 > "$WORK/stale.out" || fail "attacker stale"
cat "$WORK/stale.out" | sed 's/^/# /'
grep -q "claims a staleness of 9223372036854775808 updates, more than 2^53" "$WORK/stale.out" ||
    fail "a staleness of 2^63 was not refused: $(cat "$WORK/stale.out")"
"$CTL" --cluster $ADDR stats --json > "$WORK/stale.json" || fail "taups-ctl stats"
python3 - "$WORK/stale.json" <<'PY' || fail "staleness counters: $(cat "$WORK/stale.json")"
import json, sys
d = json.load(open(sys.argv[1]))
st = (d[0] if isinstance(d, list) else d)["staleness"]
assert st["count"] == 0 and st["max"] == 0, st
PY
stop_shard
