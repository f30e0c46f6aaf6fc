#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs libFuzzer targets that `make fuzz` built; builds nothing.
#
#   run.sh SECONDS [TARGET...]
#
# TARGET is a name (frame) or a path to the binary (tests/fuzz/fuzz_frame);
# without one, every tests/fuzz/fuzz_* below the current directory (a build
# directory) runs. For each target: the crash inputs of regress/NAME are
# replayed first, then the target runs for SECONDS over a copy of
# corpus/NAME in a temporary directory, so that nothing is written into the
# source tree. Prints each target's executions, speed and coverage (cov:
# edges, ft: features, from libFuzzer's last line); fails if any target
# crashes, leaks, hangs or runs out of memory, and then keeps the temporary
# directory with the reproducer and the log. FUZZ_FLAGS adds libFuzzer
# flags (e.g. FUZZ_FLAGS=-jobs=2).
set -u

here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 1 ]; then
    echo "usage: $0 SECONDS [TARGET...]" >&2
    exit 2
fi
secs=$1
shift
if [ $# -eq 0 ]; then
    for t in tests/fuzz/fuzz_*; do
        [ -x "$t" ] && [ -f "$t" ] && set -- "$@" "$t"
    done
    if [ $# -eq 0 ]; then
        echo "$0: no tests/fuzz/fuzz_* here; run \`make fuzz\` in a build directory" >&2
        exit 2
    fi
fi

# The parsers say why they refuse an input on stderr, once per execution:
# -close_fd_mask=3 silences the target, not libFuzzer or the sanitizers.
flags="-print_final_stats=1 -close_fd_mask=3 -timeout=25 -rss_limit_mb=2048 ${FUZZ_FLAGS:-}"
status=0
for t in "$@"; do
    case $t in
    */*) bin=$t ;;
    *) bin=tests/fuzz/fuzz_$t ;;
    esac
    name=$(basename "$bin")
    name=${name#fuzz_}
    if [ ! -x "$bin" ]; then
        echo "$name: $bin is missing; run \`make fuzz\` first"
        status=1
        continue
    fi
    bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
    work=$(mktemp -d "${TMPDIR:-/tmp}/taups-fuzz-$name.XXXXXX")

    if [ -d "$here/regress/$name" ] && [ -n "$(ls "$here/regress/$name")" ]; then
        # shellcheck disable=SC2086
        if ! (cd "$work" && "$bin" $flags "$here/regress/$name"/* \
                > regress.log 2>&1); then
            echo "$name: FAILED: a committed crash input crashes again; see $work/regress.log"
            grep -E '^(==[0-9]+==ERROR|SUMMARY|Running:)' "$work/regress.log" | tail -n 4
            status=1
            continue
        fi
        nregress=$(ls "$here/regress/$name" | wc -l)
    else
        nregress=0
    fi

    mkdir "$work/corpus"
    [ -d "$here/corpus/$name" ] && cp "$here/corpus/$name"/* "$work/corpus/" 2>/dev/null
    nseeds=$(ls "$work/corpus" | wc -l)
    # shellcheck disable=SC2086
    if (cd "$work" && "$bin" $flags -max_total_time="$secs" \
            -artifact_prefix="$work/" corpus > fuzz.log 2>&1); then
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log")
        last=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$work/fuzz.log" | tail -n 1)
        cov=$(echo "$last" | grep -o 'cov: [0-9]*' | cut -d' ' -f2)
        ft=$(echo "$last" | grep -o 'ft: [0-9]*' | cut -d' ' -f2)
        speed=$(echo "$last" | grep -o 'exec/s: [0-9]*' | cut -d' ' -f2)
        echo "$name: ${execs:-?} execs in ${secs} s (${speed:-?}/s), cov ${cov:-?}, ft ${ft:-?}, corpus $nseeds -> $(ls "$work/corpus" | wc -l), $nregress regressions replayed"
        rm -rf "$work"
    else
        echo "$name: FAILED; log and reproducer in $work"
        grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz_[a-z]+:)|Test unit written' "$work/fuzz.log" | head -n 6
        status=1
    fi
done
exit $status
