#!/bin/bash
# SPDX-License-Identifier: MIT
# E9, a datacenter on one machine (experiments/README.md, E9): N workers
# over S shards, every process on a network-namespace host of its own
# whose one link to a bridge is shaped to RATE in both directions
# (taups-launch --hosts netns --link-rate RATE), for S in {1, 2, 4} and
# N in {1, 2, 4, 8}. The links, not this machine's two cores, must be the
# bottleneck: at 1gbit, S = 4 shards and N = 8 workers would push about
# 4 Gb/s through one bridge on two cores, hence RATE 200mbit.
#   - taups: each worker pushes and pulls a dense 1 MiB tensor per
#     iteration (logreg on a generated LIBSVM file whose largest feature
#     index is 262144, so "w" has 262144 floats; 256 rows of 8 features:
#     the gradient costs next to nothing), --overlap off, servers at lr 0,
#     for RUN_SECONDS each, not a fixed number of iterations: where the
#     links share unfairly, the favoured workers would finish first and
#     leave the others a faster network, and the window in which all N
#     run would shrink to the fastest one's run;
#   - the reference on the same kind of topology (--hosts netns:S+N
#     --hold): N iperf3 flows at once, flow i between worker host i and
#     shard host i mod S, both ways at once (--bidir), one iperf3 server
#     per flow on its own port;
#   - with SPARSE_P, the same grid for a table (fm with 63 factors: rows
#     of 64 floats, 16384 ids, 4 MiB in all) where each iteration pulls
#     and pushes the rows of a fraction p of the ids (batch 1, every data
#     row holds p * 16384 ids). Below p = 0.03 a message would fit in the
#     token bucket's burst (128 KiB) and measure the burst, not the rate.
# Each (S, N) runs its taups run and its iperf3 flows back to back, and
# the rounds go over the whole grid, so that a slow spell of the machine
# does not land on one configuration. e9-analyse.py then makes the
# records (records/e9-runs.csv), the tables (analysis.md) and the figure
# (goodput_vs_n.png, .svg); records/provenance.json says what ran where.
#
# Needs root (network namespaces, tc): without it, says so and exits 0
# having done nothing. Usage, from anywhere:
#   experiments/e9-datacenter.sh              the full run, into
#       results/e9-datacenter (or -YYYYMMDD-HHMM beside it when that exists)
#   E9_SMOKE=1 experiments/e9-datacenter.sh   S=1,N=1 and S=2,N=2, 2 s
#       each, one round, p = 0.1 only, into a new directory under
#       $TMPDIR (about 20 s)
# Settings from the environment: RATE (200mbit), QUEUE (50: ms of queue
# per link beyond its bucket, taups-launch --link-queue; the default 10
# dropped the replies of four shards arriving at one worker at once, and
# 20-45 % of iterations at S = 4 stalled on TCP's retransmission timeout),
# ROUNDS (2), RUN_SECONDS (10
# per taups run), IPERF_TIME (5 s, the first second not counted),
# SPARSE_P ("0.03 0.1 0.25"; empty: no table runs), GRID ("S:N ..."),
# OUT (the results directory), TAUPS_BUILD (the build tree, default
# ../build). The full run takes about 21 minutes: 2 rounds of 12 dense
# runs, 12 sets of iperf3 flows and 36 table runs, each with about
# 1.3 s of start-up (namespaces, links, processes) on top of its time.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../tools/bench-lib.sh"
if [ "$(id -u)" != 0 ]; then
    echo "e9-datacenter.sh needs root to create network namespaces and shape links; nothing done" >&2
    exit 0
fi
build=${TAUPS_BUILD:-$here/../build}
launch=$build/tools/taups-launch
[ -x "$launch" ] || { echo "e9-datacenter.sh: no $launch; run ./build.sh first" >&2; exit 2; }
for prog in ip tc iperf3 ss python3; do
    command -v "$prog" > /dev/null ||
        { echo "e9-datacenter.sh: $prog is not installed (setup.sh installs it)" >&2; exit 2; }
