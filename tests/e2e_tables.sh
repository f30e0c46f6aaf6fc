#!/bin/bash
# SPDX-License-Identifier: MIT
# Tables end to end through libtaups and the Python binding (docs/design.md
# §2b), two shards, one worker, async, SGD at lr 0.5: rows read as their
# initial value, the same on every pull and in any order, with duplicates
# answered once; a push sums duplicate ids and each pushed row becomes
# x - 0.5 * (sum of its gradients), its version 1, the others untouched
# at version 0; rows pushed twice after one pull are 1 update stale the
# second time; frames split at a small chunk_bytes give the same rows as
# one frame; a push carries the versions its rows were read at (staleness
# 0 here); a dim mismatch (here and on the shards), a dense call on a table, a row call on a dense
# tensor and a NaN in one row are refused with the name; a dense tensor's
# shape is kept by the shards; pulls through fp16 and bf16 return the rows
# rounded. Then a shard
# killed and restarted under a pull of rows (see below).
. "$(dirname "$0")/lib.sh"
use_python

start_servers 2 1 --mode async --lr 0.5
"$PY" - "$CLUSTER" > "$WORK/tables.out" 2>&1 <<'PYEOF' || fail "tables: $(cat "$WORK/tables.out")"
import sys
import numpy as np
import taups

def refused(call, exc, word):
    try:
        call()
    except exc as e:
        assert word in str(e), (word, str(e))
        return
    raise AssertionError("not refused: %s" % word)

cluster = sys.argv[1]
with taups.Client(cluster=cluster, rank=0, workers=1) as c:
    t = c.table("emb", dim=4, init="normal", scale=0.1, seed=7)
    assert c.table("emb", dim=4, init="normal", scale=0.1, seed=7).id == t.id
    rng = np.random.default_rng(1)
    ids = rng.integers(0, 2**63, 300, dtype=np.int64)
    ids[5] = ids[17] = ids[200]          # duplicates
    x, v = c.pull_rows(t, ids, versions=True)
    assert x.shape == (300, 4) and x.dtype == np.float32
    assert np.any(x != 0) and np.all(v == 0)
    assert np.array_equal(x[5], x[17]) and np.array_equal(x[5], x[200])
    # the same rows in another order, as a list of Python ints
    perm = rng.permutation(300)
    y = c.pull_rows(t, [int(i) for i in ids[perm]])
    assert np.array_equal(y, x[perm])

    # a push: duplicates summed, each row one update
    g = rng.standard_normal((300, 4)).astype(np.float32)
    c.push_rows(t, ids, g)
    uniq = np.unique(ids)
    assert c.push_rows_info(t)["applied"] == uniq.size, c.push_rows_info(t)
    assert c.push_rows_info(t)["max_staleness"] == 0
    want = {}
    for i, r in zip(ids, g):
        want[int(i)] = want.get(int(i), np.zeros(4, np.float32)) + r
    z, v = c.pull_rows(t, ids, versions=True)
    for k, i in enumerate(ids):
        ref = x[k] - np.float32(0.5) * want[int(i)]
        assert np.allclose(z[k], ref, atol=1e-6), (k, z[k], ref)
    assert np.all(v == 1), v
    fresh = np.array([12345, 54321], np.uint64)
    f, fv = c.pull_rows(t, fresh, versions=True)
    assert np.all(fv == 0)

    # duplicates pushed in one call count once per row: version 2
    c.push_rows(t, ids[[5, 17]], g[[5, 17]])
    assert c.pull_rows(t, ids[[5]], versions=True)[1][0] == 2
    # staleness per row: rows pushed again without a pull between were
    # read one update before
    c.pull_rows(t, ids[:10])
    c.push_rows(t, ids[:10], g[:10])
    assert c.push_rows_info(t)["max_staleness"] == 0, c.push_rows_info(t)
    c.push_rows(t, ids[:10], g[:10])
    assert c.push_rows_info(t)["max_staleness"] == 1, c.push_rows_info(t)
    final = c.pull_rows(t, ids)

    w = c.declare("w", 8)
    refused(lambda: c.table("emb", dim=8), taups.MismatchError, "emb")
    refused(lambda: c.table("w", dim=8), taups.MismatchError, "w")
    refused(lambda: c.pull(t), taups.InvalidArgument, "table")
    refused(lambda: c.pull_rows(w, [1]), taups.InvalidArgument, "table")
    bad = np.zeros((2, 4), np.float32)
    bad[1, 2] = np.nan
    refused(lambda: c.push_rows(t, [3, 4], bad), taups.InvalidArgument,
            "row id 4")
    refused(lambda: c.pull_rows(t, [1.5]), TypeError, "integers")
    assert c.pull_rows(t, []).shape == (0, 4)

    # A dense tensor's shape is kept by the shards: another client that
    # declares it with another shape of the same length is refused with
    # both, and a lookup learns it.
    m = c.declare("m", (3, 4))
    assert m.shape == (3, 4)
    # The same client's second declaration is refused on the spot, both
    # shapes named too.
    refused(lambda: c.declare("m", (2, 6)), taups.MismatchError,
            "(2, 6) != (3, 4)")
