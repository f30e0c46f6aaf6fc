#!/bin/bash
# SPDX-License-Identifier: MIT
# The suite must not flake: runs `make check` N times in a row in a build
# directory while a CPU hog keeps both cores busy, and stops at the first
# failure (whose logs stay in the build directory).
#
#   tests/stress.sh BUILDDIR [N]       (N defaults to 10)
#
# Prints one line per round and the count of passed rounds; exit 0 only if
# all N passed.
set -u
build=${1:?usage: tests/stress.sh BUILDDIR [N]}
n=${2:-10}
hogs=""
cleanup() { [ -n "$hogs" ] && kill $hogs 2> /dev/null; wait 2> /dev/null; }
trap cleanup EXIT INT TERM
for _ in $(seq "$(nproc)"); do
    # A pure spinner at normal priority: it competes for every core the
    # tests want, as a busy machine's other tenants do.
    sh -c 'while :; do :; done' &
    hogs="$hogs $!"
done
passed=0
for r in $(seq "$n"); do
    t0=$(date +%s)
    if make -C "$build" -j"$(nproc)" check > "$build/stress-$r.log" 2>&1; then
        passed=$((passed + 1))
        echo "round $r: passed in $(( $(date +%s) - t0 )) s"
    else
        echo "round $r: FAILED after $(( $(date +%s) - t0 )) s; see $build/stress-$r.log and $build/test-suite.log"
        grep -E '^(FAIL|ERROR)' "$build/stress-$r.log" | head
        break
    fi
done
echo "stress: $passed of $n rounds passed beside $(nproc) CPU hogs"
[ "$passed" = "$n" ]
