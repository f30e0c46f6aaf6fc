#!/bin/bash
# SPDX-License-Identifier: MIT
# taups-ctl reshard end to end (docs/design.md §10): a 2-shard cluster,
# async, Adagrad (one slot per element and row, so the optimizer state
# must come along), trains a dense tensor of 1,001 elements (shape 7 x 143)
# and a table of dim 4 a little, and stops (SIGTERM writes the final
# checkpoints). Its checkpoints are re-sharded for 3 shards and for 1.
# Each new cluster restores and answers the pull of the dense tensor and
# of every pushed row bitwise as the 2-shard cluster did before it
# stopped, with the same versions; then one more push gives bitwise what
# the same push gives on the 2-shard cluster restored without
# re-sharding. Inputs given out of order, from another cluster, at two
# steps in sync, and an output directory that holds checkpoints already
# are refused with a sentence.
. "$(dirname "$0")/lib.sh"
use_python

OPTS="--mode async --optimizer adagrad --lr 0.1 --checkpoint-every 0"

cat > "$WORK/rs.py" <<'PYEOF'
import sys
import numpy as np
import taups

phase, cluster, state = sys.argv[1], sys.argv[2], sys.argv[3]
f32 = np.float32
with taups.Client(cluster=cluster, rank=0, workers=1) as c:
    w = c.declare("w", (7, 143), init="normal", scale=0.1, seed=3)
    if phase == "dense":  # sync: three steps of the dense tensor alone
        for step in range(3):
            c.pull(w)
            c.push(w, np.full((7, 143), 0.5, f32))
            c.clock()
        print("ok")
        sys.exit(0)
    t = c.table("emb", dim=4, init="normal", scale=0.1, seed=7)
    if phase == "train":
        rng = np.random.default_rng(5)
        ids = np.unique(rng.integers(0, 2**63, 400, dtype=np.int64))
        for step in range(6):
            c.pull(w)
            c.push(w, rng.standard_normal((7, 143)).astype(f32))
            # subsets, so that the rows' versions differ
            sub = rng.choice(ids, 150)
            c.pull_rows(t, sub)
            c.push_rows(t, sub, rng.standard_normal((150, 4)).astype(f32))
            c.clock()
        x = c.pull(w)
        rows, rv = c.pull_rows(t, ids, versions=True)
        np.savez(state, w=x, wv=np.array(c.versions(w)), ids=ids, rows=rows,
                 rv=rv)
        print("ok")
        sys.exit(0)
    s = np.load(state + ".npz")
    x = c.pull(w)
    assert x.tobytes() == s["w"].tobytes(), "dense tensor differs"
    assert len(set(s["wv"])) == 1, s["wv"]
    assert all(v == s["wv"][0] for v in c.versions(w)), (c.versions(w), s["wv"])
    rows, rv = c.pull_rows(t, s["ids"], versions=True)
    assert rows.tobytes() == s["rows"].tobytes(), "rows differ"
    assert np.array_equal(rv, s["rv"]), "row versions differ"
    assert rv.max() > 1 and rv.min() < rv.max(), rv
    # one more push of each, the same on every cluster
    rng = np.random.default_rng(99)
    c.push(w, rng.standard_normal((7, 143)).astype(f32))
    c.push_rows(t, s["ids"], rng.standard_normal((len(s["ids"]), 4)).astype(f32))
    x = c.pull(w)
    rows, rv = c.pull_rows(t, s["ids"], versions=True)
    np.savez(sys.argv[4], w=x, rows=rows, rv=rv)
    print("ok")
PYEOF

# run_py PHASE OUT ARGS...: the worker above against $CLUSTER.
run_py() {
    local phase=$1 out=$2
    shift 2
    "$PY" "$WORK/rs.py" "$phase" "$CLUSTER" "$WORK/state" "$@" > "$out" 2>&1 ||
        fail "$phase: $(cat "$out")"
    grep -q "^ok$" "$out" || fail "$phase: $(cat "$out")"
}

