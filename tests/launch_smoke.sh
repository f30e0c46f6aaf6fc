#!/bin/sh
# End-to-end checks of taups-launch's process handling, with stand-in
# server and worker scripts that follow the real programs' command lines
# (print "listening on", write the CSVs, exit 0 on SIGTERM). What is tested is
# the launcher: start order, run directory, run.json, exit statuses, failure
# reports, Ctrl-C, and that no child outlives it.
#
# Usage: tests/launch_smoke.sh [PATH-TO-taups-launch]
# (default: $builddir/tools/taups-launch, as under `make check`).
set -u

launch=${1:-${builddir:-.}/tools/taups-launch}
[ -x "$launch" ] || { echo "launch_smoke: no launcher at $launch" >&2; exit 99; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/launch_smoke.XXXXXX") || exit 99
fake=$tmp/bin
mkdir "$fake"
failures=0

cleanup() {
    kill_leftovers
    rm -rf "$tmp"
}

# Children of a stand-in cluster, found by the path of the stand-in binaries.
leftovers() {
    for f in /proc/[0-9]*/cmdline; do
        { tr '\0' ' ' <"$f"; } 2>/dev/null | grep -q "^[^ ]*sh $fake/" && echo "${f%/cmdline}"
    done
}
kill_leftovers() {
    for p in $(leftovers); do kill -9 "${p#/proc/}" 2>/dev/null; done
}
trap cleanup EXIT

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

no_orphans() {
    sleep 0.3
    [ -z "$(leftovers)" ] || { fail "$1: children outlived the launcher"; kill_leftovers; }
}

cat >"$fake/taups-server" <<'EOF'
#!/bin/sh
listen= shard=
while [ $# -gt 0 ]; do
    case $1 in --listen) listen=$2; shift ;; --shard) shard=$2; shift ;; esac
    shift
done
if [ "${FAKE_SERVER:-}" = die ] && [ "$shard" = 1 ]; then
    echo "fatal: shard 1 is broken" >&2
    exit 3
fi
trap 'echo "shard $shard: summary" >&2; exit 0' TERM INT
echo "shard $shard listening on $listen" >&2
while :; do sleep 0.05; done
EOF

cat >"$fake/taups-worker" <<'EOF'
#!/bin/sh
echo "argv: $*" >&2
role=worker log= its=100 every=500 model=softmax rank=
while [ $# -gt 0 ]; do
    case $1 in
    --role) role=$2; shift ;;
    --log) log=$2; shift ;;
    --iterations) its=$2; shift ;;
    --eval-every) every=$2; shift ;;
    --model) model=$2; shift ;;
    --rank) rank=$2; shift ;;
    esac
    shift
done
stop=0
trap 'stop=1' TERM
n=0
if [ "$role" = eval ]; then
    metric=accuracy
    [ "$model" = lsq ] && metric=rel_err
    echo "time_s,updates,loss,$metric" >"$log"
    while [ $stop = 0 ]; do
        n=$((n + 1))
        echo "$((n * every))e-3,$((n * 100)),$((1000 / n))e-3,$((n % 10))e-1" >>"$log"
        sleep 0.1
    done
    echo "$((n * every + 1))e-3,$((n * 100 + 1)),1e-3,9e-1" >>"$log"
    echo "evaluator: final row" >&2
    exit 0
fi
echo "time_s,clock,loss,version,bytes_sent,bytes_recv" >"$log"
while [ $n -lt "$its" ] && [ $stop = 0 ]; do
    n=$((n + 1))
    if [ "${FAKE_FAIL_RANK:-}" = "$rank" ] && [ $n = 20 ]; then
        echo "worker $rank: push failed: connection reset" >&2
        exit 1
    fi
    echo "$n.0,$n,$((1000 / n))e-3,$n,100,100" >>"$log"
    sleep 0.01
done
EOF
chmod +x "$fake/taups-server" "$fake/taups-worker"

