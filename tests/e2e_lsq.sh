#!/bin/bash
# SPDX-License-Identifier: MIT
# End to end with real processes: taups-launch starts 2 shards, 4 async
# workers and an evaluator on least squares with condition number 100; the
# evaluator's relative error ||x - x*|| / ||x*|| must drop below 1e-3, the run
# directory must hold what the launcher promises, and no process of the run
# may survive it.
. "$(dirname "$0")/lib.sh"

out=$WORK/run
"$LAUNCH" --model lsq --cond 100 --shards 2 --workers 4 --iterations 4000 \
    --batch 32 --lr 0.3 --eval-every 100 --timeout 120 --out "$out" \
    > "$WORK/launch.out" 2>&1 || { cat "$WORK/launch.out"; fail "launcher failed"; }

for f in run.json eval.csv server-0.log server-1.log worker-0.csv worker-3.csv \
    worker-0.log eval.log loss.png rel_err.png; do
    [ -s "$out/$f" ] || fail "run directory lacks $f"
done
head -1 "$out/eval.csv" | grep -q '^time_s,updates,loss,rel_err,versions,reconnects$' || fail "eval.csv header"
final=$(tail -1 "$out/eval.csv" | cut -d, -f4)
updates=$(tail -1 "$out/eval.csv" | cut -d, -f2)
echo "# final rel_err $final after $updates updates"
awk -v e="$final" 'BEGIN { exit !(e < 1e-3) }' || fail "rel_err $final >= 1e-3"
# Every worker ran all its iterations: 4 x 4000 updates reached the shards.
[ "$updates" = 16000 ] || fail "expected 16000 updates, evaluator saw $updates"
grep -q '"workers": 4' "$out/run.json" || fail "run.json lacks the settings"
# Servers shut down cleanly and reported their totals.
grep -q "stopping:.*16000 pushes" "$out/server-0.log" || fail "server-0 summary: $(tail -2 "$out/server-0.log")"
# No process of this run is left.
addr=$(grep -o 'listening on [0-9.]*:[0-9]*' "$out/server-0.log" | cut -d' ' -f3)
sleep 0.2
if pgrep -f "taups-.*$addr" >/dev/null; then
    pgrep -af "taups-.*$addr" >&2
    fail "processes of the run survived"
fi
echo "e2e_lsq: 1 passed, 0 failed"
