#!/bin/bash
# SPDX-License-Identifier: MIT
# Compression end to end, with real processes.
# 1. Error feedback matters: 4 async workers holding different rows of an lsq
#    problem, top-k at 1%: with error feedback the final loss is far lower
#    than without, at the same lr and iterations.
# 2. qsgd:8 is nearly free: in sync mode with full batches (deterministic
#    but for the codec's stochastic rounding) its final loss is within 1% of
#    the uncompressed run's.
# 3. Wire bytes, as the shards count them (taups-ctl stats), equal the
#    codec formulas plus the frame headers, and raw bytes equal 4n per push.
# 4. Top-k with error feedback at a learning rate far past stability: the
#    workers stop saying that training diverged (a non-finite loss or
#    residual), and no non-finite value reaches the shards.
. "$(dirname "$0")/lib.sh"
[ -x "$CTL" ] || { echo "missing $CTL" >&2; exit 99; }

final_loss() { tail -1 "$1/eval.csv" | cut -d, -f3; }

launch() { # OUT ARGS...
    out=$1
    shift
    "$LAUNCH" --seed 1 --model lsq --shards 2 --workers 4 --eval-every 1000 \
        --no-plot --timeout 120 --out "$out" "$@" > "$out.log" 2>&1 \
        || fail "launch $out: $(tail -5 "$out.log")"
}

# --- 1. top-k 1% with and without error feedback ---------------------------
for ef in on off; do
    launch "$WORK/ef-$ef" --iterations 3000 --batch 8 --lr 0.05 --dim 256 \
        --rows 4096 --worker-arg=--codec --worker-arg=topk:0.01 \
        --worker-arg=--error-feedback --worker-arg=$ef
done
on=$(final_loss "$WORK/ef-on") off=$(final_loss "$WORK/ef-off")
echo "# topk:0.01 final loss: error feedback $on, without $off"
awk -v a="$on" -v b="$off" 'BEGIN { exit !(a < b / 100) }' \
    || fail "error feedback did not help: $on vs $off"

# --- 2. qsgd:8 against no compression ----------------------------------------
for c in none qsgd:8; do
    launch "$WORK/q-$c" --iterations 40 --lr 0.5 --server-arg=--mode \
        --server-arg=sync --worker-arg=--full-batch --worker-arg=--codec \
        --worker-arg=$c
done
a=$(final_loss "$WORK/q-none") b=$(final_loss "$WORK/q-qsgd:8")
echo "# sync full batch, 40 steps: loss $a uncompressed, $b with qsgd:8"
awk -v a="$a" -v b="$b" 'BEGIN { d = (a - b) / a; if (d < 0) d = -d; exit !(d <= 0.01) }' \
    || fail "qsgd:8 is not within 1% of the uncompressed loss"

# --- 3. wire bytes against the formulas ----------------------------------------
# One worker pushes a 1000-element tensor 20 times through one shard; the
# payload of each push must be the formula's size, and the frame around it
# a preamble (16) plus a header of at most 120 bytes.
n=1000 pushes=20
ceil() { echo $(( ($1 + $2 - 1) / $2 )); }
buckets=$(ceil $n 512)
for spec in "none $((4 * n))" "fp16 $((2 * n))" "bf16 $((2 * n))" \
    "qsgd:8 $(( $(ceil $((8 * n)) 8) + 4 * buckets ))" \
    "qsgd:2 $(( $(ceil $((2 * n)) 8) + 4 * buckets ))" \
    "uniform:4 $(( $(ceil $((4 * n)) 8) + 8 * buckets ))" \
    "topk:0.01 $(( 10 * 4 + 10 * 4 ))" "randk:0.05 $(( 50 * 4 ))" \
    "sign $(( $(ceil $n 8) + 4 ))"; do
    set -- $spec
    codec=$1 want=$2
    start_servers 1 1 --lr 0.01
    "$WORKER" --cluster "$CLUSTER" --workers 1 --model lsq --dim $n --rows $n \
        --iterations $pushes --codec "$codec" 2> "$WORK/w.log" || fail "$codec: worker failed: $(cat "$WORK/w.log")"
    "$CTL" --cluster "$CLUSTER" stats --json > "$WORK/s.json" || fail "stats failed"
    stop_servers
    # The codec's entry: "codec": "NAME", "push_frames": F, "raw_in": R, "wire_in": W
    entry=$(grep -o '{"codec": "[^"]*", "push_frames": [0-9]*, "raw_in": [0-9]*, "wire_in": [0-9]*' "$WORK/s.json" | grep -v '"push_frames": 0' | head -1)
    frames=$(echo "$entry" | sed 's/.*"push_frames": \([0-9]*\).*/\1/')
    raw=$(echo "$entry" | sed 's/.*"raw_in": \([0-9]*\).*/\1/')
    wire=$(echo "$entry" | sed 's/.*"wire_in": \([0-9]*\).*/\1/')
    [ "$frames" = $pushes ] || fail "$codec: $frames push frames, expected $pushes: $entry"
    [ "$raw" = $((pushes * 4 * n)) ] || fail "$codec: raw $raw != $((pushes * 4 * n))"
    lo=$((pushes * (want + 16))) hi=$((pushes * (want + 16 + 120)))
    echo "# $codec: $((wire / pushes)) wire bytes per push, payload formula $want"
    [ "$wire" -ge $lo ] && [ "$wire" -le $hi ] || fail "$codec: wire $wire not in [$lo, $hi]"
done
# --- 4. divergence under error feedback is named ----------------------------
if "$LAUNCH" --seed 1 --model lsq --shards 1 --workers 2 --iterations 5000 \
    --lr 50 --no-plot --timeout 60 --out "$WORK/div" \
    --worker-arg=--codec --worker-arg=topk:0.01 > "$WORK/div.log" 2>&1; then
    fail "lr 50 with top-k should diverge: $(tail -3 "$WORK/div.log")"
fi
# Either a worker sees its loss blow up, or, first, the shard refuses the
# update that would overflow the parameters (and says why).
grep -qE "training diverged|would make parameters non-finite \(lr too large\?\)" \
    "$WORK"/div/worker-*.log ||
    fail "the workers did not name the divergence: $(tail -n 3 "$WORK"/div/worker-*.log)"
grep -q " 0 protocol errors" "$WORK/div/server-0.log" ||
    fail "a broken frame reached the shard: $(grep stopping "$WORK/div/server-0.log")"
# What the shard served stayed finite: the evaluator's last loss is a number.
grep -qE "final: rel_err [0-9.e+-]+, loss [0-9.e+-]+ " "$WORK/div.log" ||
    fail "the evaluator read non-finite parameters: $(grep final: "$WORK/div.log")"
echo "e2e_compress: 4 passed, 0 failed"
