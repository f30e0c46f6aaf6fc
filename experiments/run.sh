#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs experiments one after another (concurrent runs would measure each
# other on a small machine), each into a results directory of its own:
#   experiments/run.sh e1-lag e1-ssp     some of them
#   experiments/run.sh                   all, in the order of the README
# NAME goes to experiments/results/NAME when that does not exist yet, else
# to results/NAME-YYYYMMDD-HHMM: committed results are never replaced or
# deleted; compare the two, then retire the old one with git rm.
#
#   experiments/run.sh --summarise-all
# runs nothing: remakes every results directory's summaries, records and
# plots from its runs (or, in a fresh clone, from its committed records),
# then the key figures (figures.py) and experiments/README.md's tables
# (tables.py --update). Directories from before records were kept are
# left as committed.
#
# Needs a build: ./build.sh (or TAUPS_BUILD=DIR for another build tree).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${TAUPS_BUILD:-$here/../build}
sweep=$build/tools/taups-sweep
[ -x "$sweep" ] || { echo "run.sh: no $sweep; run ./build.sh first" >&2; exit 2; }
results=$here/results

# Where an ID-analyse.py exists (E6b, E7), its table of the raw runs goes
# beside the summary as analysis.md; without the runs, the committed one
# stays.
analyse() {
    id=${1%%-*}
    [ -x "$here/$id-analyse.py" ] && { [ -d "$2/runs" ] || [ -d "$2/records" ]; } || return 0
    "$here/$id-analyse.py" "$2" > "$2/analysis.md.new" &&
        mv "$2/analysis.md.new" "$2/analysis.md" ||
        { rm -f "$2/analysis.md.new"; echo "run.sh: $1: $id-analyse.py failed"; }
}

if [ "${1:-}" = --summarise-all ]; then
    for dir in "$results"/*/; do
        dir=${dir%/}
        name=$(basename "$dir")
        if [ ! -f "$dir/sweep.json" ]; then
            continue
        elif [ ! -d "$dir/runs" ] && [ ! -f "$dir/records/runs.csv" ]; then
            echo "== $name: no runs/ and no records/ (run before records were kept): left as committed"
            continue
        fi
        echo "== $name"
        # From the top of the tree with a relative --out: sweep.json and
        # plots.gp then name the runs as every clone does.
        (cd "$here/.." && "$sweep" --summarise --out "experiments/results/$name") ||
            echo "run.sh: $name: --summarise failed"
        analyse "$name" "$dir"
    done
    python3 "$here/figures.py" "$results" || echo "run.sh: figures.py failed"
    exec python3 "$here/tables.py" --update
fi

# The e5-cnn experiment runs the build's taups package with the
# interpreter it was built for.
TAUPS_PYTHON=${TAUPS_PYTHON:-$(sed -n 's/^PYTHON = //p' "$build/Makefile")}
PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}"
export TAUPS_PYTHON PYTHONPATH
[ $# -gt 0 ] || set -- e1-threshold e1-lag e1-ssp e2-weighting e3-codecs e3-hetero \
    e3-bandwidth e4-local-floor e4-local e4-local-accum e4-local-mlp e4-splits \
    e5-consistency e5-comm e5-cnn e6-shards e6b-stragglers e7-failures \
    e10-backup e10b-accuracy e10b-accuracy-edge e11-delay-comp e12-momentum \
    e12b-momentum-illcond e12c-momentum-lag
for name in "$@"; do
    ini=$here/$name.ini
    [ -f "$ini" ] || { echo "run.sh: no experiment $ini" >&2; exit 2; }
    out=$results/$name
    [ -e "$out" ] && out=$results/$name-$(date -u +%Y%m%d-%H%M)
    if [ -e "$out" ]; then
        echo "run.sh: $name: $out exists too; wait a minute or move it" >&2
        exit 2
    fi
    echo "== $name into $out: $(date -u +%FT%TZ)"
    start=$(date +%s)
    # A diverging or failing run is recorded in the summary; go on.
    (cd "$here/.." && "$sweep" --out "experiments/results/${out##*/}" "experiments/$name.ini") ||
        echo "run.sh: $name: some runs failed (see $out/summary.md)"
    analyse "$name" "$out"
    echo "== $name: $(( $(date +%s) - start )) s"
done