common="--bindir $fake --shards 2 --workers 3 --timeout 60"

# A run that completes.
out=$tmp/ok
"$launch" $common --iterations 50 --seed 7 --out "$out" \
    --server-arg=--stats-every --server-arg=2 >"$tmp/ok.out" 2>"$tmp/ok.err"
rc=$?
[ $rc = 0 ] || fail "completed run: exit status $rc"
grep -q '"outcome": "completed"' "$out/run.json" || fail "completed run: outcome"
grep -q '"--stats-every", "2"' "$out/run.json" || fail "server args not passed"
grep -q '"--seed", "7"' "$out/run.json" || fail "seed not passed to workers"
[ "$(grep -c '"exit_code": 0' "$out/run.json")" = 6 ] ||
    fail "completed run: not every process exited 0"
grep -q '"final_eval": {"time_s"' "$out/run.json" || fail "no final eval row"
for f in server-0.log server-1.log eval.csv eval.log worker-0.csv worker-2.log; do
    [ -s "$out/$f" ] || fail "completed run: $f missing or empty"
done
grep -q summary "$out/server-1.log" || fail "server-1 was not stopped by SIGTERM"
grep -q "final row" "$out/eval.log" || fail "evaluator was not stopped by SIGTERM"
if command -v gnuplot >/dev/null 2>&1; then
    [ -s "$out/loss.png" ] && [ -s "$out/accuracy.png" ] || fail "plots missing"
fi
if command -v python3 >/dev/null 2>&1; then
    python3 -m json.tool "$out/run.json" >/dev/null || fail "run.json is not JSON"
fi
grep -q "run directory: $out" "$tmp/ok.out" || fail "no run directory printed"
no_orphans "completed run"

# A server that dies at start: its log is shown and everything stops.
out=$tmp/die
FAKE_SERVER=die "$launch" $common --out "$out" --no-plot >/dev/null 2>"$tmp/die.err"
rc=$?
[ $rc = 1 ] || fail "dead server: exit status $rc, expected 1"
grep -q "shard 1 is broken" "$tmp/die.err" || fail "dead server: log tail not shown"
grep -q '"outcome": "startup_failed"' "$out/run.json" || fail "dead server: outcome"
no_orphans "dead server"

# A worker that fails: the others finish, the run fails with its log tail.
out=$tmp/wfail
FAKE_FAIL_RANK=1 "$launch" $common --iterations 50 --out "$out" --no-plot \
    >/dev/null 2>"$tmp/wfail.err"
rc=$?
[ $rc = 1 ] || fail "failed worker: exit status $rc, expected 1"
grep -q "push failed: connection reset" "$tmp/wfail.err" ||
    fail "failed worker: log tail not shown"
no_orphans "failed worker"

# Ctrl-C: ordered stop, final evaluation row, run.json, status 130.
out=$tmp/int
"$launch" $common --iterations 100000 --out "$out" --no-plot >/dev/null 2>&1 &
pid=$!
i=0
while [ ! -f "$out/run.json" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.5
kill -INT $pid
wait $pid
rc=$?
[ $rc = 130 ] || fail "interrupted run: exit status $rc, expected 130"
grep -q '"outcome": "interrupted"' "$out/run.json" || fail "interrupted run: outcome"
grep -q "final row" "$out/eval.log" || fail "interrupted run: no final evaluation"
no_orphans "interrupted run"

# A launcher killed outright takes its children with it.
out=$tmp/kill
"$launch" $common --iterations 100000 --out "$out" --no-plot >/dev/null 2>&1 &
pid=$!
i=0
while [ ! -f "$out/run.json" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -n "$(leftovers)" ] || fail "killed launcher: no children were running"
kill -KILL $pid
wait $pid 2>/dev/null
no_orphans "killed launcher"

if [ $failures -gt 0 ]; then
    echo "launch_smoke: $failures failure(s)" >&2
    exit 1
fi
echo "launch_smoke: ok"
