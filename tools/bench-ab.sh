#!/bin/bash
# SPDX-License-Identifier: MIT
# A/B of the hot paths: the build in the current directory (B) against git
# revision REV of the same repository (A), built here once, in interleaved
# rounds on this machine (run it on an otherwise idle one). Each round
# measures, with A and B back to back and their order swapped every round
# (A B, B A, A B, ...) so that drift falls on both alike:
#   - taups-bench push, pull and push+pull at 1 and 16 MiB, 1 worker x 1
#     shard and 2 x 2 (goodput),
#   - 64 B pushes with one in flight and with 64 in flight (ops/s, and the
#     p50 latency of the first),
#   - rows of a table: pulls and pushes of 1,000 Zipf-drawn ids of dim 16
#     (rows/s and p50), 1 shard and 2,
#   - training: lsq 10000 x 1000 with 2 workers on one shard, strict order,
#     TRAIN_UPDATES updates (updates/s from the workers' logs).
# Prints one row per measurement: the median [min-max] over the rounds for
# A and for B, and B/A taken within each round (median [min-max]).
#
# REV is built in a detached git worktree, configured without sanitizers
# or -Werror, and kept in ${TMPDIR:-/tmp}/taups-ab-SHA, so a second A/B
# against the same commit starts at once.
set -eu
usage() {
    cat << 'EOF'
Usage, from a build directory of taups: ../tools/bench-ab.sh REV
Measures this build (B) against git revision REV (A) in interleaved rounds.
What REV's programs cannot measure (an option they lack) is left out.
Environment: ROUNDS (3), TRAIN_UPDATES (20000), BENCH_TIME (seconds per
taups-bench point, 0.3), OUT (directory for the raw JSON lines and logs),
AB_CACHE (where REV's build is kept; default ${TMPDIR:-/tmp}/taups-ab-SHA).
EOF
}
case ${1:-} in
-h | --help) usage; exit 0 ;;
'' | -*) usage >&2; exit 2 ;;
esac
[ $# = 1 ] || { usage >&2; exit 2; }
REV=$1
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/bench-lib.sh"
NEW=$(pwd)
bench_use "$NEW"
SRC=$(git -C "$HERE" rev-parse --show-toplevel 2> /dev/null) ||
    { echo "$HERE is not in a git repository: bench-ab.sh needs one to build $REV" >&2; exit 2; }
SHA=$(git -C "$SRC" rev-parse --verify -q "$REV^{commit}") ||
    { echo "$REV is not a commit of the repository at $SRC" >&2; exit 2; }
if grep -q '^SAN_CFLAGS = -fsanitize' "$NEW/Makefile" 2> /dev/null; then
    echo "$NEW is built with --enable-asan: configure a build without sanitizers to measure it" >&2
    exit 2
fi
ROUNDS=${ROUNDS:-3}
TRAIN_UPDATES=${TRAIN_UPDATES:-20000}
BENCH_TIME=${BENCH_TIME:-0.3}
bench_out taups-ab

# REV's build: the stamp is written last, so a build that failed or was
# interrupted is started again from nothing. The build stays where it was
# made (libtool's wrappers name their own directory); the worktree is
# removed once built, so that git lists no stray worktree.
CACHE=${AB_CACHE:-${TMPDIR:-/tmp}/taups-ab-$SHA}
if [ ! -f "$CACHE/built" ]; then
    echo "building $REV ($SHA) in $CACHE (log: $CACHE/build.log)" >&2
    git -C "$SRC" worktree remove --force "$CACHE/src" 2> /dev/null || true
    rm -rf "$CACHE"
    git -C "$SRC" worktree prune
    mkdir -p "$CACHE/build"
    git -C "$SRC" worktree add -q --detach "$CACHE/src" "$SHA"
    if ! (cd "$CACHE/src" && autoreconf -fi && cd "$CACHE/build" &&
        ../src/configure --disable-tests && make -j2) > "$CACHE/build.log" 2>&1; then
        echo "building $REV failed; the end of $CACHE/build.log:" >&2
        tail -n 20 "$CACHE/build.log" >&2
        git -C "$SRC" worktree remove --force "$CACHE/src" 2> /dev/null || true
        exit 1
    fi
    git -C "$SRC" worktree remove --force "$CACHE/src"
    echo "$SHA" > "$CACHE/built"
fi
OLD=$CACHE/build
bench_use "$OLD"
DESC_A=$(git -C "$SRC" log -1 --format='%h %s' "$SHA" | cut -c1-72)
DESC_B="$(git -C "$SRC" describe --always --dirty 2> /dev/null || echo '?') in $NEW"

measure() { # ROUND
    local r=$1
    local t=(--min-time "$BENCH_TIME")
    bench "$r" 1x1 --ops push,pull,pushpull --min-size 1M --max-size 16M --factor 16 "${t[@]}"
    bench "$r" 2x2 --workers 2 --shards 2 --ops push,pull,pushpull --min-size 1M \
        --max-size 16M --factor 16 "${t[@]}"
    bench "$r" small --ops push --min-size 64 --max-size 64 "${t[@]}"
    bench "$r" pipe64 --ops push --min-size 64 --max-size 64 --inflight 64 "${t[@]}"
    bench "$r" rows1 --table --ops pull,push "${t[@]}"
    bench "$r" rows2 --table --shards 2 --ops pull,push "${t[@]}"
    train "$r" 2 off
}

side() { # LETTER ROUND
    TAG_BUILD=$1
    if [ "$1" = A ]; then bench_use "$OLD"; else bench_use "$NEW"; fi
    measure "$2"
}

for r in $(seq 1 "$ROUNDS"); do
    echo "round $r of $ROUNDS" >&2
    if [ $((r % 2)) = 1 ]; then
        side A "$r"
        side B "$r"
    else
        side B "$r"
        side A "$r"
    fi
done

python3 - "$RAW" "$DESC_A" "$DESC_B" "$ROUNDS" "$TRAIN_UPDATES" << 'PYEOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]

def num(x):
    return "%.0f" % x if abs(x) >= 1000 else "%.4g" % x

def fmt(xs, f=num):
    if not xs:
        return "-"
    return "%s [%s-%s]" % (f(statistics.median(xs)), f(min(xs)), f(max(xs)))

def value(build, what, key, **kw):
    """{round: value} of one build's measurement"""
    return {r["round"]: r[key] for r in rows
            if r.get("build") == build and r["what"] == what and key in r
            and all(r.get(k) == v for k, v in kw.items())}

def row(label, what, key, scale=1.0, **kw):
    a, b = value("A", what, key, **kw), value("B", what, key, **kw)
    ratio = [b[k] / a[k] for k in a if k in b and a[k]]
    print("| %s | %s | %s | %s |" % (label, fmt([x * scale for x in a.values()]),
                                     fmt([x * scale for x in b.values()]),
                                     fmt(ratio, lambda x: "%.3f" % x)))

print("A: %s\nB: %s\n%s rounds, ABBA; medians [min-max], B/A within each round\n"
      % (sys.argv[2], sys.argv[3], sys.argv[4]))
print("| measurement | A | B | B/A |\n|---|---|---|---|")
names = {"push": "push", "pull": "pull", "pushpull": "push+pull"}
for what, shape in (("1x1", "1x1"), ("2x2", "2x2")):
    for size in (1 << 20, 16 << 20):
        for op in ("push", "pull", "pushpull"):
            row("%s %d MiB %s, GB/s" % (names[op], size >> 20, shape), what,
                "goodput_bytes_per_s", 1e-9, op=op, size_bytes=size)
row("64 B push, 1 in flight, ops/s", "small", "ops_per_s")
row("64 B push, 1 in flight, p50 us", "small", "lat_p50_ms", 1e3)
row("64 B push, 64 in flight, ops/s", "pipe64", "ops_per_s")
for what, shards in (("rows1", 1), ("rows2", 2)):
    for op in ("pull", "push"):
        row("%s 1000 rows, %d shard(s), rows/s" % (op, shards), what, "rows_per_s",
            op=op + "_rows")
        row("%s 1000 rows, %d shard(s), p50 us" % (op, shards), what, "lat_p50_ms",
            1e3, op=op + "_rows")
row("lsq 2 workers x 1 shard, %s updates, updates/s" % sys.argv[5], "train", "updates_per_s")
for b in ("A", "B"):
    bad = sum(1 for r in rows if r.get("build") == b and r.get("diverged"))
    if bad:
        print("\n%s: training diverged in %d round(s), left out" % (b, bad))
PYEOF
echo "raw figures: $RAW" >&2
