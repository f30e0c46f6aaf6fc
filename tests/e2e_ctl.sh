#!/bin/bash
# SPDX-License-Identifier: MIT
# taups-ctl against a real cluster: 2 shards after one worker's 20
# iterations. stats counts what the worker did (and the admin client adds no
# worker and no push), --json is one valid JSON array, dump writes a .npy
# file numpy's way that does not change between two dumps of an idle
# cluster, and failures (unknown tensor, full device, unreachable shard, bad
# usage) say what went wrong, exit non-zero and leave no file behind.
. "$(dirname "$0")/lib.sh"

[ -x "$CTL" ] || { echo "missing $CTL: build first" >&2; exit 99; }

p0=$(free_port)
p1=$(free_port)
while [ "$p1" = "$p0" ]; do p1=$(free_port); done
cluster=127.0.0.1:$p0,127.0.0.1:$p1
for s in 0 1; do
    port=$p0
    [ $s = 0 ] || port=$p1
    "$SERVER" --listen 127.0.0.1:$port --cluster $cluster --shard $s \
        --workers 1 --lr 0.5 2> "$WORK/server-$s.log" &
    PIDS="$PIDS $!"
done
for s in 0 1; do
    wait_for "$WORK/server-$s.log" "listening on" 10 || fail "server $s did not start"
done
"$WORKER" --cluster $cluster --workers 1 --rank 0 --model lsq --iterations 20 \
    2> "$WORK/worker.log" || fail "worker: $(cat "$WORK/worker.log")"

ctl() { "$CTL" --cluster $cluster --connect-timeout 2000 "$@"; }

# Usage: commands listed, usage errors exit 2.
"$CTL" --help | grep -q '^  dump TENSOR FILE.npy' || fail "--help lacks dump"
"$CTL" --help | grep -q '^  stats' || fail "--help lacks stats"
set +e
out=$(ctl frob 2>&1); rc=$?
set -e
[ $rc = 2 ] || fail "unknown command: exit $rc"
echo "$out" | grep -q 'unknown command "frob"' || fail "unknown command message: $out"
set +e
out=$(ctl dump w 2>&1); rc=$?
set -e
[ $rc = 2 ] || fail "dump without a file: exit $rc"
echo "$out" | grep -q 'usage: dump TENSOR FILE.npy' || fail "dump usage message: $out"

# stats: each shard took 20 pushes, made 20 steps and answered 20 pulls, and
# holds its half of w at version 20; the worker has left.
ctl stats > "$WORK/stats.txt" 2>&1 || fail "stats: $(cat "$WORK/stats.txt")"
[ "$(grep -c '^  pushes     20 (20 frames), 20 steps, 0 dropped' "$WORK/stats.txt")" = 2 ] \
    || fail "stats pushes: $(cat "$WORK/stats.txt")"
[ "$(grep -c '^  pulls      20,' "$WORK/stats.txt")" = 2 ] || fail "stats pulls"
grep -q "^shard 0 at 127.0.0.1:$p0: mode async, optimizer sgd lr=0.5" "$WORK/stats.txt" \
    || fail "stats shard 0 heading: $(head -1 "$WORK/stats.txt")"
grep -q '^  tensor     w: length 64, slice \[0, 32), version 20$' "$WORK/stats.txt" \
    || fail "stats tensor on shard 0"
grep -q '^  tensor     w: length 64, slice \[32, 64), version 20$' "$WORK/stats.txt" \
    || fail "stats tensor on shard 1"
grep -q '^  staleness  mean 0.00, max 0, histogram 0:20$' "$WORK/stats.txt" \
    || fail "stats staleness: $(grep staleness "$WORK/stats.txt")"
grep -q '^  clocks     rank 0: -$' "$WORK/stats.txt" || fail "stats clocks"
grep -q '^cluster: 2 of 2 shards answered, 0 workers live; .* 40 pushes, 40 steps' \
    "$WORK/stats.txt" || fail "stats total: $(tail -1 "$WORK/stats.txt")"

# --json: the array as the shards sent it, on one line.
ctl stats --json > "$WORK/stats.json" || fail "stats --json failed"
[ "$(wc -l < "$WORK/stats.json")" = 1 ] || fail "--json is not one line"
[ "$(grep -o '"pushes": 20,' "$WORK/stats.json" | wc -l)" = 2 ] || fail "--json pushes"
grep -q '^\[{"shard": 0, .*},{"shard": 1, .*}\]$' "$WORK/stats.json" || fail "--json shape"
if command -v python3 > /dev/null; then
    python3 -m json.tool "$WORK/stats.json" > /dev/null || fail "--json is not valid JSON"
fi

# dump: a .npy v1.0 header of 128 bytes, then 64 float32.
ctl dump w "$WORK/w.npy" 2> "$WORK/dump.log" || fail "dump: $(cat "$WORK/dump.log")"
grep -q 'version by shard: 0:20 1:20$' "$WORK/dump.log" || fail "dump versions: $(cat "$WORK/dump.log")"
[ "$(stat -c %s "$WORK/w.npy")" = $((128 + 4 * 64)) ] || fail "w.npy size $(stat -c %s "$WORK/w.npy")"
[ "$(head -c 10 "$WORK/w.npy" | od -An -tx1 | tr -d ' \n')" = 934e554d505901007600 ] \
    || fail "w.npy magic, version or header length"
