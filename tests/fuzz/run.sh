#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs each libFuzzer target for SECONDS over a copy of its seed corpus
# (CORPUS/<name without fuzz_>), never writing into the source tree; prints
# each target's executions and coverage; fails if any target finds a crash
# (its reproducer is kept in the printed directory).
#   run.sh SECONDS CORPUS TARGET...
set -u
secs=$1 corpus=$2
shift 2
status=0
for t in "$@"; do
    name=$(basename "$t")
    work=$(mktemp -d "${TMPDIR:-/tmp}/taups-fuzz.XXXXXX")
    mkdir -p "$work/corpus"
    cp "$corpus/${name#fuzz_}"/* "$work/corpus/" 2>/dev/null || true
    abs=$(cd "$(dirname "$t")" && pwd)/$name
    if (cd "$work" && "$abs" -max_total_time="$secs" -print_final_stats=1 \
            -rss_limit_mb=1024 corpus > log 2>&1); then
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
        cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$work/log" | tail -n 1)
        echo "$name: $execs runs in $secs s, $cov, corpus $(ls "$work/corpus" | wc -l)"
        rm -rf "$work"
    else
        echo "$name: FAILED; log and reproducer in $work"
        grep -E 'ERROR|SUMMARY|abort|Test unit written' "$work/log" | head -n 5
        status=1
    fi
done
exit $status
