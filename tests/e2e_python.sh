#!/bin/bash
# SPDX-License-Identifier: MIT
# The Python package from the build tree (PYTHONPATH=$B/python): numpy
# arrays cross without a copy and keep their shape; wrong dtypes, layouts
# and sizes are TypeError/ValueError naming the tensor; an unreachable
# cluster is a taups.Error carrying the library's sentence; make install
# would put the package where the interpreter looks. Then a numpy
# lsq worker (python/examples/lsq_worker.py, run by taups-launch
# --worker-cmd) and two C workers train one problem to the target; and a
# PyTorch CNN worker (python/examples/torch_experiment.py) lowers the test
# loss on Fashion-MNIST in 150 steps (skipped, saying so, without torch).
. "$(dirname "$0")/lib.sh"
SRC=${TAUPS_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
use_python
# Under an interpreter that cannot load it (here: one without numpy), the
# error names the interpreter and how to choose the one it is built for.
"$PY" -c 'import sys; sys.modules["numpy"] = None; import taups' 2> "$WORK/other.err" &&
    fail "import taups without numpy succeeded"
grep -q "configure PYTHON=.*this is $("$PY" -c 'import sys; print(sys.executable)')" "$WORK/other.err" ||
    fail "import taups elsewhere gives no hint: $(cat "$WORK/other.err")"
# make install puts the package where this interpreter looks for the
# packages of the configured prefix, if it looks under that prefix at all
# (Debian's python3: /usr/local/lib/python3.X/dist-packages).
if [ -n "${TAUPS_PYEXECDIR:-}" ]; then
    "$PY" - "$TAUPS_PYEXECDIR" "$TAUPS_EXEC_PREFIX" > "$WORK/where.out" 2>&1 <<'PYEOF' ||
import sys
d, p = sys.argv[1], sys.argv[2].rstrip("/")
looks = [x for x in sys.path if x.startswith(p + "/lib")]
assert not looks or d in looks, \
    "make install puts taups in %s, %s looks in %s" % (d, sys.executable, looks)
PYEOF
        fail "install directory: $(cat "$WORK/where.out")"
fi

start_servers 2 1 --mode async --lr 0.5
"$PY" - "$CLUSTER" > "$WORK/binding.out" 2>&1 <<'PYEOF' || fail "binding: $(cat "$WORK/binding.out")"
import sys
import numpy as np
import taups

with taups.Client(cluster=sys.argv[1], rank=0, workers=1) as c:
    assert c.mode == "async" and c.shards == 2
    w = c.declare("w", (3, 5), init="uniform", scale=1.0, seed=7)
    x = c.pull(w)
    assert x.shape == (3, 5) and x.dtype == np.float32
    assert np.all(np.abs(x) <= 1.0) and np.any(x != 0)
    out = np.zeros((3, 5), np.float32)
    assert c.pull(w, out=out) is out and np.array_equal(out, x)
    g = np.arange(15, dtype=np.float32).reshape(3, 5)
    c.push(w, g)
    c.clock()
    y = c.pull(w)
    # lr 0.5, plain SGD, computed by the shards: exactly x - 0.5 g
    assert np.array_equal(y, x - np.float32(0.5) * g), (y, x - 0.5 * g)
    assert c.versions(w) == [1, 1]
    assert c.last_push(w)["staleness"] == 0
    t1 = c.push_async(w, g)
    t2 = c.pull_async(w)
    assert t1.wait() is None and t2.wait().shape == (3, 5)
    bad = [(np.ones(15), TypeError, "float32"),
           (np.ones((5, 3), np.float32).T, ValueError, "C-contiguous"),
           (np.ones(14, np.float32), ValueError, "(3, 5)"),
           ([0.0] * 15, TypeError, "numpy")]
    for arr, exc, word in bad:
        try:
            c.push(w, arr)
        except exc as e:
            assert "'w'" in str(e) and word in str(e), str(e)
        else:
            raise AssertionError("accepted %r" % (arr,))
    s = c.stats()
    assert len(s) == 2 and s[0]["pushes"] == 2, s
    assert c.delivery()["pushes_applied"] == 2
    # One group, two tensors: each gets exactly its own step.
    v = c.declare("v", 4, init="zeros")
    x, y0 = c.pull(w), c.pull(v)
    gv = np.full(4, 2.0, np.float32)
    c.push_group([w, v], [g, gv])
    assert np.allclose(c.pull(w), x - np.float32(0.5) * g, rtol=1e-6, atol=0)
    assert np.allclose(c.pull(v), y0 - np.float32(0.5) * gv, rtol=1e-6, atol=0)
    try:
        c.push_group([w, v], [g])
    except ValueError as e:
        assert "2 tensors and 1 gradients" in str(e), str(e)
    else:
        raise AssertionError("push_group took one gradient for two tensors")
    assert c.local_steps == 0
# Delays as taups-worker draws them (the C test compares the streams).
d = taups.Delay("const:10", seed=1, rank=2, stragglers=["2:3"])
assert abs(d.next(0.01) - 0.05) < 1e-12 and "straggler factor 3" in str(d)
try:
    taups.Delay("pareto:1:5")
except taups.InvalidArgument as e:
    assert "SHAPE must be > 1" in str(e), str(e)
else:
    raise AssertionError("pareto with shape 1 accepted")
try:
    taups.Client(cluster="127.0.0.1:1", connect_timeout_ms=200)
except taups.ConnectionError as e:
    assert "127.0.0.1:1" in str(e) and e.code < 0, str(e)
else:
    raise AssertionError("connected to nothing")
# The cluster's size from the environment, as taups-launch sets it: an
# empty variable is unset, and a bad one is named.
import os
os.environ["TAUPS_WORKERS"] = ""
with taups.Client(cluster=sys.argv[1], rank=0) as c2:
    pass
os.environ["TAUPS_WORKERS"] = "two"
try:
    taups.Client(cluster=sys.argv[1], rank=0)
except taups.InvalidArgument as e:
    assert "TAUPS_WORKERS='two': not a whole number" in str(e), str(e)
else:
    raise AssertionError("TAUPS_WORKERS=two accepted")
del os.environ["TAUPS_WORKERS"]
try:
    taups.Client(cluster=sys.argv[1], no_such_option=1)
except TypeError as e:
    assert "no_such_option" in str(e)
print("binding ok")
PYEOF
stop_servers

# numpy and C workers in one cluster, on a problem given as .npy files.
"$PY" - "$WORK" <<'PYEOF' || fail "writing the problem"
import sys
import numpy as np
rng = np.random.default_rng(4)
A = rng.standard_normal((600, 20)).astype(np.float32)
x = rng.standard_normal(20).astype(np.float32)
np.save(sys.argv[1] + "/A.npy", A)
np.save(sys.argv[1] + "/b.npy", (A @ x).astype(np.float32))
PYEOF
timeout 120 "$LAUNCH" --model lsq --data "$WORK/A.npy,$WORK/b.npy" --shards 2 \
    --workers 3 --lr 0.05 --batch 32 --iterations 3000 --eval-every 200 \
    --seed 1 --no-plot --out "$WORK/run" \
    --worker-cmd "1:$PY $SRC/python/examples/lsq_worker.py --data $WORK/A.npy,$WORK/b.npy --iterations 3000" \
    > "$WORK/launch.out" 2>&1 || fail "launch: $(tail -5 "$WORK/launch.out"; cat "$WORK/run/worker-1.log")"
grep -q "lsq_worker 1: 3000 pushes sent, 3000 applied" "$WORK/run/worker-1.log" ||
    fail "the numpy worker: $(cat "$WORK/run/worker-1.log")"
rel=$(tail -1 "$WORK/run/eval.csv" | cut -d, -f4)
awk -v r="$rel" 'BEGIN { exit !(r < 1e-3) }' ||
    fail "numpy + C workers ended at rel_err $rel: $(tail -3 "$WORK/run/eval.csv")"
echo "# numpy + C workers: rel_err $rel"
head -1 "$WORK/run/eval.csv" | grep -q "rel_err" || fail "eval.csv: $(head -1 "$WORK/run/eval.csv")"

# PyTorch.
if [ -n "${LD_PRELOAD:-}" ]; then
    echo "# SKIP torch worker: libtaups is built with the sanitizers (torch under them tests torch)"
elif ! "$PY" -c 'import torch' 2> /dev/null; then
    echo "# SKIP torch worker: $PY cannot import torch (Debian: apt-get install python3-torch)"
else
    # 150 iterations end near 0.25 of the first test loss (300: 0.21), the
    # check 0.6 of it.
    start_servers 1 1 --mode async --lr 0.05
    timeout 120 "$PY" "$SRC/python/examples/torch_experiment.py" --cluster "$CLUSTER" \
        --rank 0 --workers 1 --iterations 150 > "$WORK/torch.out" 2>&1 ||
        fail "torch worker: $(cat "$WORK/torch.out")"
    stop_servers
    before=$(sed -n 's/.*before: test loss \([0-9.]*\).*/\1/p' "$WORK/torch.out")
    after=$(sed -n 's/.*iterations: test loss \([0-9.]*\).*/\1/p' "$WORK/torch.out")
    awk -v b="$before" -v a="$after" 'BEGIN { exit !(a > 0 && a < 0.6 * b) }' ||
        fail "torch worker: test loss $before -> $after"
    echo "# torch worker: test loss $before -> $after"

    # The CNN as taups-launch runs it: two torch workers in mode local
    # (K = 2 steps at --local-lr on a private copy, deltas averaged) with
    # injected delays, scored by the torch evaluator (--eval-cmd) on the
    # full test set.
    timeout 180 "$LAUNCH" --shards 1 --workers 2 --mode local --lr 1 \
        --server-arg=--local-steps --server-arg=2 --iterations 40 --batch 32 \
        --eval-every 500 --seed 2 --no-plot --out "$WORK/cnn" \
        --worker-cmd "*:exec $PY $SRC/python/examples/torch_experiment.py" \
        --eval-cmd "exec $PY $SRC/python/examples/torch_experiment.py --role eval" \
        --worker-arg=--delay --worker-arg=const:5 --worker-arg=--local-lr \
        --worker-arg=0.1 --worker-arg=--report --worker-arg=0 \
        > "$WORK/cnn.out" 2>&1 ||
        fail "torch cluster: $(tail -5 "$WORK/cnn.out"; cat "$WORK/cnn/eval.log" "$WORK/cnn/worker-0.log")"
    head -1 "$WORK/cnn/eval.csv" | grep -qx 'time_s,updates,loss,accuracy,versions,reconnects' ||
        fail "torch eval.csv: $(head -2 "$WORK/cnn/eval.csv")"
    grep -q "mode local, 2 local steps at lr 0.1, injected delay const:5" "$WORK/cnn/worker-1.log" ||
        fail "torch worker: $(cat "$WORK/cnn/worker-1.log")"
    # 40 rounds of 2 workers: 40 averaged updates; accuracy from chance
    # (0.1) to well above it; every round after the first logs a drift.
    "$PY" - "$WORK/cnn" <<'PYEOF' || fail "torch cluster: $(cat "$WORK/cnn/eval.csv")"
import csv, sys
ev = list(csv.DictReader(open(sys.argv[1] + "/eval.csv")))
assert int(ev[-1]["updates"]) == 40, ev[-1]
assert float(ev[0]["accuracy"]) < 0.2 < 0.6 < float(ev[-1]["accuracy"]), ev
w = list(csv.DictReader(open(sys.argv[1] + "/worker-0.csv")))
assert len(w) == 40 and all(r["drift"] for r in w[1:]) and not w[0]["drift"], w[:3]
assert all(r["staleness"] == "0" for r in w), w
PYEOF
    echo "# torch cluster: accuracy $(sed -n 2p "$WORK/cnn/eval.csv" | cut -d, -f4) -> $(tail -1 "$WORK/cnn/eval.csv" | cut -d, -f4)"
fi
echo "ok: binding, numpy beside C workers, torch"