dict=$(head -c 127 "$WORK/w.npy" | tail -c +11)
[ ${#dict} = 117 ] || fail "w.npy header dict is ${#dict} bytes, not 117"
[ "$(echo "$dict" | sed 's/ *$//')" = "{'descr': '<f4', 'fortran_order': False, 'shape': (64,), }" ] \
    || fail "w.npy header dict: $dict"
[ "$(head -c 128 "$WORK/w.npy" | tail -c 1 | od -An -tx1 | tr -d ' ')" = 0a ] \
    || fail "w.npy header does not end in a newline"
[ ! -e "$WORK/w.npy.tmp" ] || fail "dump left w.npy.tmp"
# The values are the model's, in little-endian order: finite and of the
# size least squares gives (od reads in host order, so only on such hosts).
if [ "$(printf '\001\000' | od -An -tu2 | tr -d ' ')" = 1 ]; then
    od -An -v -w4 -tf4 -j 128 "$WORK/w.npy" | awk '
        { n++; a = $1 < 0 ? -$1 : $1; if (!(a < 1e3)) bad++; s += a }
        END { exit !(n == 64 && !bad && s / n > 0.01) }' \
        || fail "w.npy values: $(od -An -tf4 -j 128 "$WORK/w.npy" | head -2)"
fi
# An admin's pull changes nothing: a second dump is the same file.
ctl dump w "$WORK/w2.npy" 2> /dev/null || fail "second dump failed"
cmp -s "$WORK/w.npy" "$WORK/w2.npy" || fail "two dumps of an idle cluster differ"
# Replacing a file keeps its mode, and a symbolic link to it stays a link.
printf 'old' > "$WORK/target.npy"
chmod 640 "$WORK/target.npy"
ln -s target.npy "$WORK/link.npy"
ctl dump w "$WORK/link.npy" 2> /dev/null || fail "dump through a link failed"
[ -L "$WORK/link.npy" ] || fail "dump replaced the link"
cmp -s "$WORK/w.npy" "$WORK/target.npy" || fail "dump through a link did not reach its target"
[ "$(stat -c %a "$WORK/target.npy")" = 640 ] || fail "dump changed the mode"

# Failures name what failed, exit 1 and leave nothing behind.
set +e
out=$(ctl dump nope "$WORK/nope.npy" 2>&1); rc=$?
set -e
[ $rc = 1 ] || fail "unknown tensor: exit $rc"
echo "$out" | grep -q 'no tensor named "nope"' || fail "unknown tensor message: $out"
[ ! -e "$WORK/nope.npy" ] && [ ! -e "$WORK/nope.npy.tmp" ] || fail "unknown tensor left a file"
if [ -c /dev/full ]; then
    set +e
    out=$(ctl dump w /dev/full 2>&1); rc=$?
    set -e
    [ $rc = 1 ] || fail "dump to /dev/full: exit $rc"
    echo "$out" | grep -q '^taups-ctl: cannot write /dev/full: No space left on device$' \
        || fail "/dev/full message: $out"
    [ ! -e /dev/full.tmp ] || fail "dump left /dev/full.tmp"
fi
# A temporary that cannot be created: the existing file is kept as it was.
cp "$WORK/w.npy" "$WORK/keep.npy"
mkdir "$WORK/keep.npy.tmp"
set +e
out=$(ctl dump w "$WORK/keep.npy" 2>&1); rc=$?
set -e
[ $rc = 1 ] || fail "dump over a blocked temporary: exit $rc"
echo "$out" | grep -q "cannot write $WORK/keep.npy: Is a directory" || fail "blocked temporary message: $out"
cmp -s "$WORK/w.npy" "$WORK/keep.npy" || fail "a failed dump changed the existing file"

# A write that fails halfway (a file-size limit here, a full disk alike)
# removes the temporary and keeps the existing file.
rmdir "$WORK/keep.npy.tmp"
set +e
out=$(ulimit -f 0; ctl dump w "$WORK/keep.npy" 2>&1); rc=$?
set -e
[ $rc = 1 ] || fail "dump over a file-size limit: exit $rc"
echo "$out" | grep -q "cannot write $WORK/keep.npy: File too large" || fail "file-size limit message: $out"
[ ! -e "$WORK/keep.npy.tmp" ] || fail "a failed dump left keep.npy.tmp"
cmp -s "$WORK/w.npy" "$WORK/keep.npy" || fail "a failed dump changed the existing file"
# What is not a regular file is written to, not replaced (a pipe here).
mkfifo "$WORK/pipe"
cat "$WORK/pipe" > "$WORK/from-pipe.npy" &
ctl dump w "$WORK/pipe" 2> /dev/null || fail "dump into a pipe failed"
wait $!
[ -p "$WORK/pipe" ] || fail "dump replaced the pipe"
cmp -s "$WORK/w.npy" "$WORK/from-pipe.npy" || fail "dump through a pipe differs"

# The admin client neither joined as a worker nor pushed.
ctl stats > "$WORK/stats2.txt" 2>&1 || fail "stats after dumps failed"
grep -q '^cluster: 2 of 2 shards answered, 0 workers live; .* 40 pushes, 40 steps' \
    "$WORK/stats2.txt" || fail "stats after dumps: $(tail -1 "$WORK/stats2.txt")"

# An unreachable shard is named with its address.
dead=$(free_port)
while [ "$dead" = "$p0" ] || [ "$dead" = "$p1" ]; do dead=$(free_port); done
set +e
out=$("$CTL" --cluster 127.0.0.1:$p0,127.0.0.1:$dead --connect-timeout 300 stats 2>&1); rc=$?
set -e
[ $rc = 1 ] || fail "unreachable shard: exit $rc"
echo "$out" | grep -q "^taups-ctl: shard 1 at 127.0.0.1:$dead: cannot connect: connection refused" \
    || fail "unreachable message: $out"
echo "e2e_ctl: 1 passed, 0 failed"