done

RATE=${RATE:-200mbit}
QUEUE=${QUEUE:-50}
if [ "${E9_SMOKE:-0}" = 1 ]; then
    GRID=${GRID:-"1:1 2:2"}
    ROUNDS=${ROUNDS:-1}
    RUN_SECONDS=${RUN_SECONDS:-2}
    IPERF_TIME=${IPERF_TIME:-3}
    SPARSE_P=${SPARSE_P-0.1}
    res=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/e9-smoke.XXXXXX")}
else
    GRID=${GRID:-"1:1 1:2 1:4 1:8 2:1 2:2 2:4 2:8 4:1 4:2 4:4 4:8"}
    ROUNDS=${ROUNDS:-2}
    RUN_SECONDS=${RUN_SECONDS:-10}
    IPERF_TIME=${IPERF_TIME:-5}
    SPARSE_P=${SPARSE_P-0.03 0.1 0.25}
    res=$here/results/e9-datacenter
    [ -e "$res" ] && res=$res-$(date -u +%Y%m%d-%H%M)
    res=${OUT:-$res}
fi
runs=$res/runs
mkdir -p "$runs" "$res/records"
PIDS=""
trap 'kill $PIDS 2> /dev/null || true' EXIT

# The dense problem: one tensor of DIM floats that every iteration pushes
# and pulls whole. The table: IDS rows of FACTORS + 1 floats (fm's "v"
# and "w"), and data rows of p * IDS distinct ids, so that a batch of one
# row touches that fraction of the table.
DIM=262144
IDS=16384
FACTORS=63
python3 - "$runs" "$DIM" "$IDS" "$SPARSE_P" <<'PYEOF'
import random, sys
runs, dim, ids, ps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4].split()
rng = random.Random(1)
with open(runs + "/dense.svm", "w") as f:
    for _ in range(256):
        feats = sorted(rng.sample(range(1, dim), 7)) + [dim]
        f.write("%+d %s\n" % (rng.choice((-1, 1)),
                              " ".join("%d:%.3f" % (k, rng.uniform(-1, 1)) for k in feats)))
for p in ps:
    k = max(1, round(float(p) * ids))
    with open("%s/sparse-%s.svm" % (runs, p), "w") as f:
        for _ in range(32):
            f.write("%+d %s\n" % (rng.choice((-1, 1)),
                                  " ".join("%d:1" % i for i in sorted(rng.sample(range(ids), k)))))
PYEOF

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
date_start=$(date -u +%Y-%m-%dT%H:%M:%SZ)
load_before=$(loadavg)

cpu_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 }' /proc/stat; }

# The share of the machine's cores busy (all processes, this run's and
# anyone else's) over the middle half of a run once its worker 0 has
# written a few rows, into DIR.cpu: whether the cores, not the links,
# were the bottleneck.
cpu_during() { # DIR
    local a b
    for _ in $(seq 200); do
        [ -f "$1/worker-0.csv" ] && [ "$(wc -l < "$1/worker-0.csv")" -gt 3 ] && break
        sleep 0.1
    done
    a=$(cpu_ticks)
    sleep "$(((RUN_SECONDS + 1) / 2))"
    b=$(cpu_ticks)
    echo "$a $b" | awk '{ printf "%.3f\n", ($3 - $1) / ($4 - $2) }' > "$1.cpu"
}

