#!/bin/bash
# SPDX-License-Identifier: MIT
# The soak of the shards' agreement (docs/design.md §3a, Agreement): 3
# shards and 4 workers, KILLS (default 150) random SIGKILLs of a worker,
# each restarted with its rank, in two configurations: async with a
# cut-off and inverse weighting, and sync. Afterwards it prints, and exits
# 1 unless each holds:
#   - torn pushes (async), from the shards' traces: a (rank, clock,
#     tensor) whose push, drop and partial rows are not the same on every
#     shard, which had two fates: 0;
#   - split steps (sync): a step taken on some shards only, or whose
#     contributors differ between shards (how many ranks it took, from
#     the step row's last column when the trace has one, else the ranks
#     whose CLOCK for it the shard traced): 0;
#   - every shard's pushes, dropped and steps counters, and every tensor's
#     version, equal;
#   - every worker, first lives and restarts alike, alive until killed and
#     exiting 0 when stopped with SIGTERM.
# It also prints the kills, each run's length and the shards' "agreement"
# statistics when they have them. Run from a build directory:
#   tools/soak-agreement.sh [KILLS]
# TEST_SEED replays the choice of workers and delays. The workers solve a
# least-squares problem of ROWS (1024) x DIM (4096), written once as .npy
# files (python3), in frames of CHUNK_KIB (1), several per push and shard,
# through a link of LINK (--latency-ms 1 --jitter-ms 1: each shard's
# frames leave at their own moment): a kill cuts a push between shards,
# or between its frames, far more often than a small push sent at once.
# MODES (async sync) runs one of them alone.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
export TAUPS_BUILDDIR=${TAUPS_BUILDDIR:-$(pwd)}
. "$here/tests/lib.sh"

KILLS=${1:-150}
SEED=${TEST_SEED:-$RANDOM}
RANDOM=$SEED
DIM=${DIM:-4096}
ROWS=${ROWS:-1024}
CHUNK_KIB=${CHUNK_KIB:-1}
LINK=${LINK:---latency-ms 1 --jitter-ms 1}
MODES=${MODES:-async sync}
NS=3
NW=4
case "$KILLS" in '' | *[!0-9]*) echo "usage: $0 [KILLS]" >&2; exit 2 ;; esac
echo "# seed $SEED (TEST_SEED=$SEED replays it); $KILLS kills per mode," \
    "$NS shards, $NW workers, lsq $ROWS x $DIM, chunks of $CHUNK_KIB KiB"

now() { date +%s.%N; }

