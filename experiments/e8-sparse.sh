#!/bin/sh
# SPDX-License-Identifier: MIT
# E8, sparse models on sparse tables: the whole experiment, its five parts
# in order, into experiments/results/e8-sparse/PART (or $E8_OUT/PART); then
# e8-analyse.py writes analysis.md there. The chapter's claims and each
# part's design:
#
#  bytes    "A worker touching a fraction p of the rows sends only those
#           rows: the parameter server cuts bandwidth by p." The same
#           LIBSVM file (e8-data.py: 4,000 rows, 20 one-hot features,
#           Zipf 1.1) for F = 10^3 .. 10^6 features, trained by dense
#           logreg (a weight vector of F floats, pulled and pushed whole)
#           and by sparse-logreg (a table: the batch's rows only), 2
#           workers, 1 shard, 200 iterations, 3 seeds. Measured: bytes on
#           the wire per worker iteration (worker CSVs) and p = rows per
#           push / F (the shard's --trace); the analysis sets the ratio
#           sparse/dense against p and splits a row's bytes into id, version
#           and value (from --trace-rows) and frame headers.
#  stale    "Sparse recommendation models tolerate a staleness bound of
#           50-100 where dense ones need about 10." e8-stale-sparse.ini and
#           e8-stale-dense.ini: --read-lag tau in {0, 10, 50, 100}, lr tuned
#           per tau, updates to a target; the slowdown updates(tau) /
#           updates(0) per model.
#  rows     Per-row staleness of hot and cold rows at tau = 50: sparse-logreg
#           as in e8-stale-sparse (lr 0.03125, stable at tau = 50 in the
#           smoke runs), 3 seeds, 3,000 iterations, --trace-rows; the
#           analysis splits rows into hot (the top 1 % of ids by pushes)
#           and cold and gives p50/p90/p99 of each one's staleness.
#  fate     e8-fate.ini: per-row (--table-fate row) against per-push
#           (push) staleness weighting, inverse and none, at tau = 50.
#  balance  Hash-slot balance under Zipf skew: taups-bench --table (push
#           and pull of 1,000 ids from 10^6, dim 16) over S = 2, 4, 8
#           shards and Zipf s = 0.8, 1.1, 1.4; max/mean of rows and of row
#           traffic per shard (the bench's own counters; its timings are
#           not used).
#
#   experiments/e8-sparse.sh                 every part
#   experiments/e8-sparse.sh stale rows      some of them
#   E8_SEEDS="1" E8_OUT=/tmp/e8 experiments/e8-sparse.sh bytes rows
#                                            a smoke run of the launched
#                                            parts (seeds of bytes and rows)
# Needs a build (./build.sh, or TAUPS_BUILD=DIR) and python3 with numpy.
# A part whose directory exists is refused, so committed results are never
# overwritten: move them away, or give E8_OUT. Commit analysis.md, records/,
# balance/ and the sweeps' directories (their runs/ stay out of git). The data (a few MB) goes to
# experiments/data/ (git-ignored), made again when missing. About 10
# minutes on 2 idle cores, estimated from reduced smoke runs (seconds per
# run times runs): bytes 0.5, stale 5 (sparse 3, dense 2), rows 0.5, fate
# 3, balance 0.5.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${TAUPS_BUILD:-$here/../build}
out=${E8_OUT:-$here/results/e8-sparse}
data=$here/data
# The interpreter the build was configured with (it has numpy, which a
# python3 earlier on PATH may lack), as run.sh uses.
py=${PYTHON:-$(sed -n 's/^PYTHON = //p' "$build/Makefile" 2> /dev/null)}
py=${py:-python3}
seeds=${E8_SEEDS:-1 2 3}
for p in tools/taups-launch tools/taups-sweep tools/taups-bench; do
    [ -x "$build/$p" ] || { echo "e8-sparse.sh: no $build/$p; run ./build.sh first" >&2; exit 2; }
