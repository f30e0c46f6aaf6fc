#!/bin/bash
# SPDX-License-Identifier: MIT
# taups-launch with workers of the user's own model (--worker-cmd): the
# built-in evaluator knows only the built-in models and once waited for
# tensors that never appeared, ignored SIGTERM, was killed, and the run
# exited 1 "failed" although every worker succeeded. Now a run of
# --worker-cmd workers has no evaluator unless --eval-cmd gives one (and
# says so), --no-eval turns it off for any run, the built-in evaluator
# stops within a second of SIGTERM while it waits for its tensors, and an
# evaluator killed after its grace at the end is not a failure of the run.
# python3 in a command is the one taups was built for, with its package.
. "$(dirname "$0")/lib.sh"
PUSHER=$B/tests/pusher
[ -x "$PUSHER" ] || { echo "missing $PUSHER: make check builds it" >&2; exit 99; }
# A worker of a model the launcher does not know: one tensor, "big".
PUSH='*:exec '$PUSHER' --cluster "$TAUPS_CLUSTER" --rank "$TAUPS_RANK" --workers "$TAUPS_WORKERS" --n 1000 --iterations 50'

# run NAME ARGS...: a launch of 2 pusher workers on 1 shard, bounded; its
# exit status in RC, stdout and stderr in $WORK/NAME.out.
run() {
    local name=$1
    shift
    RC=0
    timeout 60 "$LAUNCH" --shards 1 --workers 2 --timeout 45 \
        --out "$WORK/$name" --worker-cmd "$PUSH" "$@" > "$WORK/$name.out" 2>&1 || RC=$?
}
# completed NAME: exit 0, "completed" in run.json, nothing failed, and
# each worker pushed its 50 iterations.
completed() {
    [ $RC = 0 ] || fail "$1: exit $RC: $(cat "$WORK/$1.out")"
    ! grep -q "failed" "$WORK/$1.out" || fail "$1: something failed: $(cat "$WORK/$1.out")"
    grep -q '"outcome": "completed"' "$WORK/$1/run.json" || fail "$1: run.json: $(grep outcome "$WORK/$1/run.json")"
    for r in 0 1; do
        grep -q "pusher: 50 iterations" "$WORK/$1/worker-$r.log" ||
            fail "$1: worker $r: $(cat "$WORK/$1/worker-$r.log")"
    done
}

# Every rank a --worker-cmd, no --eval-cmd: no evaluator, said once.
run plain
completed plain
grep -q "every worker runs --worker-cmd and there is no --eval-cmd: no evaluator" "$WORK/plain.out" ||
    fail "no word of the evaluator left out: $(cat "$WORK/plain.out")"
grep -q "final: no evaluator ran" "$WORK/plain.out" || fail "summary: $(cat "$WORK/plain.out")"
[ ! -e "$WORK/plain/eval.csv" ] || fail "an evaluator ran"
grep -q '"no-eval": true' "$WORK/plain/run.json" || fail "run.json does not record no-eval"
echo "# --worker-cmd alone: no evaluator, exit 0"

# The built-in evaluator, asked for a model nobody trains: it waits for
# its tensors until the end, then stops at once on SIGTERM.
run builtin --eval-cmd "exec $WORKER --role eval --model lsq"
completed builtin
grep -q "declare abandoned: the application is stopping" "$WORK/builtin/eval.log" ||
    fail "evaluator: $(cat "$WORK/builtin/eval.log")"
! grep -q "did not stop within\|killing" "$WORK/builtin.out" ||
    fail "the evaluator had to be killed: $(cat "$WORK/builtin.out")"
echo "# the built-in evaluator waiting for tensors stops on SIGTERM"

# An evaluator that ignores SIGTERM is killed after its grace: said, and
# not a failure of the run.
run deaf --eval-cmd "trap '' TERM; sleep 100"
[ $RC = 0 ] || fail "deaf evaluator: exit $RC: $(cat "$WORK/deaf.out")"
grep -q "evaluator did not stop within 10 s of SIGTERM; killing it" "$WORK/deaf.out" &&
    grep -q "evaluator killed by signal 9 (Killed) by the launcher, 10 s after SIGTERM; not a failure of the run" "$WORK/deaf.out" ||
    fail "deaf evaluator: $(cat "$WORK/deaf.out")"
