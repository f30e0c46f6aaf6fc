# SPDX-License-Identifier: MIT
# Shared helpers of the end-to-end test scripts (sourced, not run).
# Every script runs under automake's test driver with TAUPS_BUILDDIR set, or
# by hand from the build directory.
set -eu

B=${TAUPS_BUILDDIR:-$(pwd)}
SERVER=$B/server/taups-server
WORKER=$B/worker/taups-worker
LAUNCH=$B/tools/taups-launch
CTL=$B/tools/taups-ctl
for bin in "$SERVER" "$WORKER" "$LAUNCH"; do
    [ -x "$bin" ] || { echo "missing $bin: build first" >&2; exit 99; }
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/taups-e2e.XXXXXX")
PIDS=""

cleanup() {
    for p in $PIDS; do
        kill -TERM "$p" 2>/dev/null || true
    done
    sleep 0.2
    for p in $PIDS; do
        kill -KILL "$p" 2>/dev/null || true
    done
    if [ "${KEEP:-0}" = 1 ] || [ "${FAILED:-0}" = 1 ]; then
        echo "# work directory kept: $WORK"
    else
        rm -rf "$WORK"
    fi
}
trap cleanup EXIT

fail() {
    FAILED=1
    echo "FAIL: $*" >&2
    exit 1
}

# A port that was free a moment ago (the kernel's choice for port 0 is not
# available from a shell, so random ports are tried against ss's list).
free_port() {
    # Below the kernel's range for outgoing connections, which no client
    # socket can take between this check and the server's bind.
    local p lo
    lo=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
    [ "$lo" -gt 12000 ] || lo=32768
    while :; do
        p=$(( (RANDOM << 15 | RANDOM) % (lo - 10000) + 10000 ))
        if ! ss -Htln "sport = :$p" 2>/dev/null | grep -q .; then
            echo "$p"
            return
        fi
    done
}

# wait_for FILE PATTERN SECONDS: until FILE contains PATTERN.
wait_for() {
    local i=0
    while ! grep -q "$2" "$1" 2>/dev/null; do
        i=$((i + 1))
        [ $i -le $(( $3 * 20 )) ] || return 1
        sleep 0.05
    done
}

# start_servers S N ARGS...: S shards for N workers on free ports, each with
# ARGS; sets CLUSTER and SERVER_PIDS, logs in $WORK/server-I.log.
start_servers() {
    local s=$1 n=$2 i addr
    shift 2
    CLUSTER=""
    for i in $(seq 0 $((s - 1))); do
        CLUSTER="$CLUSTER${CLUSTER:+,}127.0.0.1:$(free_port)"
    done
    SERVER_PIDS=""
    i=0
    for addr in $(echo "$CLUSTER" | tr , ' '); do
        # Emptied here, not by the background job's redirection, which may
        # come after wait_for has read an earlier run's log.
        : > "$WORK/server-$i.log"
        # An argument's {i} becomes the shard's index (a trace per shard).
        "$SERVER" --listen "$addr" --cluster "$CLUSTER" --shard $i --workers "$n" \
            --stats-every 0 "${@//\{i\}/$i}" 2> "$WORK/server-$i.log" &
        SERVER_PIDS="$SERVER_PIDS $!"
        PIDS="$PIDS $!"
        i=$((i + 1))
    done
    for i in $(seq 0 $((s - 1))); do
        wait_for "$WORK/server-$i.log" "listening on" 10 || fail "server $i did not start: $(cat "$WORK/server-$i.log")"
    done
}

# stop_servers: SIGTERM, and each must exit 0.
stop_servers() {
    local p
    for p in $SERVER_PIDS; do
        kill -TERM "$p"
        wait "$p" || fail "server $p exited with status $?"
    done
}

# python_sanitizer: an --enable-asan libtaups loads into Python only behind
# the sanitizer's runtime (LD_PRELOAD); the interpreter's own allocations
# are not ours to check.
python_sanitizer() {
    if ldd "$B/.libs/libtaups.so" 2>/dev/null | grep -q libasan; then
        LD_PRELOAD=$(${CC:-cc} -print-file-name=libasan.so)
        export LD_PRELOAD ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
    fi
}

# use_python: PY and the environment in which it imports the build's taups
# package (PYTHONPATH=$B/python); fails the test if it cannot.
use_python() {
    PY=${TAUPS_PYTHON:-python3}
    export PYTHONPATH="$B/python${PYTHONPATH:+:$PYTHONPATH}"
    python_sanitizer
    "$PY" -c 'import taups' 2> "$WORK/import.err" || fail "import taups: $(cat "$WORK/import.err")"
}

# netns_add NAME TEST: creates network namespace NAME, or skips TEST (exit
# 77) saying why when this machine does not allow it (not root, a sandbox).
netns_add() {
    if ! ip netns add "$1" 2> "$WORK/netns.err"; then
        echo "SKIP: $2: \`ip netns add\` is not permitted here: $(cat "$WORK/netns.err")"
        exit 77
    fi
}