start_servers 2 1 $OPTS --checkpoint-dir "$WORK/ck{i}"
run_py train "$WORK/train.out"
stop_servers

"$CTL" reshard "$WORK/r3" 3 "$WORK/ck0" "$WORK/ck1" 2> "$WORK/r3.out" ||
    fail "reshard to 3: $(cat "$WORK/r3.out")"
"$CTL" reshard "$WORK/r1" 1 "$WORK/ck0" "$WORK/ck1" 2> "$WORK/r1.out" ||
    fail "reshard to 1: $(cat "$WORK/r1.out")"
for d in r3-0 r3-1 r3-2 r1-0; do
    [ -f "$WORK/$d/gen-0000000000000001.ckpt" ] || fail "no checkpoint in $d"
    # the metadata names the optimizer as the shards' own did
    grep -aq '"optimizer":"adagrad lr=0.1 eps=1e-08 ' \
        "$WORK/$d/gen-0000000000000001.ckpt" || fail "$d: optimizer not kept"
done

# Refusals, each naming the directory and what differs; nothing written.
expect_refused() {
    local what=$1 word=$2
    shift 2
    if "$CTL" reshard "$@" 2> "$WORK/refused.out"; then
        fail "$what: not refused"
    fi
    grep -q -- "$word" "$WORK/refused.out" ||
        fail "$what: $(cat "$WORK/refused.out")"
}
expect_refused "out of order" "ck1/gen-.*holds shard 1 of 2, but it is given as shard 0" \
    "$WORK/bad" 2 "$WORK/ck1" "$WORK/ck0"
expect_refused "another cluster" "holds shard 0 of 1, but it is given as shard 1 of 2" \
    "$WORK/bad" 2 "$WORK/ck0" "$WORK/r1-0"
expect_refused "output in use" "r3-0 already holds checkpoints" \
    "$WORK/r3" 3 "$WORK/ck0" "$WORK/ck1"
mkdir "$WORK/empty"
expect_refused "no checkpoint" "empty holds no valid checkpoint" \
    "$WORK/bad" 1 "$WORK/empty"

# The 2-shard cluster restored as it was: the reference for the next push.
start_servers 2 1 $OPTS --checkpoint-dir "$WORK/ck{i}"
run_py check "$WORK/ref.out" "$WORK/ref"
stop_servers
for s in 3 1; do
    start_servers $s 1 $OPTS --checkpoint-dir "$WORK/r$s-{i}"
    run_py check "$WORK/check$s.out" "$WORK/after$s"
    stop_servers
    "$PY" - "$WORK/ref.npz" "$WORK/after$s.npz" <<'PYEOF' || fail "$s shards: the push after the restore differs"
import sys
import numpy as np
a, b = np.load(sys.argv[1]), np.load(sys.argv[2])
for k in ("w", "rows", "rv"):
    assert a[k].tobytes() == b[k].tobytes(), k
PYEOF
done
# Sync: the shards of one cluster are at one step, and inputs at two
# steps (here shard 1's older generation beside shard 0's newer one) are
# refused.
SYNC="--mode sync --optimizer adam --lr 0.1 --checkpoint-every 0"
start_servers 2 1 $SYNC --checkpoint-dir "$WORK/s{i}"
run_py dense "$WORK/dense1.out"
stop_servers
mkdir "$WORK/old1"
cp "$WORK/s1/gen-0000000000000001.ckpt" "$WORK/old1/"
start_servers 2 1 $SYNC --checkpoint-dir "$WORK/s{i}"
run_py dense "$WORK/dense2.out"
stop_servers
expect_refused "steps apart" "old1/gen-.*step 3, .*/s0 step 6" \
    "$WORK/bad" 3 "$WORK/s0" "$WORK/old1"
"$CTL" reshard "$WORK/s3" 3 "$WORK/s0" "$WORK/s1" 2> "$WORK/s3.out" ||
    fail "sync reshard: $(cat "$WORK/s3.out")"
echo "ok: re-sharded 2 -> 3 and 2 -> 1"
