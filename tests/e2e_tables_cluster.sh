#!/bin/bash
# SPDX-License-Identifier: MIT
# Tables under a real cluster (docs/design.md §2b): 2 shards, 4 Python
# workers, each pulling and pushing Zipf-drawn rows of a table (unique ids
# per call, gradient 1, SGD lr 0.5 from zeros, so a row pushed v times is
# exactly -0.5 * v in every element, in async), in sync, async and ssp.
#   - sync: each step applies, per row, the mean over the 4 workers; every
#     row equals an independent replay of the workers' logs;
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

# sync: every step applies, per row, the mean over the 4 workers of their
# gradients (1 for a row a worker pushed, 0 for one it did not), so after
# the run a row is -0.5 * sum over steps of (workers that pushed it) / 4:
# replayed here from the ids each worker logged per step, independently of
# the shards. Its version counts the steps in which anyone pushed it.
cat > "$WORK/sync_worker.py" <<'PYEOF'
import sys
import numpy as np
import taups

cluster, rank, steps, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = np.random.default_rng(200 + rank)
with taups.Client(cluster=cluster, rank=rank, workers=4) as c:
    t = c.table("emb", dim=8, init="zeros")
    log = np.zeros((steps, 500), dtype=np.int8)
    for k in range(steps):
        ids = np.unique(rng.zipf(1.5, 32) % 500).astype(np.int64)
        c.pull_rows(t, ids)
        c.push_rows(t, ids, np.ones((len(ids), 8), dtype=np.float32))
        log[k, ids] = 1
        c.clock()
    np.save(out, log)
PYEOF
cat > "$WORK/sync_check.py" <<'PYEOF'
import sys
import numpy as np
import taups

cluster = sys.argv[1]
logs = [np.load(f) for f in sys.argv[2:]]
touched = sum(l.astype(np.int64) for l in logs)       # steps x rows
want = -0.5 * (touched / 4.0).sum(axis=0)
versions = (touched > 0).sum(axis=0)
with taups.Client(cluster=cluster, role="evaluator") as c:
    t = c.table("emb", dim=8, init="zeros")
    x, v = c.pull_rows(t, np.arange(500, dtype=np.int64), versions=True)
    assert np.array_equal(v, versions), ("versions", np.nonzero(v != versions)[0][:5])
    err = np.abs(x - want[:, None].astype(np.float32)).max()
    assert err <= 1e-5, ("rows differ from the replay by", err)
    print("rows", int(np.count_nonzero(v)), "max error", err)
PYEOF
start_servers 2 4 --mode sync --lr 0.5
for r in 0 1 2 3; do
    "$PY" "$WORK/sync_worker.py" "$CLUSTER" $r 60 "$WORK/sync-$r.npy" \
        > "$WORK/sync-worker-$r.out" 2>&1 &
    eval "SW$r=$!"
done
for r in 0 1 2 3; do
    eval "p=\$SW$r"
    wait "$p" || fail "sync worker $r: $(cat "$WORK/sync-worker-$r.out")"
done
"$PY" "$WORK/sync_check.py" "$CLUSTER" "$WORK"/sync-*.npy > "$WORK/check-sync.out" 2>&1 ||
    fail "sync: $(cat "$WORK/check-sync.out")"
echo "# sync: $(cat "$WORK/check-sync.out")"
stop_servers

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