done
[ $# -gt 0 ] || set -- bytes stale rows fate balance
for part in "$@"; do
    case $part in
    bytes | stale | rows | fate | balance) ;;
    *) echo "e8-sparse.sh: no part \"$part\" (bytes, stale, rows, fate, balance)" >&2; exit 2 ;;
    esac
    if [ -e "$out/$part" ]; then
        echo "e8-sparse.sh: $out/$part exists; move it away or set E8_OUT" >&2
        exit 2
    fi
done
mkdir -p "$out" "$data"
[ -f "$data/e8-F1000000.svm" ] || "$py" "$here/e8-data.py" --out "$data"
[ -f "$data/e8-ctr-F10000.svm" ] ||
    "$py" "$here/e8-data.py" --out "$data" --features 10000 --rows 20000 --prefix e8-ctr-F

# launch DIR ARGS...: one run into DIR, its shard traced into DIR/trace.csv.
# The run directories (runs/, git-ignored) hold traces of many MB;
# e8-analyse.py keeps what its tables need in records/.
launch() {
    dir=$1
    shift
    mkdir -p "$(dirname "$dir")"
    "$build/tools/taups-launch" --shards 1 --no-plot --timeout 300 --out "$dir" \
        --server-arg=--trace --server-arg="$dir/trace.csv" "$@" > "$dir.out" 2>&1 ||
        echo "e8-sparse.sh: $dir failed (see $dir.out)"
}

part_bytes() {
    for f in 1000 10000 100000 1000000; do
        for model in logreg sparse-logreg; do
            rows=
            [ $model = logreg ] || rows=--server-arg=--trace-rows
            for seed in $seeds; do
                launch "$out/bytes/runs/$model-F$f-seed$seed" --workers 2 --model $model \
                    --data "$data/e8-F$f.svm" --dim $f --batch 32 --iterations 200 \
                    --lr 0.05 --seed "$seed" --no-eval $rows
            done
        done
    done
}

part_stale() {
    "$build/tools/taups-sweep" --out "$out/stale/sparse" "$here/e8-stale-sparse.ini" ||
        echo "e8-sparse.sh: stale/sparse: some runs failed"
    "$build/tools/taups-sweep" --out "$out/stale/dense" "$here/e8-stale-dense.ini" ||
        echo "e8-sparse.sh: stale/dense: some runs failed"
}

part_rows() {
    for seed in $seeds; do
        launch "$out/rows/runs/tau50-seed$seed" --workers 1 --model sparse-logreg \
            --data "$data/e8-ctr-F10000.svm" --batch 32 --iterations 3000 \
            --lr 0.03125 --seed "$seed" --no-eval --server-arg=--trace-rows \
            --worker-arg=--read-lag --worker-arg=50
    done
}

part_fate() {
    "$build/tools/taups-sweep" --out "$out/fate" "$here/e8-fate.ini" ||
        echo "e8-sparse.sh: fate: some runs failed"
}

part_balance() {
    for s in 2 4 8; do
        for z in 0.8 1.1 1.4; do
            "$build/tools/taups-bench" --table --shards $s --zipf $z --ids 1000 \
                --rows 1000000 --dim 16 --ops push,pull --rounds 1 --reps 200 \
                --min-time 0 --json > "$out/balance/S$s-zipf$z.json" 2> "$out/balance/S$s-zipf$z.log" ||
                echo "e8-sparse.sh: balance S=$s zipf=$z failed (see its .log)"
        done
    done
}

cd "$here/.."
for part in "$@"; do
    echo "== e8 $part: $(date -u +%FT%TZ)"
    start=$(date +%s)
    mkdir -p "$out/$part"
    "part_$part"
    echo "== e8 $part: $(( $(date +%s) - start )) s"
done
"$py" "$here/e8-analyse.py" "$out" > "$out/analysis.md" || echo "e8-sparse.sh: e8-analyse.py failed"
