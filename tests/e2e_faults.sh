#!/bin/bash
# SPDX-License-Identifier: MIT
# Scheduled faults of taups-launch --fault with the real server and worker: a
# worker killed in a sync run (the others finish, the run still completes),
# a worker paused and resumed in an ssp run, and a worker that drops and
# reopens its connections in an async run. Each run is bounded twice: by the
# launcher's --timeout and by timeout(1) around it.
. "$(dirname "$0")/lib.sh"

# run OUT ARGS...: runs the launcher to completion with --out OUT; its
# stdout and stderr go to OUT.out and OUT.err, its exit status to RC.
run() {
    out=$1
    shift
    RC=0
    timeout -s KILL 140 "$LAUNCH" --out "$out" --no-plot --timeout 120 \
        --model lsq --shards 2 "$@" >"$out.out" 2>"$out.err" || RC=$?
}

# fault_json OUT: the run's one fault entry of run.json, on one line.
fault_json() {
    grep '"spec":' "$1/run.json" || fail "$1/run.json has no fault: $(cat "$1/run.json")"
}

# Specs are checked before anything starts.
RC=0
"$LAUNCH" --workers 3 --out "$WORK/bad" --fault kill:3:1 2>"$WORK/bad.err" || RC=$?
[ $RC = 2 ] || fail "rank 3 of 3 workers: exit $RC, expected 2"
grep -q 'kill:3:1: rank 3 is not a worker' "$WORK/bad.err" || fail "unclear error: $(cat "$WORK/bad.err")"
[ ! -e "$WORK/bad" ] || fail "a rejected run left a run directory"
# refused SPEC MESSAGE ARGS...: the launcher refuses --fault SPEC with ARGS
# (2 shards, 2 workers) before it starts anything, saying MESSAGE.
refused() {
    local spec=$1 msg=$2
    shift 2
    RC=0
    "$LAUNCH" --workers 2 --shards 2 --out "$WORK/bad" "$@" --fault "$spec" \
        >"$WORK/bad.out" 2>"$WORK/bad.err" || RC=$?
    [ $RC = 2 ] && grep -qF -- "--fault $spec: $msg" "$WORK/bad.err" ||
        fail "--fault $spec $*: exit $RC, expected 2 and \"$msg\": $(cat "$WORK/bad.err")"
    [ ! -e "$WORK/bad" ] || fail "--fault $spec: a rejected run left a run directory"
}
refused kill-shard:1@1 "a killed shard ends the run unless it is restarted: add --restart-shards"
refused kill-shard:1:1 "a killed shard ends the run unless it is restarted: add --restart-shards"
refused kill-shard:2@1 "shard 2 is not a shard (0..1)" --restart-shards
refused kill-shard:-1@1 "shard -1 is not a shard (0..1)" --restart-shards
refused kill-shard:0.5@1 "shard 0.5 is not a shard (0..1)" --restart-shards
refused kill-shard:1@-2 "time -2 is negative" --restart-shards
refused kill-shard:x@1 "expected kill-shard:I@T" --restart-shards
refused kill-shard:1@ "expected kill-shard:I@T" --restart-shards
refused kill-shard:1@1:2 "expected kill-shard:I@T" --restart-shards
refused kill-shard@1 "unknown fault \"kill-shard@1\"" --restart-shards
# Both spellings of a valid kill-shard get past the parser: with no
# taups-server in --bindir the launcher stops at finding it instead.
for spec in kill-shard:1@0.5 kill-shard:0:3; do
    RC=0
    "$LAUNCH" --workers 2 --shards 2 --restart-shards --bindir "$WORK/nobin" \
        --out "$WORK/bad" --fault "$spec" >"$WORK/bad.out" 2>"$WORK/bad.err" || RC=$?
    [ $RC = 1 ] && ! grep -q -- "--fault" "$WORK/bad.err" ||
        fail "--fault $spec --restart-shards refused: exit $RC: $(cat "$WORK/bad.err")"