grep -q '"outcome": "completed"' "$WORK/deaf/run.json" || fail "deaf evaluator: $(grep outcome "$WORK/deaf/run.json")"
echo "# an evaluator killed at the end is not a failure of the run"

# --no-eval with the built-in workers; and not with --eval-cmd.
RC=0
timeout 60 "$LAUNCH" --shards 1 --workers 2 --model lsq --rows 200 --dim 8 \
    --iterations 50 --no-eval --timeout 45 --out "$WORK/noeval" > "$WORK/noeval.out" 2>&1 || RC=$?
[ $RC = 0 ] || fail "--no-eval: exit $RC: $(cat "$WORK/noeval.out")"
[ ! -e "$WORK/noeval/eval.csv" ] || fail "--no-eval ran an evaluator"
RC=0
"$LAUNCH" --no-eval --eval-cmd true > "$WORK/both.out" 2>&1 || RC=$?
[ $RC = 2 ] && grep -q -- "--no-eval and --eval-cmd: give one or the other" "$WORK/both.out" ||
    fail "--no-eval with --eval-cmd: exit $RC: $(cat "$WORK/both.out")"
echo "# --no-eval"

# taups-worker --role eval alone: SIGTERM while no worker has declared
# anything ends it, with status 0 (bounded: once it never ended).
start_servers 1 1
"$WORKER" --role eval --cluster "$CLUSTER" --workers 1 --model lsq \
    --log "$WORK/ev.csv" 2> "$WORK/ev.log" &
ev=$!
PIDS="$PIDS $ev"
# Its signal handlers are in place before it says hello.
wait_for "$WORK/server-0.log" "hello from evaluator" 10 || fail "no evaluator: $(cat "$WORK/ev.log")"
sleep 0.2
kill -TERM $ev
RC=0
timeout 20 tail --pid=$ev -f /dev/null || fail "the evaluator ignored SIGTERM: $(cat "$WORK/ev.log")"
wait $ev || RC=$?
[ $RC = 0 ] || fail "evaluator exit $RC: $(cat "$WORK/ev.log")"
grep -q "declare abandoned: the application is stopping" "$WORK/ev.log" || fail "evaluator: $(cat "$WORK/ev.log")"
stop_servers
# python3 in a command is the interpreter taups was built for, with the
# build tree's package: not the python3 first on PATH (here one that
# fails), and with no PYTHONPATH.
mkdir "$WORK/fakebin"
printf '#!/bin/sh\necho "the python3 on PATH ran" >&2\nexit 3\n' > "$WORK/fakebin/python3"
chmod +x "$WORK/fakebin/python3"
python_sanitizer
RC=0
env -u PYTHONPATH PATH="$WORK/fakebin:$PATH" timeout 60 "$LAUNCH" --shards 1 \
    --workers 1 --iterations 5 --no-plot --out "$WORK/py" --worker-cmd \
    '*:cd / && python3 -c "import sys, taups; c = taups.Client(); c.clock(); c.close(); print(\"where:\", sys.executable, taups.__file__)"' \
    > "$WORK/py.out" 2>&1 || RC=$?
[ $RC = 0 ] || fail "python3 worker: exit $RC: $(cat "$WORK/py.out" "$WORK/py/worker-0.log")"
want="where: $("${TAUPS_PYTHON:-python3}" -c 'import sys; print(sys.executable)') $(cd "$B/python" && pwd -P)/taups/__init__.py"
grep -qx "$want" "$WORK/py/worker-0.log" || fail "python3 worker: $(cat "$WORK/py/worker-0.log") (want $want)"
echo "# python3 in --worker-cmd: the configured interpreter, the build's package"
echo "ok: --worker-cmd runs without a stuck evaluator; --no-eval; an evaluator stops on SIGTERM; its python3"