with taups.Client(cluster=cluster, rank=0, workers=1) as c2:
    refused(lambda: c2.declare("m", (4, 3)), taups.MismatchError,
            "(4, 3) != (3, 4)")
    assert c2.lookup("m").shape == (3, 4), c2.lookup("m").shape

# A client whose frames hold 3 rows reads the same rows.
with taups.Client(cluster=cluster, rank=0, workers=1,
                  chunk_bytes=3 * (20 + 16)) as c:
    # the shards refuse another dim for a table another client declared
    refused(lambda: c.table("emb", dim=8), taups.MismatchError, "emb")
    t = c.table("emb", dim=4, init="normal", scale=0.1, seed=7)
    assert np.array_equal(c.pull_rows(t, ids), final)
# Pulled through a codec the rows come rounded: as numpy's float16, and
# as bf16 (each float32's top half, rounded to nearest even).
b = final.view(np.uint32).astype(np.uint64)
bf16 = ((b + 0x7fff + ((b >> 16) & 1)) & 0xffff0000).astype(np.uint32)
for spec, want in (("fp16", final.astype(np.float16).astype(np.float32)),
                   ("bf16", bf16.view(np.float32))):
    with taups.Client(cluster=cluster, rank=0, workers=1, pull_codec=spec,
                      zstd_level=1) as c:
        t = c.table("emb", dim=4, init="normal", scale=0.1, seed=7)
        got = c.pull_rows(t, ids)
        assert np.array_equal(got, want), spec
        assert not np.array_equal(got, final), spec
print("ok")
PYEOF
grep -q "^ok$" "$WORK/tables.out" || fail "tables: $(cat "$WORK/tables.out")"
stop_servers

# A shard killed and restarted (without a checkpoint) while a pull of rows
# waits for it: the client reconnects, declares the table again and sends
# the frames the shard had not answered. The restarted shard's rows are
# back to their initial value at version 0; the other shard's are kept.
start_servers 2 1 --mode async --lr 0.5
# shellcheck disable=SC2086
set -- $SERVER_PIDS
"$PY" - "$CLUSTER" "$2" "$SERVER" "$WORK/server-1b.log" > "$WORK/rejoin.out" 2>&1 <<'PYEOF' || fail "rejoin: $(cat "$WORK/rejoin.out")"
import os, signal, subprocess, sys, time
import numpy as np
import taups

cluster, pid1, server, log = sys.argv[1:5]
with taups.Client(cluster=cluster, rank=0, workers=1,
                  reconnect_timeout_ms=20000) as c:
    t = c.table("emb", dim=2, init="uniform", scale=1.0, seed=3)
    ids = np.arange(1, 201, dtype=np.uint64) * 977
    x = c.pull_rows(t, ids)
    c.push_rows(t, ids, np.ones((200, 2), np.float32))
    y = c.pull_rows(t, ids)
    os.kill(int(pid1), signal.SIGKILL)
    time.sleep(0.3)
    tk = c.pull_rows_async(t, ids, versions=True)
    time.sleep(0.5)
    p = subprocess.Popen([server, "--listen", cluster.split(",")[1],
                          "--cluster", cluster, "--shard", "1",
                          "--workers", "1", "--stats-every", "0",
                          "--mode", "async", "--lr", "0.5"],
                         stderr=open(log, "w"))
    try:
        z, v = tk.wait()
        kept = v == 1
        assert kept.any() and (~kept).any(), v
        assert np.array_equal(z[kept], y[kept])
        assert np.all(v[~kept] == 0) and np.array_equal(z[~kept], x[~kept])
    finally:
        p.terminate()
        p.wait()
print("ok")
PYEOF
grep -q "^ok$" "$WORK/rejoin.out" || fail "rejoin: $(cat "$WORK/rejoin.out")"
kill -TERM "$1"
wait "$1" || fail "server 0 exited with status $?"
echo "ok: tables: rows by id, duplicates, versions, frames, refusals, rejoin"