done

# (1) A worker killed at 1.5 s of a sync run: the barrier stops waiting for
# it and the run completes. Not sooner: a worker killed before its first
# hello never joined, and a sync cluster still forming waits for it (on a
# loaded machine a worker may take over 0.5 s to say hello).
R=$WORK/kill
run "$R" --server-arg=--mode --server-arg=sync --workers 3 --iterations 30000 \
    --fault kill:1:1.5
[ $RC = 0 ] || fail "kill run: exit $RC: $(cat "$R.err")"
grep -q '"outcome": "completed"' "$R/run.json" || fail "kill run not completed"
f=$(fault_json "$R")
echo "$f" | grep -q '"fired": true' || fail "kill fault did not fire: $f"
echo "$f" | grep -q '"result": "killed worker-1"' || fail "kill fault result: $f"
grep -q 'fault kill:1:1.5 at [0-9.]* s: worker-1 killed' "$R.out" || fail "kill not announced: $(cat "$R.out")"
grep -q 'worker-1 was killed by scheduled fault' "$R.err" || fail "kill not reported: $(cat "$R.err")"
[ "$(grep -c '"killed_by_fault": true' "$R/run.json")" = 1 ] &&
    grep -A2 '"name": "worker-1"' "$R/run.json" | grep -q '"killed_by_fault": true' ||
    fail "run.json does not mark worker-1, and only it, killed by the fault"
! grep -q 'stops after' "$R/worker-1.log" || fail "worker 1 finished before the fault: make the run longer"
for r in 0 2; do
    grep -q "stops after 30000 iterations" "$R/worker-$r.log" || fail "worker $r did not finish: $(tail -3 "$R/worker-$r.log")"
done
grep -q "worker 1 left" "$R/server-0.log" || fail "server did not log the departure"

# (2) A worker paused for 0.5 s of an ssp run: resumed, and its own log has
# the gap.
R=$WORK/pause
run "$R" --server-arg=--mode --server-arg=ssp --workers 2 --iterations 6000 \
    --fault pause:0:0.3:0.5
[ $RC = 0 ] || fail "pause run: exit $RC: $(cat "$R.err")"
grep -q '"outcome": "completed"' "$R/run.json" || fail "pause run not completed"
f=$(fault_json "$R")
# When the launcher's timer fires depends on the machine's load; what the
# fault promises is "not before 0.3 s, and for 0.5 s". The times are given
# to the millisecond, so their difference is compared to the millisecond
# (0.824 - 0.324 is 0.49999... in floating point).
echo "$f" | awk '{ f = $0; sub(/.*"fired_s": /, "", f); r = $0; sub(/.*"resumed_s": /, "", r)
    exit !(f + 0 >= 0.3 && r - f >= 0.4995 && r - f < 0.7) }' ||
    fail "pause did not fire at 0.3 s or later for 0.5 s: $f"
echo "$f" | grep -q 'resumed after 0.5' || fail "pause result: $f"
grep -q 'worker-0 paused (SIGSTOP)' "$R.out" || fail "pause not announced: $(cat "$R.out")"
grep -q 'worker-0 resumed (SIGCONT)' "$R.out" || fail "resume not announced: $(cat "$R.out")"
# From the worker's start (time 0), so that a pause that came before its
# first row, on a busy machine, still shows.
gap=$(awk -F, 'NR > 1 && $1 - t > g { g = $1 - t } NR > 1 { t = $1 } END { print (g >= 0.4) }' "$R/worker-0.csv")
[ "$gap" = 1 ] || fail "worker 0 shows no pause of 0.4 s or more in worker-0.csv"
grep -q "stops after 6000 iterations" "$R/worker-0.log" || fail "worker 0 did not finish after the pause"

