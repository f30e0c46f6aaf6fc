#!/bin/bash
# SPDX-License-Identifier: MIT
# End to end, what experiment E8 relies on: sparse-logreg with --read-lag
# on one worker and one shard traced with --trace-rows. Every batch is
# pushed L steps late with the versions its rows were pulled at, so a row
# pushed in frame f is exactly as stale as the frames f-L .. f-1 that
# held it (counted here from the trace's own row lines), the bias is
# as stale as the pushes in between (min(k, L) for push k), and the first
# L steps push nothing.
. "$(dirname "$0")/lib.sh"

L=5
ITERS=150
start_servers 1 1 --mode async --lr 0.5 --trace "$WORK/trace.csv" --trace-rows
"$WORKER" --cluster "$CLUSTER" --workers 1 --rank 0 --model sparse-logreg \
    --data synth-ctr:rows=2000,features=500,nnz=8,zipf=1.1 --batch 16 \
    --iterations $ITERS --read-lag $L --log "$WORK/worker.csv" \
    2> "$WORK/worker.log" || fail "sparse read lag: $(cat "$WORK/worker.log")"
stop_servers
# Frames in order; a frame's row lines come before its push_rows line.
awk -F, -v L=$L '
    BEGIN { n = 0 }
    $2 == "row" { id[n] = id[n] " " $11; st[$11] = $7; rows++; next }
    $2 == "push_rows" {
        split(id[n], ids, " ")
        for (k in ids) {
            want = 0
            for (g = (n > L ? n - L : 0); g < n; g++)
                if (index(id[g] " ", " " ids[k] " ")) want++
            if (st[ids[k]] != want) { bad++; if (bad < 4) printf "# frame %d id %s: staleness %d, want %d\n", n, ids[k], st[ids[k]], want }
            if (want == L) full++
        }
        n++; next }
    $2 == "push" { if ($7 != (b < L ? b : L)) badb++; b++ }
    END { printf "# read lag %d: %d frames, %d rows, %d at staleness %d, %d wrong, bias wrong %d\n", L, n, rows, full, L, bad, badb
          exit !(n == '$((ITERS - L))' && rows > n && full > 0 && bad == 0 && badb == 0) }' \
    "$WORK/trace.csv" || fail "sparse read lag: row staleness is not the frames in between"

# --- E8's generator and analysis, on a small file ------------------------------
# The generator writes the same file twice from one seed, every row with
# nnz distinct ids in 1..F; one dense and one sparse run of E8's bytes
# part on it give the analysis a row whose dense bytes are the model's
# 8 F per iteration (within headers) and whose sparse bytes per row are
# more than the 8 of the values and less than twice that; and the same
# tables again from its records once the runs are gone.
PY=${TAUPS_PYTHON:-python3}
"$PY" -c 'import numpy' 2>/dev/null || { echo "# SKIP: no numpy for $PY"; exit 77; }
SRC=${TAUPS_SRCDIR:-$(dirname "$0")/..}
for d in a b; do
    "$PY" "$SRC/experiments/e8-data.py" --out "$WORK/$d" --features 2000 --rows 300 --nnz 10 \
        > "$WORK/$d.txt" || fail "e8-data.py failed"
done
cmp -s "$WORK/a/e8-F2000.svm" "$WORK/b/e8-F2000.svm" || fail "e8-data.py: one seed, two files"
awk '{ if (NF != 11 || ($1 != "+1" && $1 != "-1")) bad++
       for (i = 2; i <= NF; i++) { split($i, kv, ":"); if (kv[1] < 1 || kv[1] > 2000 || kv[1] in seen) bad++; seen[kv[1]] }
       delete seen }
     END { exit !(NR == 300 && bad == 0) }' "$WORK/a/e8-F2000.svm" || fail "e8-data.py: rows are not 10 distinct ids in 1..2000"
for model in logreg sparse-logreg; do
    run=$WORK/e8/bytes/runs/$model-F2000-seed1
    mkdir -p "$(dirname "$run")"
    "$LAUNCH" --shards 1 --workers 2 --model $model --data "$WORK/a/e8-F2000.svm" --dim 2000 \
        --batch 16 --iterations 30 --lr 0.05 --seed 1 --no-eval --no-plot --timeout 60 --out "$run" \
        --server-arg=--trace --server-arg="$run/trace.csv" --server-arg=--trace-rows \
        > "$run.out" 2>&1 || fail "e8 bytes run $model: $(cat "$run.out")"
done
"$PY" "$SRC/experiments/e8-analyse.py" "$WORK/e8" > "$WORK/analysis.md" || fail "e8-analyse.py failed"
grep -E '^\| 2000 \|' "$WORK/analysis.md" | awk -F'|' '{
        dense = $4 + 0; perrow = 8 * ($7 + 0)
        printf "# e8 bytes: dense %d B/iter (model 16000), sparse %.1f B per row\n", dense, perrow
        exit !(dense >= 16000 && dense < 16000 * 1.05 && perrow > 8 && perrow < 16) }' \
    || fail "e8-analyse.py: $(cat "$WORK/analysis.md")"
# Without the runs, the same tables from the records it kept.
rm -r "$WORK/e8/bytes/runs"
"$PY" "$SRC/experiments/e8-analyse.py" "$WORK/e8" > "$WORK/again.md" || fail "e8-analyse.py without runs failed"
cmp -s "$WORK/analysis.md" "$WORK/again.md" || fail "e8-analyse.py: the records do not give the tables the runs gave"