# One taups-launch run: KIND (dense or sparse-P), S, N, ROUND.
taups_run() {
    local kind=$1 s=$2 n=$3 r=$4 model
    local dir=$runs/$kind-s$s-n$n-r$r
    if [ "$kind" = dense ]; then
        model=(--model logreg --data "$runs/dense.svm" --batch 16)
    else
        model=(--model fm --data "$runs/$kind.svm" --batch 1
            --worker-arg=--factors "--worker-arg=$FACTORS")
    fi
    echo "$kind S=$s N=$n round $r" >&2
    cpu_during "$dir" &
    local sampler=$!
    "$launch" --hosts netns --link-rate "$RATE" --link-queue "$QUEUE" --no-eval --no-plot \
        --shards "$s" --workers "$n" --lr 0 --seed "$r" --seconds "$RUN_SECONDS" \
        --worker-arg=--overlap --worker-arg=off --timeout 600 --out "$dir" \
        "${model[@]}" > "$dir.out" 2>&1 ||
        echo "  taups-launch failed: $(tail -2 "$dir.out")" >&2
    wait "$sampler" || true
}

# N iperf3 flows at once on S + N held hosts, each both ways (--bidir), as
# a worker's pushes and pulls are: S, N, ROUND.
iperf_run() {
    local s=$1 n=$2 r=$3 i sp
    local dir=$runs/iperf-s$s-n$n-r$r
    local servers="" clients=""
    mkdir -p "$dir"
    hold_hosts "$launch" $((s + n)) "$RATE" "$dir" --link-queue "$QUEUE"
    local ns=("${HOST_NS[@]}") addr=("${HOST_ADDR[@]}")
    for i in $(seq 0 $((n - 1))); do
        ip netns exec "${ns[i % s]}" iperf3 -s -1 -p $((5201 + i)) > /dev/null 2>&1 &
        servers="$servers $!"
    done
    PIDS="$PIDS $servers"
    for i in $(seq 0 $((n - 1))); do
        until ip netns exec "${ns[i % s]}" ss -Hltn "sport = :$((5201 + i))" | grep -q .; do
            sleep 0.05
        done
    done
    for i in $(seq 0 $((n - 1))); do
        ip netns exec "${ns[s + i]}" iperf3 -c "${addr[i % s]}" -p $((5201 + i)) -l 1M \
            -t "$IPERF_TIME" -O 1 --bidir -J > "$dir/flow-$i.json" 2> "$dir/flow-$i.err" &
        clients="$clients $!"
    done
    for sp in $clients; do wait "$sp" || echo "  iperf3 flow failed in $dir" >&2; done
    for sp in $servers; do wait "$sp" || true; done
    release_hosts
}

for r in $(seq 1 "$ROUNDS"); do
    for sn in $GRID; do
        s=${sn%%:*} n=${sn##*:}
        taups_run dense "$s" "$n" "$r"
        iperf_run "$s" "$n" "$r"
        for p in $SPARSE_P; do taups_run "sparse-$p" "$s" "$n" "$r"; done
    done
done

commit=$(git -C "$here" rev-parse HEAD 2> /dev/null || echo unknown)
git -C "$here" diff --quiet HEAD 2> /dev/null || commit="$commit+dirty"
python3 - "$res/records/provenance.json" <<PYEOF
import json, os, sys
json.dump({
    "command": "$0" + (" (E9_SMOKE=1)" if "${E9_SMOKE:-0}" == "1" else ""),
    "rate": "$RATE", "queue_ms": $QUEUE, "grid": "$GRID", "rounds": $ROUNDS, "seconds": $RUN_SECONDS,
    "iperf_time_s": $IPERF_TIME, "sparse_p": "$SPARSE_P", "dim": $DIM,
    "table_ids": $IDS, "table_row_floats": $FACTORS + 1,
    "commit": "$commit", "host": os.uname().nodename, "kernel": os.uname().release,
    "cores": os.cpu_count(), "loadavg_before": "$load_before",
    "loadavg_after": "$(loadavg)", "date_start": "$date_start",
    "date_end": "$(date -u +%Y-%m-%dT%H:%M:%SZ)"}, open(sys.argv[1], "w"), indent=1)
PYEOF
python3 "$here/e9-analyse.py" "$res" > "$res/analysis.md"
cat "$res/analysis.md"
echo "results: $res" >&2
