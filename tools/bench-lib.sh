# SPDX-License-Identifier: MIT
# The measurements tools/bench-speed.sh and tools/bench-ab.sh share, sourced
# by both. Each appends JSON lines, tagged with the round, what was measured
# and (for an A/B) the build, to $RAW; logs go to $OUT.
#   bench_use DIR      the build whose programs run: sets BENCH, SERVER, WORKER
#                      and what their --help lists (an older build, in an
#                      A/B, may lack an option: its measurement is skipped)
#   bench_out NAME     OUT (a new directory NAME.XXXXXX unless set), an
#                      empty $RAW in it, and the trap that stops what runs
#   bench ROUND WHAT ARGS...            one taups-bench --json run
#   iperf ROUND ADDR PORT               iperf3 -l 1M, one stream, for
#                                       IPERF_TIME s (2), to the iperf3 -s it
#                                       starts on PORT of ADDR
#   train ROUND WORKERS OVERLAP         lsq 10000 x 1000 on one shard
#   hold_hosts LAUNCH K RATE DIR [OPT...] K shaped hosts held by taups-launch
#                                       --hosts netns:K --hold (its files in
#                                       DIR): HOST_NS[i] and HOST_ADDR[i]
#   release_hosts                       lets them go (stop what runs in
#                                       them first)
# TAG_BUILD, when set, tags every line with that build's letter.
# BENCH_NETNS, when set, names the network namespace taups-bench and the
# iperf3 client run in; IPERF_SERVER_NETNS, the one of the iperf3 server.
# TRAIN_UPDATES: updates of a training measurement, over all its workers;
# TARGET=1 adds an evaluator that notes when rel_err first reaches 1e-2.

bench_use() { # DIR
    BENCH=$1/tools/taups-bench
    SERVER=$1/server/taups-server
    WORKER=$1/worker/taups-worker
    local bin
    for bin in "$BENCH" "$SERVER" "$WORKER"; do
        [ -x "$bin" ] || { echo "missing $bin: run from a build directory after make" >&2; exit 2; }
    done
    BENCH_HELP=$("$BENCH" --help 2>&1 || true)
    WORKER_HELP=$("$WORKER" --help 2>&1 || true)
}

# has_opt HELP OPTION: whether a program's --help text lists OPTION.
has_opt() { grep -q -e "$2[ =]" <<< "$1"; }

# The hosts last as long as this shell holds the write end of the
# launcher's stdin (fd 4): they go when it exits, however it exits.
hold_hosts() { # LAUNCH K RATE DIR [LAUNCH OPTIONS...]
    mkfifo "$4/hold.in"
    "$1" --hosts "netns:$2" --hold --link-rate "$3" "${@:5}" --out "$4/hosts" \
        < "$4/hold.in" > "$4/hosts.out" 2>&1 &
    HOLDER=$!
    PIDS="${PIDS:-} $HOLDER"
    exec 4> "$4/hold.in"
    until grep -q '^ready$' "$4/hosts.out"; do
        kill -0 "$HOLDER" 2> /dev/null || { cat "$4/hosts.out" >&2; exit 1; }
        sleep 0.1
    done
    HOST_NS=() HOST_ADDR=()
    local i name addr
    while read -r _ i name addr; do
        HOST_NS[i]=$name
        HOST_ADDR[i]=$addr
    done < <(grep '^host ' "$4/hosts.out")
    HOLD_OUT=$4/hosts.out
}

release_hosts() {
    exec 4>&-
    wait "$HOLDER" || echo "taups-launch --hold ended badly: $(tail -3 "$HOLD_OUT")" >&2
}

bench_out() { # NAME
    OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")}
    mkdir -p "$OUT"
    RAW=$OUT/raw.jsonl
    : > "$RAW"
    PIDS=""
    trap 'kill $PIDS 2> /dev/null || true' EXIT
}

port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

tag() { # ROUND WHAT: JSON lines on stdin, tagged, appended to $RAW
    python3 -c '
import json, sys
for line in sys.stdin:
    line = line.strip()
    if line.startswith("{"):
        o = json.loads(line)
        o["round"], o["what"] = int(sys.argv[1]), sys.argv[2]
        if sys.argv[3]:
            o["build"] = sys.argv[3]
        print(json.dumps(o))' "$1" "$2" "${TAG_BUILD:-}" >> "$RAW"
}

bench() { # ROUND WHAT ARGS...
    local r=$1 what=$2 a rounds=()
    shift 2
    for a in "$@"; do
        case $a in
        --*) has_opt "$BENCH_HELP" "$a" || {
            echo "$BENCH has no $a: $what not measured" >> "$OUT/bench.err"
            return 0
        } ;;
        esac
    done
    # Builds from before --rounds measured each point once anyway.
    has_opt "$BENCH_HELP" --rounds && rounds=(--rounds 1)
    ${BENCH_NETNS:+ip netns exec "$BENCH_NETNS"} "$BENCH" --json "${rounds[@]}" "$@" \
        2>> "$OUT/bench.err" | tag "$r" "$what"
}

