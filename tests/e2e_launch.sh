#!/bin/bash
# SPDX-License-Identifier: MIT
# taups-launch with the real server and worker: a run that completes, a
# server that cannot start, workers that fail, Ctrl-C, a launcher killed
# outright and --timeout. Each scenario checks the exit status, run.json, the
# lines the launcher and its children log, and that no process of the run
# outlives it. A scenario runs in a subshell, so that a failure ends only that
# scenario and the next one still runs.
. "$(dirname "$0")/lib.sh"

# alive PID: PID is running. A zombie counts as gone: the init of a container
# may never reap the children that a killed launcher leaves to it.
alive() {
    st=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    st=${st##*) }
    [ "${st%% *}" != Z ]
}

# survivors OUT: prints every process of the run in OUT that is still
# alive, found both by the pids in run.json and, with pgrep, by the address
# of shard 0 that every server and worker of the run has on its command line.
survivors() {
    for pid in $(sed -n 's/.*"pid": \([1-9][0-9]*\),.*/\1/p' "$1/run.json"); do
        if alive "$pid" && grep -q taups- "/proc/$pid/cmdline" 2>/dev/null; then
            echo "$pid $(tr '\0' ' ' <"/proc/$pid/cmdline")"
        fi
    done
    addr=$(sed -n 's/.*"cluster": "\([^",]*\).*/\1/p' "$1/run.json")
    [ -n "$addr" ] || { echo "$1/run.json names no cluster"; return; }
    pgrep -af "taups-[a-z]* .*$addr([ ,]|\$)" || true
}

# all_gone OUT SECONDS: within SECONDS, no process of the run is left.
all_gone() {
    i=0
    while [ -n "$(survivors "$1")" ]; do
        i=$((i + 1))
        if [ $i -gt $(($2 * 20)) ]; then
            survivors "$1" >&2
            return 1
        fi
        sleep 0.05
    done
}

# launch OUT ARGS...: starts the launcher in the background with --out OUT,
# its stdout and stderr in OUT.out and OUT.err; sets LPID.
launch() {
    out=$1
    shift
    "$LAUNCH" --out "$out" "$@" >"$out.out" 2>"$out.err" &
    LPID=$!
    PIDS="$PIDS $LPID"
}

# finish PID SECONDS: waits for the launcher PID, SIGKILLing it (and so its
# children) after SECONDS so that nothing hangs; sets RC to its exit status.
finish() {
    i=0
    while alive "$1" && [ $i -lt $(($2 * 20)) ]; do
        i=$((i + 1))
        sleep 0.05
    done
    if alive "$1"; then
        echo "# launcher still running after $2 s: killed" >&2
        kill -KILL "$1"
    fi
    RC=0
    wait "$1" 2>/dev/null || RC=$?
    PIDS=${PIDS/ $1/}
}

# under_way OUT: within 20 s, while the launcher LPID runs, run.json is
# written (every process started) and eval.csv has a first evaluation.
under_way() {
    i=0
    until grep -q '"outcome": "running"' "$1/run.json" 2>/dev/null &&
        grep -q '^[0-9]' "$1/eval.csv" 2>/dev/null; do
        i=$((i + 1))
        alive $LPID && [ $i -le 400 ] || return 1
        sleep 0.05
    done
}

# proc OUT NAME KEY: the value of KEY in the run.json record of process NAME.
proc() {
    grep -A2 "\"name\": \"$2\"" "$1/run.json" | tr -d '\n' |
        sed -n "s/.*\"$3\": \([^,}]*\).*/\1/p"
}

# The evaluator's final row came after every worker stopped: it counts
# exactly the pushes the servers report when they stop.
final_row_counts_all() {
    updates=$(tail -1 "$1/eval.csv" | cut -d, -f2)
    for s in 0 1; do
        grep -q "stopping:.* $updates pushes" "$1/server-$s.log" ||
            fail "eval.csv ends at $updates updates; server-$s: $(tail -1 "$1/server-$s.log")"
    done
    grep -q "\"final_eval\": {.*\"updates\": $updates," "$1/run.json" ||
        fail "run.json final_eval is not the last row of eval.csv"
    grep -q "final rel_err\|final accuracy" "$1/eval.log" || fail "eval.log: no final evaluation"
}

# Every process exited 0, none was killed, and they stopped in order:
# workers, then the evaluator, then the servers.
clean_stop() {
    n=$(grep -c '"exit_code": 0, "signal": null, "killed_by_launcher": false' "$1/run.json")
    [ "$n" = "$2" ] || fail "$n of $2 processes exited 0: $(grep exit_code "$1/run.json")"
    ev=$(proc "$1" evaluator end_s)
    for w in $(seq 0 $(($3 - 1))); do
        awk -v a="$(proc "$1" worker-$w end_s)" -v b="$ev" 'BEGIN { exit !(a <= b) }' ||
            fail "worker-$w stopped after the evaluator"
    done
    for s in 0 1; do
        awk -v a="$ev" -v b="$(proc "$1" server-$s end_s)" 'BEGIN { exit !(a <= b) }' ||
            fail "server-$s stopped before the evaluator"
        grep -q "signal 15: shutting down" "$1/server-$s.log" || fail "server-$s was not sent SIGTERM"
    done
}

valid_json() {
    if command -v python3 >/dev/null; then
        python3 -m json.tool "$1/run.json" >/dev/null || fail "run.json is not JSON"
    fi
}

# Workers run to the end: exit 0, everything stopped in order, and the
# options meant for the children reach them.
completed() {
    out=$WORK/completed
    launch "$out" --model lsq --shards 2 --workers 2 --iterations 1000 \
        --eval-every 100 --seed 7 --server-arg=--stats-every --server-arg=1 \
        --worker-arg=--chunk-kib --worker-arg=64
    finish $LPID 30
    [ $RC = 0 ] || fail "exit status $RC: $(cat "$out.err")"
    grep -q "^run directory: $out\$" "$out.out" || fail "run directory not printed"
    grep -q '"outcome": "completed",' "$out/run.json" || fail "outcome: $(grep outcome "$out/run.json")"
    grep -q '"exit_status": 0,' "$out/run.json" || fail "run.json exit_status"
    valid_json "$out"
    clean_stop "$out" 5 2
    [ "$(grep -c '"argv": .*"--stats-every", "1"\]' "$out/run.json")" = 2 ] || fail "--server-arg not given to both servers"
    [ "$(grep -c '"argv": .*"--chunk-kib", "64"\]' "$out/run.json")" = 3 ] || fail "--worker-arg not given to the evaluator and both workers"
    [ "$(grep -c '"argv": .*"--seed", "7",' "$out/run.json")" = 3 ] || fail "--seed not given to the evaluator and both workers"
    for w in 0 1; do
        grep -q "worker stops after 1000 iterations\$" "$out/worker-$w.log" || fail "worker-$w: $(tail -1 "$out/worker-$w.log")"
    done
    [ "$(tail -1 "$out/eval.csv" | cut -d, -f2)" = 2000 ] || fail "final evaluation: $(tail -1 "$out/eval.csv")"
    final_row_counts_all "$out"
    for f in server-0.log server-1.log eval.csv eval.log worker-0.csv worker-1.log plot.gp loss.png rel_err.png; do
        [ -s "$out/$f" ] || fail "run directory lacks $f"
    done
    grep -q '"plots": \["loss.png", "rel_err.png"\]' "$out/run.json" || fail "run.json plots"
    addr=$(grep -o 'listening on [0-9.]*:[0-9]*' "$out/server-0.log" | cut -d' ' -f3)
    grep -q "\"cluster\": \"$addr," "$out/run.json" || fail "server-0 listens on $addr, not on the cluster's first address"
    all_gone "$out" 0 || fail "processes survived"
}

# --eval-updates: the evaluator's pulls wait for every 100th sync step, so
# every evaluation but the final ones reads a multiple of 100 updates,
# whatever the machine's speed (steps take >= 2 ms, the evaluation far
# less: each pull is waiting when its step is taken).
by_updates() {
    out=$WORK/by-updates
    launch "$out" --model lsq --shards 2 --workers 2 --iterations 400 --mode sync \
        --eval-updates 100 --no-plot --worker-arg=--delay --worker-arg=const:2
    finish $LPID 30
    [ $RC = 0 ] || fail "exit status $RC: $(cat "$out.err")"
    grep -q '"argv": .*"--eval-updates", "100"' "$out/run.json" || fail "--eval-updates not given to the evaluator"
    python3 - "$out/eval.csv" <<'PY' || fail "eval.csv is not on the grid of updates: $(cat "$out/eval.csv")"
import csv, sys
u = [int(r["updates"]) for r in csv.DictReader(open(sys.argv[1]))]
grid = [x for x in u if x < 400]
assert len(grid) >= 3 and all(x % 100 == 0 for x in grid), grid
assert grid == sorted(set(grid)), grid
assert u[-1] == 400, u
PY
}

# A server that rejects its options: the launcher shows its error, starts no
# worker, and stops the other server.
startup_failed() {
    out=$WORK/startup
    launch "$out" --model lsq --shards 2 --workers 2 \
        --server-arg=--max-tensors --server-arg=0
    finish $LPID 30
    [ $RC = 1 ] || fail "exit status $RC, expected 1: $(cat "$out.err")"
    grep -q "server-[01] exited during startup (exit status 2)" "$out.err" || fail "no startup failure: $(cat "$out.err")"
    grep -q "    | taups-server: --max-tensors: 0 is outside \[1, 65536\]" "$out.err" ||
        fail "server's error not shown: $(cat "$out.err")"
    grep -q "run ended: startup_failed (exit status 1)" "$out.err" || fail "no final word"
    grep -q '"outcome": "startup_failed",' "$out/run.json" || fail "outcome: $(grep outcome "$out/run.json")"
    grep -q '"exit_status": 1,' "$out/run.json" || fail "run.json exit_status"
    grep -q '"role": "server"' "$out/run.json" || fail "run.json lists no server"
    ! grep -q '"role": "\(worker\|evaluator\)"' "$out/run.json" || fail "workers were started"
    ! ls "$out" | grep -q '^worker-\|^eval\|\.png$' || fail "run directory holds $(ls "$out")"
    valid_json "$out"
    all_gone "$out" 0 || fail "processes survived"
}

# Workers and evaluator that cannot read their data: each worker's failure
# is shown with its log tail, and the servers are still stopped cleanly.
# The evaluator's own status is not checked: the launcher may SIGTERM it
# (because the workers failed) before it has installed its handler, and then
# reports "killed by signal 15" instead of its exit status 1.
data_missing() {
    out=$WORK/nodata
    launch "$out" --model softmax --data /nonexistent-dir --shards 2 --workers 2 --eval-every 100
    finish $LPID 30
    [ $RC = 1 ] || fail "exit status $RC, expected 1: $(cat "$out.err")"
    for w in 0 1; do
        grep -q "^taups-launch: worker-$w failed: exit status 1\$" "$out.err" || fail "worker-$w failure not reported"
        grep -q "    | .*taups-worker\[$w\]: cannot open IDX images file /nonexistent-dir/train-images-idx3-ubyte.gz: No such file or directory" \
            "$out.err" || fail "worker-$w log tail not shown: $(cat "$out.err")"
        [ "$(proc "$out" worker-$w exit_code)" = 1 ] || fail "run.json: worker-$w"
    done
    # The evaluator reads the same missing directory and fails too, unless the
    # launcher, stopping everything after the workers failed, got to it
    # while it was still starting: then it was stopped, not failed.
    grep -q "^taups-launch: evaluator failed: " "$out.err" ||
        [ "$(grep -A3 '"name": "evaluator"' "$out/run.json" | tr -d '\n' |
             sed -n 's/.*"signal": \([0-9]*\).*/\1/p')" = 15 ] ||
        fail "evaluator neither failed nor was stopped: $(cat "$out.err")"
    grep -q '"outcome": "failed",' "$out/run.json" || fail "outcome: $(grep outcome "$out/run.json")"
    grep -q "run ended: failed (exit status 1)" "$out.err" || fail "no final word"
    ! ls "$out" | grep -q '\.png$' || fail "plots drawn without evaluations"
    for s in 0 1; do
        [ "$(proc "$out" server-$s exit_code)" = 0 ] || fail "server-$s exit code"
        grep -q "stopping: .* 0 pushes" "$out/server-$s.log" || fail "server-$s summary: $(tail -1 "$out/server-$s.log")"
    done
    all_gone "$out" 0 || fail "processes survived"
}

# Workers that diverge (an absurd learning rate) fail a few iterations in:
# the run fails with their log tails, and the evaluator and the servers are
# still stopped in order, the evaluator with a final row.
diverged() {
    out=$WORK/diverged
    # 100 ms per iteration: the workers fail after a few, once the evaluator
    # has started (a SIGTERM before it installs its handler kills it).
    launch "$out" --model lsq --lr 1e6 --server-arg=--allow-large-lr --shards 2 --workers 2 --eval-every 100 --no-plot \
        --worker-arg=--delay --worker-arg=const:100
    finish $LPID 30
    [ $RC = 1 ] || fail "exit status $RC, expected 1: $(cat "$out.err")"
    for w in 0 1; do
        grep -q "^taups-launch: worker-$w failed: exit status 1\$" "$out.err" || fail "worker-$w failure not reported"
        grep -qE "    \| .*taups-worker\[$w\]: (loss is .* training diverged|push failed: .*would make parameters non-finite)" "$out.err" ||
            fail "worker-$w log tail not shown: $(cat "$out.err")"
        [ "$(proc "$out" worker-$w exit_code)" = 1 ] || fail "run.json: worker-$w"
    done
    ! grep -q "evaluator failed\|server-[01] failed" "$out.err" || fail "a healthy process reported as failed: $(cat "$out.err")"
    grep -q '"outcome": "failed",' "$out/run.json" || fail "outcome: $(grep outcome "$out/run.json")"
    grep -q "run ended: failed (exit status 1)" "$out.err" || fail "no final word"
    n=$(grep -c '"exit_code": 0, "signal": null, "killed_by_launcher": false' "$out/run.json")
    [ "$n" = 3 ] || fail "evaluator and servers: $n of 3 exited 0"
    final_row_counts_all "$out"
    for s in 0 1; do
        grep -q "signal 15: shutting down" "$out/server-$s.log" || fail "server-$s was not sent SIGTERM"
    done
    all_gone "$out" 0 || fail "processes survived"
}

# Ctrl-C: workers, evaluator and servers stopped in order, a final
# evaluation, plots, status 130.
interrupted() {
    out=$WORK/sigint
    launch "$out" --model lsq --shards 2 --workers 2 --seconds 60 --eval-every 100
    under_way "$out" || fail "run not under way: $(cat "$out.err")"
    sleep 1
    [ "$(survivors "$out" | wc -l)" -ge 5 ] || fail "the run is not running"
    kill -INT $LPID
    finish $LPID 30
    [ $RC = 130 ] || fail "exit status $RC, expected 130: $(cat "$out.err")"
    grep -q "Interrupt: stopping every process" "$out.err" || fail "interrupt not announced: $(cat "$out.err")"
    grep -q "run ended: interrupted (exit status 130)" "$out.err" || fail "no final word"
    grep -q '"outcome": "interrupted",' "$out/run.json" || fail "outcome: $(grep outcome "$out/run.json")"
    grep -q '"exit_status": 130,' "$out/run.json" || fail "run.json exit_status"
    valid_json "$out"
    clean_stop "$out" 5 2
    for w in 0 1; do
        grep -q "worker stops after [0-9]* iterations (signal)" "$out/worker-$w.log" || fail "worker-$w: $(tail -1 "$out/worker-$w.log")"
    done
    final_row_counts_all "$out"
    for f in loss.png rel_err.png; do
        [ -s "$out/$f" ] || fail "no $f"
    done
    grep -q '"plots": \["loss.png", "rel_err.png"\]' "$out/run.json" || fail "run.json plots"
    all_gone "$out" 0 || fail "processes survived"
}

# SIGKILL leaves the launcher no say: PR_SET_PDEATHSIG must take every child.
killed() {
    out=$WORK/sigkill
    launch "$out" --model lsq --shards 2 --workers 2 --seconds 60 --eval-every 100 --no-plot
    under_way "$out" || fail "run not under way: $(cat "$out.err")"
    [ "$(survivors "$out" | wc -l)" -ge 5 ] || fail "the run is not running"
    t0=$(date +%s.%N)
    # (stderr: bash would report the job "Killed", which is the point here)
    { kill -KILL $LPID; finish $LPID 5; } 2>/dev/null
    [ $RC = 137 ] || fail "exit status $RC, expected 137: $(cat "$out.err")"
    all_gone "$out" 1 || fail "children survived the launcher by 1 s"
    echo "# killed: every child gone $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }') s after SIGKILL"
    # Killed, not stopped: nobody said goodbye.
    ! grep -q "stopping:" "$out/server-0.log" || fail "server-0 was stopped, not killed"
    grep -q '"outcome": "running",' "$out/run.json" || fail "run.json was rewritten"
}

# --timeout: everything stopped in order, status 124.
timed_out() {
    out=$WORK/timeout
    t0=$(date +%s)
    launch "$out" --model lsq --shards 2 --workers 2 --seconds 60 --eval-every 100 \
        --timeout 2 --no-plot
    finish $LPID 30
    took=$(($(date +%s) - t0))
    [ $RC = 124 ] || fail "exit status $RC, expected 124: $(cat "$out.err")"
    [ $took -le 15 ] || fail "took $took s"
    grep -q -- "--timeout 2 s reached; stopping everything" "$out.err" || fail "timeout not announced: $(cat "$out.err")"
    grep -q "run ended: timeout (exit status 124)" "$out.err" || fail "no final word"
    grep -q '"outcome": "timeout",' "$out/run.json" || fail "outcome: $(grep outcome "$out/run.json")"
    grep -q '"exit_status": 124,' "$out/run.json" || fail "run.json exit_status"
    dur=$(sed -n 's/.*"duration_s": \([0-9.]*\),/\1/p' "$out/run.json")
    awk -v d="$dur" 'BEGIN { exit !(d >= 2) }' || fail "run.json duration_s \"$dur\""
    clean_stop "$out" 5 2
    final_row_counts_all "$out"
    ! ls "$out" | grep -q '\.png$' || fail "--no-plot drew plots"
    grep -q '"plots": \[\]' "$out/run.json" || fail "run.json plots"
    all_gone "$out" 0 || fail "processes survived"
}

passed=0
failed=0
for t in completed by_updates startup_failed data_missing diverged interrupted killed timed_out; do
    t0=$(date +%s.%N)
    set +e
    (
        trap 'for p in $PIDS; do kill -KILL "$p" 2>/dev/null; done' EXIT
        set -e
        $t
    )
    rc=$?
    set -e
    took=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    if [ $rc = 0 ]; then
        passed=$((passed + 1))
        echo "ok - $t ($took s)"
    else
        failed=$((failed + 1))
        FAILED=1
        echo "not ok - $t ($took s)"
    fi
done
echo "e2e_launch: $passed passed, $failed failed"
[ $failed = 0 ]
