#!/bin/bash
# SPDX-License-Identifier: MIT
# Tables under a real cluster (docs/design.md §2b): 2 shards, 4 Python
# workers, each pulling and pushing Zipf-drawn rows of a table (unique ids
# per call, gradient 1, SGD lr 0.5 from zeros, so a row pushed v times is
# exactly -0.5 * v in every element), in async and in ssp.
#   - async, nothing killed: every row's version equals the number of calls
#     of all workers that pushed it (the workers log their ids) and its
#     value is -0.5 * version: the counters add up per row;
#   - ssp, shard 1 SIGKILLed mid-run and restarted from its checkpoints:
#     the workers ride through, and afterwards every row on both shards is
#     still -0.5 * its version (no row half-applied or lost apart from its
#     version), its version at most the pushes made, and shard 1 still
#     holds rows.
. "$(dirname "$0")/lib.sh"
use_python

cat > "$WORK/worker.py" <<'PYEOF'
import sys
import numpy as np
import taups

cluster, rank, calls, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = np.random.default_rng(100 + rank)
with taups.Client(cluster=cluster, rank=rank, workers=4,
                  reconnect_timeout_ms=20000) as c:
    t = c.table("emb", dim=8, init="zeros")
    counts = np.zeros(2000, dtype=np.int64)
    applied = 0
    for k in range(calls):
        if k % 25 == 0:
            print("call", k, flush=True)
        ids = np.unique(rng.zipf(1.3, 64) % 2000).astype(np.int64)
        c.pull_rows(t, ids, versions=True)
        c.push_rows(t, ids, np.ones((len(ids), 8), dtype=np.float32))
        applied += c.push_rows_info(t)["applied"]
        counts[ids] += 1
        c.clock()
    np.save(out, counts)
    print("applied", applied)
PYEOF

cat > "$WORK/check.py" <<'PYEOF'
import sys
import numpy as np
import taups

cluster, exact = sys.argv[1], sys.argv[2] == "exact"
made = sum(np.load(f) for f in sys.argv[3:])
with taups.Client(cluster=cluster, role="evaluator") as c:
    t = c.table("emb", dim=8, init="zeros")
    ids = np.arange(2000, dtype=np.int64)
    x, v = c.pull_rows(t, ids, versions=True)
    bad = np.nonzero(np.any(x != -0.5 * v[:, None].astype(np.float32), axis=1))[0]
    assert len(bad) == 0, ("rows not -0.5 * version", bad[:5], x[bad[:5]], v[bad[:5]])
    if exact:
        diff = np.nonzero(v != made)[0]
        assert len(diff) == 0, ("versions != pushes", diff[:5], v[diff[:5]], made[diff[:5]])
    else:
        assert np.all(v <= made), "a row has more updates than pushes"
    print("rows", int(np.count_nonzero(v)), "updates", int(v.sum()), "pushes", int(made.sum()))
PYEOF

run_workers() { # CALLS: the 4 workers in the background
    WPIDS=""
    for r in 0 1 2 3; do
        "$PY" "$WORK/worker.py" "$CLUSTER" $r "$1" "$WORK/ids-$r.npy" \
            > "$WORK/worker-$r.out" 2>&1 &
        WPIDS="$WPIDS $!"
    done
}
wait_workers() {
    local r=0 p
    for p in $WPIDS; do
        wait "$p" || fail "worker $r: $(cat "$WORK/worker-$r.out")"
        r=$((r + 1))
    done
}

# async, nothing killed: exact per-row counters.
start_servers 2 4 --mode async --lr 0.5
run_workers 150
wait_workers
"$PY" "$WORK/check.py" "$CLUSTER" exact "$WORK"/ids-*.npy > "$WORK/check-async.out" 2>&1 ||
    fail "async: $(cat "$WORK/check-async.out")"
echo "# async: $(cat "$WORK/check-async.out")"
stop_servers

# ssp, shard 1 killed and restored mid-run.
rm -f "$WORK"/ids-*.npy
start_servers 2 4 --mode ssp --staleness 2 --lr 0.5 \
    --checkpoint-dir "$WORK/ckpt-{i}" --checkpoint-every 0.2
run_workers 1200
# The kill comes once every worker is well into its run, with a checkpoint
# or two behind it and most of the run ahead.
for r in 0 1 2 3; do
    wait_for "$WORK/worker-$r.out" "call 300" 60 || fail "worker $r is stuck: $(cat "$WORK/worker-$r.out")"
done
set -- $SERVER_PIDS
kill -KILL "$2"
wait "$2" 2> /dev/null || true
ADDR1=$(echo "$CLUSTER" | cut -d, -f2)
: > "$WORK/server-1b.log"
"$SERVER" --listen "$ADDR1" --cluster "$CLUSTER" --shard 1 --workers 4 \
    --stats-every 0 --mode ssp --staleness 2 --lr 0.5 \
    --checkpoint-dir "$WORK/ckpt-1" --checkpoint-every 0.2 \
    2> "$WORK/server-1b.log" &
SERVER_PIDS="$1 $!"
PIDS="$PIDS $!"
wait_for "$WORK/server-1b.log" "listening on" 10 || fail "shard 1 did not restart: $(cat "$WORK/server-1b.log")"
grep -q "restored" "$WORK/server-1b.log" || fail "shard 1 restored nothing: $(cat "$WORK/server-1b.log")"
grep -q "call 1175" "$WORK/worker-0.out" && fail "the workers finished before shard 1 was back"
wait_workers
"$PY" "$WORK/check.py" "$CLUSTER" bounded "$WORK"/ids-*.npy > "$WORK/check-ssp.out" 2>&1 ||
    fail "ssp after a kill: $(cat "$WORK/check-ssp.out")"
echo "# ssp, shard 1 killed: $(cat "$WORK/check-ssp.out")"
stop_servers