iperf() { # ROUND ADDR PORT
    ${IPERF_SERVER_NETNS:+ip netns exec "$IPERF_SERVER_NETNS"} \
        iperf3 -s -1 -p "$3" > /dev/null 2>&1 &
    local sp=$!
    sleep 0.3
    ${BENCH_NETNS:+ip netns exec "$BENCH_NETNS"} \
        iperf3 -c "$2" -p "$3" -l 1M -t "${IPERF_TIME:-2}" -J > "$OUT/iperf-$1.json"
    wait $sp || true
    python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
print(json.dumps({"op": "iperf3", "size_bytes": 1 << 20,
                  "goodput_bytes_per_s": r["end"]["sum_received"]["bits_per_second"] / 8}))' \
        "$OUT/iperf-$1.json" | tag "$1" iperf3
}

train() { # ROUND WORKERS OVERLAP: updates per second over all workers
    local r=$1 n=$2 ov=$3 p k wp="" overlap=()
    # Before --overlap existed, a worker did not overlap.
    if has_opt "$WORKER_HELP" --overlap; then
        overlap=(--overlap "$ov")
    elif [ "$ov" != off ]; then
        return 0
    fi
    p=$(port)
    "$SERVER" --listen 127.0.0.1:"$p" --lr 0.3 --workers "$n" --stats-every 0 \
        2> "$OUT/train-server.log" &
    local sp=$!
    PIDS="$PIDS $sp"
    sleep 0.3
    for k in $(seq 0 $((n - 1))); do
        "$WORKER" --cluster 127.0.0.1:"$p" --rank "$k" --workers "$n" --model lsq \
            --rows 10000 --dim 1000 --cond 10000 --batch 64 --seed 1 \
            --iterations $((TRAIN_UPDATES / n)) "${overlap[@]}" \
            --log "$OUT/train-$k.csv" 2> "$OUT/train-$k.log" &
        wp="$wp $!"
        PIDS="$PIDS $!"
    done
    # With TARGET=1, an evaluator says when rel_err first reached 1e-2, in
    # updates: a rate alone would reward what adds staleness. Not in the
    # rate's own runs: each of its evaluations scores all 10,000 rows, a
    # fifth of a core every 50 ms.
    local ep=""
    : > "$OUT/train-eval.log"
    if [ "${TARGET:-0}" = 1 ] && has_opt "$WORKER_HELP" --target; then
        "$WORKER" --role eval --cluster 127.0.0.1:"$p" --workers "$n" --model lsq \
            --rows 10000 --dim 1000 --cond 10000 --seed 1 --eval-every 50 \
            --target 0.01 2> "$OUT/train-eval.log" &
        ep=$!
        PIDS="$PIDS $ep"
    fi
    local failed=0
    for k in $wp; do wait "$k" || failed=1; done
    if [ -n "$ep" ]; then
        kill "$ep" 2> /dev/null || true
        wait "$ep" || true
    fi
    # The shard's CPU time in ns (it idles while the workers build their
    # data, so all of it is the training's).
    local server_ns
    server_ns=$(cut -d' ' -f1 "/proc/$sp/schedstat" 2> /dev/null || echo 0)
    kill "$sp"
    wait "$sp" || true
    if [ "$failed" = 1 ]; then
        # A worker stopped early (diverged: lr 0.3 is near the limit of
        # stability); recorded as such, not as a speed.
        echo "{\"op\": \"train\", \"workers\": $n, \"overlap\": \"$ov\", \"diverged\": true}" |
            tag "$r" train
        return 0
    fi
    python3 -c '
import csv, json, os, re, sys
out, nw, ov, server_ns = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
n, t0, t1, stale, cpu = 0, [], [], [], 0.0
for k in range(nw):
    rows = list(csv.DictReader(open("%s/train-%d.csv" % (out, k))))
    n += len(rows)
    t0.append(float(rows[0]["time_s"]))
    t1.append(float(rows[-1]["time_s"]))
    stale += [float(x["staleness"]) for x in rows]
    m = re.search(r"CPU ([0-9.]+) s in the loop", open("%s/train-%d.log" % (out, k)).read())
    cpu = cpu + float(m.group(1)) if m and cpu is not None else None
m = re.search(r"first reached after ([0-9]+) updates", open(out + "/train-eval.log").read())
wall = max(t1) - min(t0)
row = {"op": "train", "workers": nw, "overlap": ov, "updates_per_s": n / wall,
       "mean_staleness": sum(stale) / len(stale),
       # The machine, whole: its cores for the wall time of the run.
       "core_us_per_update": os.cpu_count() * wall / n * 1e6,
       "target_updates": int(m.group(1)) if m else None}
if cpu is not None and server_ns:
    row["cpu_us_per_update"] = (cpu + server_ns * 1e-9) / n * 1e6
print(json.dumps(row))' "$OUT" "$n" "$ov" "$server_ns" | tag "$r" train
}
