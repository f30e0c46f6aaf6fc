#!/bin/bash
# SPDX-License-Identifier: MIT
# What a new user meets first: every program answers -h and --help with
# "Usage:" (help2man makes the SYNOPSIS of it) and lines of at most 80
# columns; the man pages render without a groff warning, say what they
# should (once) and nothing of the host they were built on; options come
# from TAUPS_* variables below config files and the command line, and a
# bad one is named; --listen takes a host name like --cluster does.
. "$(dirname "$0")/lib.sh"
SRC=${TAUPS_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}

half_ram=$(awk '/^MemTotal:/ { printf "%.0f", $2 * 1024 / 2 }' /proc/meminfo)
for prog in server/taups-server worker/taups-worker tools/taups-launch \
    tools/taups-ctl tools/taups-sweep tools/taups-bench; do
    name=$(basename "$prog")
    for flag in -h --help; do
        "$B/$prog" "$flag" > "$WORK/help" || fail "$name $flag exits $?"
        head -1 "$WORK/help" | grep -q "^Usage: $name" ||
            fail "$name $flag: first line $(head -1 "$WORK/help")"
    done
    long=$(awk 'length($0) > 80' "$WORK/help")
    [ -z "$long" ] || fail "$name --help has lines over 80 columns: $long"
    grep -q "TAUPS_" "$WORK/help" || fail "$name --help does not tell of TAUPS_ variables"
    # Section 1 from --help: NAME, the options, the environment.
    page=$B/docs/$name.1
    [ -f "$page" ] || fail "no man page $page"
    warn=$(groff -man -ww -z "$page" 2>&1) || fail "groff on $page: $warn"
    [ -z "$warn" ] || fail "groff warns on $page: $warn"
    MANWIDTH=80 man -l "$page" > "$WORK/man" 2> /dev/null || fail "man -l $page"
    for section in NAME SYNOPSIS DESCRIPTION ENVIRONMENT "SEE ALSO"; do
        grep -q "^$section" "$WORK/man" || fail "$name.1 lacks $section"
    done
    grep -q -- "--config FILE" "$WORK/man" && grep -q -- "--version" "$WORK/man" ||
        fail "$name.1 lists no options"
    # The pages are built once and read on other machines: nothing of the
    # build host's (its memory, in bytes), the environment said once, and
    # only documents that are installed.
    [ "$(grep -c "set by an environment variable" "$WORK/man")" = 1 ] ||
        fail "$name.1 tells of the environment more than once"
    grep -q "$half_ram" "$WORK/help" && fail "$name --help prints this machine's memory"
    grep -q "docs/design.md" "$WORK/help" "$WORK/man" &&
        fail "$name points at docs/design.md, which is not installed"
done
page=$SRC/docs/taups.7
warn=$(groff -man -ww -z "$page" 2>&1)
[ -z "$warn" ] || fail "groff warns on taups.7: $warn"
MANWIDTH=80 man -l "$page" > "$WORK/man" 2> /dev/null || fail "man -l taups.7"
for section in NAME DESCRIPTION "CONSISTENCY MODES" SECURITY FILES ENVIRONMENT; do
    grep -q "^$section" "$WORK/man" || fail "taups.7 lacks $section"
done

# One connect timeout everywhere.
for prog in worker/taups-worker tools/taups-ctl; do
    "$B/$prog" --help | tr -s ' ' | tr '\n' ' ' |
        grep -q -- "--connect-timeout MS [^[]*\[default: 10000\]" ||
        fail "$prog: connect-timeout default is not 10000"
done

# The environment: TAUPS_LR reaches the shard's optimizer, a program's own
# spelling wins over the shared one, a config file over both, the command
# line over everything; a bad value is named with its variable.
start_shard() { # LOG ARGS...: a shard on port 0 of a host name
    local log=$1
    shift
    "$SERVER" --listen localhost:0 --workers 1 --stats-every 0 "$@" 2> "$log" &
    local pid=$!
    wait_for "$log" "listening on" 10 || fail "shard did not start: $(cat "$log")"
    kill -TERM "$pid"
    wait "$pid" || fail "shard exited $?: $(cat "$log")"
}
TAUPS_LR=0.3 start_shard "$WORK/s1.log"
grep -q "sgd lr=0.3 " "$WORK/s1.log" || fail "TAUPS_LR=0.3: $(cat "$WORK/s1.log")"
TAUPS_SERVER_LR=0.25 TAUPS_LR=0.3 start_shard "$WORK/s2.log"
grep -q "sgd lr=0.25 " "$WORK/s2.log" || fail "TAUPS_SERVER_LR: $(cat "$WORK/s2.log")"
echo "lr = 0.2" > "$WORK/s.conf"
TAUPS_LR=0.3 start_shard "$WORK/s3.log" --config "$WORK/s.conf"
grep -q "sgd lr=0.2 " "$WORK/s3.log" || fail "config over env: $(cat "$WORK/s3.log")"
TAUPS_LR=0.3 start_shard "$WORK/s4.log" --config "$WORK/s.conf" --lr 0.15
grep -q "sgd lr=0.15 " "$WORK/s4.log" || fail "command line: $(cat "$WORK/s4.log")"
grep -q "listening on localhost:[1-9]" "$WORK/s4.log" || fail "--listen localhost: $(cat "$WORK/s4.log")"
rc=0
TAUPS_LR=fast "$SERVER" --listen 127.0.0.1:0 2> "$WORK/bad.log" || rc=$?
[ "$rc" = 2 ] || fail "TAUPS_LR=fast: exit $rc"
grep -q "TAUPS_LR" "$WORK/bad.log" && grep -q '"fast" is not a number' "$WORK/bad.log" ||
    fail "TAUPS_LR=fast: $(cat "$WORK/bad.log")"
rc=0
"$SERVER" --listen no-such-host.invalid:7000 2> "$WORK/bad.log" || rc=$?
[ "$rc" != 0 ] && grep -q 'cannot resolve host "no-such-host.invalid"' "$WORK/bad.log" ||
    fail "unresolvable --listen: exit $rc, $(cat "$WORK/bad.log")"

# taups-bench: --codec is the push codec, as everywhere; the codec
# micro-benchmark is --codec-bench.
"$B/tools/taups-bench" --codec-bench fp16 --max-n 1000 --min-time 0.01 --json \
    > "$WORK/cb.json" || fail "taups-bench --codec-bench"
grep -q '"codec":"fp16"' "$WORK/cb.json" || fail "codec bench: $(cat "$WORK/cb.json")"
"$B/tools/taups-bench" --help | grep -q -- "--codec CODEC" || fail "bench --codec"
# bench-ab.sh names what it cannot build before it builds anything (in a
# tarball's tree, which is no git repository, it says so instead).
"$SRC/tools/bench-ab.sh" --help | grep -q "^Usage" || fail "bench-ab.sh --help"
rc=0
(cd "$B" && "$SRC/tools/bench-ab.sh" no-such-rev) > /dev/null 2> "$WORK/ab.log" || rc=$?
[ "$rc" = 2 ] && grep -q "no-such-rev is not a commit\|is not in a git repository" "$WORK/ab.log" ||
    fail "bench-ab.sh no-such-rev: exit $rc, $(cat "$WORK/ab.log")"
echo "ok: help, man pages, environment, --listen names, bench-ab.sh's errors"