# A = N(0, 1/DIM) entries, x* = N(0, 1), b = A x*: float32 .npy files.
python3 - "$ROWS" "$DIM" "$SEED" "$WORK" <<'PY' || fail "cannot write the problem"
import random, struct, sys
def save(path, shape, vals):
    h = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        ", ".join(map(str, shape)) + ("," if len(shape) == 1 else ""))
    h += " " * (63 - (10 + len(h)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode())
        f.write(struct.pack("<%df" % len(vals), *vals))
m, d, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = random.Random(seed)
a = [rng.gauss(0, d ** -0.5) for _ in range(m * d)]
x = [rng.gauss(0, 1) for _ in range(d)]
b = [sum(map(float.__mul__, a[i * d:(i + 1) * d], x)) for i in range(m)]
save(out + "/A.npy", (m, d), a)
save(out + "/b.npy", (m,), b)
save(out + "/xstar.npy", (d,), x)
PY
DATA=$WORK/A.npy,$WORK/b.npy,$WORK/xstar.npy
BAD=0
bad() {
    BAD=1
    FAILED=1
    echo "#   FAIL: $*"
}

# wait_gone PID SECONDS: until the process has exited; 1 if it has not.
wait_gone() {
    local i
    for i in $(seq 1 $(( $2 * 10 ))); do
        kill -0 "$1" 2> /dev/null || return 0
        sleep 0.1
    done
    ! kill -0 "$1" 2> /dev/null
}

# start_shards TAG ARGS...: NS shards (tests/lib.sh), each with its own
# trace $WORK/TAG-trace-I.csv.
start_shards() {
    local tag=$1
    shift
    start_servers $NS $NW --lr 0.05 --trace "$WORK/$tag-trace-{i}.csv" "$@"
    track
}

declare -A WP LIFE

# The processes lib.sh's cleanup stops on exit: the live ones only, so
# that it never signals a number the system has given to another.
track() {
    PIDS="$SERVER_PIDS ${WP[*]:-}"
}

start_worker() {
    local tag=$1 r=$2 log
    log="$WORK/$tag-w$r-${LIFE[$r]}.log"
    # shellcheck disable=SC2086 # LINK is a list of options
    "$WORKER" --cluster "$CLUSTER" --rank "$r" --workers $NW --model lsq \
        --data "$DATA" --chunk-kib "$CHUNK_KIB" --seconds "$DUR" $LINK 2> "$log" &
    WP[$r]=$!
    track
    local i
    for i in $(seq 1 300); do
        grep -q "connected to $NS shards" "$log" 2> /dev/null && return
        kill -0 "${WP[$r]}" 2> /dev/null || break
        sleep 0.1
    done
    fail "$tag: worker $r (life ${LIFE[$r]}) did not join: $(tail -3 "$log")"
}

worker_failed() {
    bad "$1"
    sed 's/^/#     /' "$2" | tail -5
}

# torn TRACE...: the (rank, clock, tensor) keys whose push, drop and
# partial rows differ between the traces; prints how many, of how many
# keys, then a few of them.
torn() {
    awk -F, -v ns=$# '
        FNR == 1 { s++; next }
        $2 == "push" || $2 == "drop" || $2 == "partial" {
            k = $3 "," $4 "," $5
            n[k, s, $2]++
            keys[k] = 1
        }
        END {
            torn = 0
            for (k in keys) {
                ref = ""
                differ = 0
                for (i = 1; i <= ns; i++) {
                    v = (n[k, i, "push"] + 0) "/" (n[k, i, "drop"] + 0) "/" \
                        (n[k, i, "partial"] + 0)
                    if (i == 1)
                        ref = v
                    else if (v != ref)
                        differ = 1
                    all[i] = v
                }
                if (!differ)
                    continue
                torn++
                if (torn <= 5) {
                    line = "rank,clock,tensor " k ": push/drop/partial"
                    for (i = 1; i <= ns; i++)
                        line = line " " all[i]
                    ex[torn] = line
                }
            }
            print torn, length(keys)
            for (i = 1; i <= torn && i <= 5; i++)
                print ex[i]
        }' "$@"
}

# split TRACE...: the sync steps whose contributors differ between the
# traces; prints how many, of how many steps, then a few of them. A
# shard's contributors are the step row's last column when its trace has
# one (how many ranks it stepped with; some step has a count above 0),
# else the ranks whose CLOCK for that step it traced.
split_steps() {
    awk -F, -v ns=$# '
        FNR == 1 { s++; next }
        $2 == "clock" { clk[s, $4] = clk[s, $4] " " $3 }
        $2 == "step" {
            k = $4 "," $5
            keys[k] = 1
            cnt[k, s] = $11
            counts[s] = counts[s] || $11 > 0
            # The ranks in order: an insertion sort of a few words.
            n = split(clk[s, $4], r, " ")
            for (i = 2; i <= n; i++)
                for (j = i; j > 1 && r[j - 1] + 0 > r[j] + 0; j--) {
                    t = r[j]; r[j] = r[j - 1]; r[j - 1] = t
                }
            v = "{"
            for (i = 1; i <= n; i++)
                v = v (i > 1 ? " " : "") r[i]
            set[k, s] = v "}"
        }
        END {
            split_ = 0
            for (k in keys) {
                bad = 0
                line = "step,tensor " k ": contributors"
                for (i = 1; i <= ns; i++) {
                    v = !((k, i) in set) ? "-" : counts[i] ? cnt[k, i] : set[k, i]
                    if (i == 1)
                        ref = v
                    bad = bad || v != ref
                    line = line " " v
                }
                if (!bad)
                    continue
                split_++
                if (split_ <= 5)
                    ex[split_] = line
            }
            print split_, length(keys)
            for (i = 1; i <= split_ && i <= 5; i++)
                print ex[i]
        }' "$@"
}

# equal NAME V0 V1 ...: prints the values and whether they are equal.
equal() {
    local name=$1 v
    shift
    for v in "$@"; do
        if [ "$v" != "$1" ]; then
            bad "$name differ between shards: $*"
            return
        fi
    done
    echo "#   $name: $* (equal)"
}

soak() {
    local tag=$1 i r k p t0 t1 rc traces
    shift
    echo "# $tag: taups-server $*"
    start_shards "$tag" "$@"
    # Long enough for the kills, whatever the rejoins take: the workers
    # are stopped with SIGTERM once the kills are done.
    DUR=$(( KILLS * 2 + 60 ))
    t0=$(now)
    for r in $(seq 0 $((NW - 1))); do
        LIFE[$r]=0
        start_worker "$tag" "$r"
    done
    for k in $(seq 1 "$KILLS"); do
        sleep "0.$(( RANDOM % 31 + 10 ))"
        r=$(( RANDOM % NW ))
        kill -0 "${WP[$r]}" 2> /dev/null ||
            worker_failed "$tag: worker $r (life ${LIFE[$r]}) died before kill $k" \
                "$WORK/$tag-w$r-${LIFE[$r]}.log"
        kill -KILL "${WP[$r]}" 2> /dev/null || true
        wait "${WP[$r]}" 2> /dev/null || true
        LIFE[$r]=$(( LIFE[$r] + 1 ))
        start_worker "$tag" "$r"
    done
    t1=$(now)
    sleep 1
    for r in $(seq 0 $((NW - 1))); do
        kill -TERM "${WP[$r]}" 2> /dev/null || true
    done
    for r in $(seq 0 $((NW - 1))); do
        local log="$WORK/$tag-w$r-${LIFE[$r]}.log"
        wait_gone "${WP[$r]}" 30 ||
            fail "$tag: worker $r hangs after SIGTERM: $(tail -3 "$log")"
        rc=0
        wait "${WP[$r]}" || rc=$?
        [ $rc = 0 ] || worker_failed "$tag: worker $r (life ${LIFE[$r]}) exited $rc" "$log"
    done
    # What the dead left (a push group prepared on some shards, a step
    # waiting for a peer) is settled between the shards: 2 s, and then
    # until no shard has a push group left to settle, for 30 s at most.
    local st=$WORK/$tag-stats.json
    sleep 2
    for i in $(seq 1 60); do
        timeout 30 "$CTL" --cluster "$CLUSTER" stats --json > "$st" ||
            fail "$tag: the shards do not answer stats"
        jq -e 'all(.[]; (.agreement.settling // 0) == 0)' "$st" > /dev/null && break
        sleep 0.5
    done
    for p in $SERVER_PIDS; do
        kill -TERM "$p"
    done
    for p in $SERVER_PIDS; do
        wait_gone "$p" 20 || fail "$tag: shard $p does not stop on SIGTERM"
        rc=0
        wait "$p" || rc=$?
        [ $rc = 0 ] || bad "$tag: shard $p exited $rc"
    done
    SERVER_PIDS=""
    WP=()
    track
    echo "#   kills: $KILLS in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s" \
        "(run $(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s)"

    traces=""
    for i in $(seq 0 $((NS - 1))); do
        traces="$traces $WORK/$tag-trace-$i.csv"
    done
    if [ "$tag" = sync ]; then
        # shellcheck disable=SC2086
        split_steps $traces > "$WORK/$tag-split.txt"
        read -r n of < "$WORK/$tag-split.txt"
        if [ "$n" = 0 ]; then
            echo "#   split steps: 0 of $of"
        else
            bad "split steps: $n of $of"
        fi
    else
        # shellcheck disable=SC2086
        torn $traces > "$WORK/$tag-split.txt"
        read -r n of < "$WORK/$tag-split.txt"
        if [ "$n" = 0 ]; then
            echo "#   torn pushes: 0 of $of"
        else
            bad "torn pushes: $n of $of"
        fi
    fi
    tail -n +2 "$WORK/$tag-split.txt" | sed 's/^/#     /'

    for k in pushes dropped steps steps_refused; do
        jq -e "all(.[]; has(\"$k\"))" "$st" > /dev/null || continue
        # shellcheck disable=SC2046
        equal "$k" $(jq -r ".[].$k" "$st")
    done
    for t in $(jq -r '.[0].tensors[].name' "$st"); do
        # shellcheck disable=SC2046
        equal "version of $t" $(jq -r --arg t "$t" \
            '.[].tensors[] | select(.name == $t) | .version' "$st")
    done
    if jq -e 'any(.[]; has("agreement"))' "$st" > /dev/null; then
        jq -r '.[] | "#   agreement, shard \(.shard): \(.agreement | tostring)"' "$st"
        # shellcheck disable=SC2046
        set -- $(jq -r '.[].agreement.settling // 0' "$st")
        if [ "$(echo "$@" | tr ' ' '\n' | sort -u)" = 0 ]; then
            echo "#   push groups left to settle: $*"
        else
            bad "push groups left to settle 30 s after the workers stopped: $*"
        fi
    fi
}

for m in $MODES; do
    case $m in
    async) soak async --mode async --max-staleness 3 --staleness-weight inverse ;;
    sync) soak sync --mode sync ;;
    *) fail "MODES: async or sync, not $m" ;;
    esac
done
if [ $BAD = 1 ]; then
    echo "# FAILED"
    exit 1
fi
echo "# passed"