# (3) A worker that drops its connections at 0.3 s of an async run: it
# reconnects, the servers see it leave and join again, and it trains on.
R=$WORK/disconnect
run "$R" --server-arg=--mode --server-arg=async --workers 2 --iterations 6000 \
    --fault disconnect:0:0.3
[ $RC = 0 ] || fail "disconnect run: exit $RC: $(cat "$R.err")"
grep -q '"outcome": "completed"' "$R/run.json" || fail "disconnect run not completed"
f=$(fault_json "$R")
echo "$f" | grep -q '"result": "worker-0 reconnected"' || fail "disconnect result: $f"
grep -q 'worker-0 drops its connections' "$R.out" || fail "disconnect not announced: $(cat "$R.out")"
grep -q 'disconnect scheduled at 0.3 s' "$R/worker-0.log" || fail "worker 0 did not disconnect: $(cat "$R/worker-0.log")"
grep -q 'reconnected to 2 shards' "$R/worker-0.log" || fail "worker 0 did not reconnect: $(cat "$R/worker-0.log")"
grep -q "stops after 6000 iterations" "$R/worker-0.log" || fail "worker 0 did not finish after reconnecting"
for s in 0 1; do
    # hello, left, hello again: in that order.
    seq=$(grep -o 'hello from worker 0\|worker 0 left' "$R/server-$s.log" | head -3 | tr '\n' '|')
    [ "$seq" = "hello from worker 0|worker 0 left|hello from worker 0|" ] ||
        fail "server $s did not see worker 0 leave and rejoin: $seq"
done
# (4) Shard 1 SIGKILLed at 2.2 s of an async run with --restart-shards: it
# comes back from its checkpoint (the first is written a second after it
# starts; 2.2 s leaves room for a sanitizer build that forks and writes
# slowly), every worker and the evaluator reconnect and the run completes
# at its target. A number of iterations (3-15 s, by machine), not of
# seconds: a busy machine makes the run slower, not less converged, and a
# fast one must still be training when the kill comes (12000 were done in
# 2 s on a fast VM).
R=$WORK/killshard
run "$R" --server-arg=--mode --server-arg=async --workers 3 --iterations 30000 \
    --restart-shards --fault kill-shard:1@2.2
[ $RC = 0 ] || fail "kill-shard run: exit $RC: $(cat "$R.err")"
grep -q '"outcome": "completed"' "$R/run.json" || fail "kill-shard run not completed"
f=$(fault_json "$R")
echo "$f" | grep -q '"result": "killed server-1"' || fail "kill-shard result: $f"
grep -q 'server-1 died (killed by scheduled fault) at 2.2[0-9] s; restarting it from its checkpoints in 0.1 s (restart 1)' "$R.out" ||
    fail "restart not announced: $(cat "$R.out")"
# Restarts are on the processes' clock (since the launch): the kill, 2.2 s
# after the workers started, then the backoff.
python3 - "$R/run.json" <<'EOF' || fail "run.json: restarts: $(grep restarts "$R/run.json")"
import json, sys
r = json.load(open(sys.argv[1]))
p = {q["name"]: q for q in r["processes"]}
assert r["settings"]["restart-shards"] is True
assert p["server-0"]["restarts_s"] == []
(t,) = p["server-1"]["restarts_s"]
assert t >= r["workers_start_s"] + 2.3, t
EOF
grep -q "restored checkpoint generation" "$R/server-1.log" || fail "shard 1 restored nothing: $(tail -5 "$R/server-1.log")"
for r in 0 1 2; do
    grep -q "reconnected after" "$R/worker-$r.log" || fail "worker $r did not reconnect: $(tail -5 "$R/worker-$r.log")"
done
grep -q "reconnected after" "$R/eval.log" || fail "the evaluator did not reconnect"
final=$(tail -1 "$R/eval.csv" | cut -d, -f4)
awk -v e="$final" 'BEGIN { exit !(e < 1e-3) }' || fail "rel_err $final >= 1e-3 after the restart"
echo "e2e_faults: 5 passed, 0 failed"
