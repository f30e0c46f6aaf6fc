#!/bin/bash
# SPDX-License-Identifier: MIT
# Starting values, the barrier and the final model from Python workers
# (docs/design.md §3b), on 2 shards, in sync and in async: rank 0 assigns
# the model, the others wait for it in a barrier; rank r then pushes r + 2
# known gradients and every worker takes final_model(). Every worker must
# get the same model, equal to the closed form: the assigned values minus
# lr times the sum of every gradient (async), or minus lr times each
# step's mean over the ranks still pushing at that step (sync). Rank 0
# dies after assigning the first tensor and before the second; started
# again, its assign of the first is refused (False) and it carries on.
. "$(dirname "$0")/lib.sh"
use_python

cat > "$WORK/worker.py" <<'PYEOF'
import os, sys
import numpy as np
import taups

cluster, rank, mode, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
crash = os.environ.get("CRASH_AFTER_ASSIGN") == "1"
W0 = (np.arange(24, dtype=np.float32).reshape(4, 6) - 10) / 8
B0 = np.array([1.5, -2.0, 0.25], np.float32)
with taups.Client(cluster=cluster, rank=rank, workers=4) as c:
    w = c.declare("w", (4, 6))
    b = c.declare("b", 3)
    if rank == 0:
        first = c.assign(w, W0)
        if crash:
            assert first, "the first assign of w was refused"
            os._exit(3)           # dies before assigning b
        assert not first, "w assigned twice"
        assert c.assign(b, B0.tolist()), "b not assigned"
    c.barrier(timeout=20)
    assert np.array_equal(c.pull(w), W0) and np.array_equal(c.pull(b), B0)
    c.barrier(timeout=20)     # async: nobody pushes before all have read
    for k in range(rank + 2):
        c.pull(w)
        c.pull(b)
        g = np.float32((rank + 1) * (k + 1) / 4)
        c.push(w, np.full((4, 6), g, np.float32))
        c.push(b, np.full(3, -g, np.float32))
        c.clock()
    m = c.final_model(timeout=20)
    assert m["w"].shape == (4, 6) and m["b"].shape == (3,)
    np.savez(out, w=m["w"], b=m["b"])
PYEOF

cat > "$WORK/check.py" <<'PYEOF'
import sys
import numpy as np

mode, lr, files = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
W0 = (np.arange(24, dtype=np.float64).reshape(4, 6) - 10) / 8
B0 = np.array([1.5, -2.0, 0.25])
steps = [r + 2 for r in range(4)]
total = 0.0
for k in range(max(steps)):
    gs = [(r + 1) * (k + 1) / 4 for r in range(4) if steps[r] > k]
    total += sum(gs) if mode == "async" else sum(gs) / len(gs)
want_w, want_b = W0 - lr * total, B0 + lr * total
models = [np.load(f) for f in files]
for f, m in zip(files, models):
    assert np.allclose(m["w"], want_w, rtol=1e-6, atol=1e-6), (f, m["w"], want_w)
    assert np.allclose(m["b"], want_b, rtol=1e-6, atol=1e-6), (f, m["b"], want_b)
    assert np.array_equal(m["w"], models[0]["w"]), f
    assert np.array_equal(m["b"], models[0]["b"]), f
PYEOF

for mode in sync async; do
    start_servers 2 4 --mode "$mode" --lr 0.5
    CRASH_AFTER_ASSIGN=1 "$PY" "$WORK/worker.py" "$CLUSTER" 0 "$mode" \
        "$WORK/$mode-0.npz" 2> "$WORK/$mode-crash.err" &&
        fail "$mode: the crashing rank 0 exited 0"
    pids=""
    for r in 1 2 3; do
        timeout 25 "$PY" "$WORK/worker.py" "$CLUSTER" $r "$mode" \
            "$WORK/$mode-$r.npz" 2> "$WORK/$mode-$r.err" &
        pids="$pids $!"
    done
    # The others wait in the barrier for rank 0, started again.
    sleep 0.5
    timeout 25 "$PY" "$WORK/worker.py" "$CLUSTER" 0 "$mode" \
        "$WORK/$mode-0.npz" 2> "$WORK/$mode-0.err" ||
        fail "$mode: restarted rank 0: $(cat "$WORK/$mode-0.err")"
    r=1
    for p in $pids; do
        wait "$p" || fail "$mode: rank $r: $(cat "$WORK/$mode-$r.err")"
        r=$((r + 1))
    done
    "$PY" "$WORK/check.py" "$mode" 0.5 "$WORK/$mode"-[0-3].npz \
        > "$WORK/$mode-check.out" 2>&1 ||
        fail "$mode: final models: $(cat "$WORK/$mode-check.out")"
    stop_servers
    grep -q "barrier 2: all 4 workers arrived" "$WORK/server-0.log" ||
        fail "$mode: shard 0 logged no third barrier"
done
echo "PASS: assign, barrier and final model agree in sync and async"
