#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs experiments one after another (concurrent runs would measure each
# other on a small machine) into experiments/results/NAME, replacing what
# was there.
#   experiments/run.sh e1-async e1-ssp    some of them
#   experiments/run.sh                    all, in the order of the README
# Needs a build: ./build.sh (or TAUPS_BUILD=DIR for another build tree).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${TAUPS_BUILD:-$here/../build}
sweep=$build/tools/taups-sweep
[ -x "$sweep" ] || { echo "run.sh: no $sweep; run ./build.sh first" >&2; exit 2; }
# The Python experiments (e5-cnn) run the build's taups package with the
# interpreter it was built for.
TAUPS_PYTHON=${TAUPS_PYTHON:-$(sed -n 's/^PYTHON = //p' "$build/Makefile")}
PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}"
export TAUPS_PYTHON PYTHONPATH
[ $# -gt 0 ] || set -- e1-threshold e1-lag e1-ssp e2-weighting e3-codecs e3-hetero \
    e3-bandwidth e4-local e4-local-mlp e4-splits e5-consistency e5-comm e5-cnn \
    e6-shards e6b-stragglers e7-failures
for name in "$@"; do
    ini=$here/$name.ini
    [ -f "$ini" ] || { echo "run.sh: no experiment $ini" >&2; exit 2; }
    out=$here/results/$name
    rm -rf "$out"
    echo "== $name: $(date -u +%FT%TZ)"
    start=$(date +%s)
    # A diverging or failing run is recorded in the summary; go on.
    (cd "$here/.." && "$sweep" --out "$out" "$ini") || echo "run.sh: $name: some runs failed (see $out/summary.md)"
    # An experiment whose table needs more than the sweep's summary (E6b,
    # E7) has an ID-analyse.py that reads the runs: its table goes beside.
    id=${name%%-*}
    if [ -x "$here/$id-analyse.py" ]; then
        "$here/$id-analyse.py" "$out" > "$out/analysis.md" || echo "run.sh: $name: $id-analyse.py failed"
    fi
    echo "== $name: $(( $(date +%s) - start )) s"
done
