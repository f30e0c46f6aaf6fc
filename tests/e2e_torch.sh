#!/bin/bash
# SPDX-License-Identifier: MIT
# taups.torch (python/taups/torch.py): torch tensors cross without a copy
# (the shards' values land in the tensor's own memory) and a CUDA, float64
# or non-contiguous one is refused with a sentence saying what to do;
# Embedding pools as nn.EmbeddingBag with the same weights and its
# backward pushes exactly the touched rows; declare_module starts every
# rank from rank 0's initial values, and final_model holds every worker's
# pushes. Then the examples under taups-launch --worker-cmd: the CNN
# (torch_worker.py) lowers the test loss, and the DLRM-style model
# (dlrm_worker.py) ends within 0.005 of the AUC of its single-process
# torch.optim reference on the same data and steps (median over
# TAUPS_DLRM_SEEDS seeds, 1 by default to keep the test short: 3 is the
# claim of docs/design.md; in mode TAUPS_DLRM_MODE, sync by default,
# where the shards take exactly the reference's steps, so that one seed
# decides: async, one worker's step a step stale, ends 0.004 lower).
# Skipped, saying so, without torch.
. "$(dirname "$0")/lib.sh"
SRC=${TAUPS_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
use_python
"$PY" -c 'import sys; sys.modules["torch"] = None; import taups.torch' 2> "$WORK/notorch.err" &&
    fail "import taups.torch without torch succeeded"
grep -q "ImportError: taups.torch needs PyTorch, which this python3" "$WORK/notorch.err" ||
    fail "import taups.torch without torch: $(cat "$WORK/notorch.err")"
if [ -n "${LD_PRELOAD:-}" ]; then
    echo "# SKIP torch: libtaups is built with the sanitizers (torch under them tests torch)"
    exit 77
elif ! "$PY" -c 'import torch' 2> /dev/null; then
    echo "# SKIP torch: $PY cannot import torch (Debian: apt-get install python3-torch)"
    exit 77
fi

start_servers 2 2 --mode async --lr 0.5
cat > "$WORK/binding.py" <<'PYEOF'
import sys, types
import numpy as np
import torch
from torch import nn
import taups
import taups.torch as tt

cluster, rank = sys.argv[1], int(sys.argv[2])
c = taups.Client(cluster=cluster, rank=rank, workers=2)
lr = np.float32(0.5)


def refused(call, exc, *words):
    try:
        call()
    except exc as e:
        assert all(w in str(e) for w in words), str(e)
    else:
        raise AssertionError("accepted: %s" % (words,))


if rank == 0:
    w = c.declare("w", (3, 5))
    # Zero-copy: a pull lands in the tensor's storage, here a row of a
    # larger tensor, whose other row stays as it was.
    g = torch.arange(15, dtype=torch.float32).reshape(3, 5)
    c.push(w, g)
    big = torch.full((2, 3, 5), 7.0)
    out, ptr = big[1], big[1].data_ptr()
    assert c.pull(w, out=out) is out and out.data_ptr() == ptr
    assert torch.equal(big[1], -lr * g) and torch.equal(big[0], torch.full((3, 5), 7.0))
    row0 = big[0]
    assert c.pull_async(w, out=row0).wait() is row0
    assert torch.equal(big[0], big[1])
    p = nn.Parameter(torch.ones(3, 5))       # requires grad: still read in place
    c.push(w, p)
    assert np.array_equal(c.pull(w), (-lr * g - lr).numpy())
    bad = [(torch.ones(3, 5, dtype=torch.float64), TypeError, "torch.float64", ".float()"),
           (torch.ones(5, 3).t(), ValueError, "not contiguous", ".contiguous()"),
           (torch.ones(3, 5, device="meta"), TypeError, "on meta", ".cpu()"),
           (torch.ones(3, 5).to_sparse(), TypeError, "sparse", ".to_dense()")]
    for t, exc, *words in bad:
        refused(lambda: c.push(w, t), exc, "tensor 'w'", *words)
        refused(lambda: c.push_group([w], [t]), exc, "tensor 'w'", *words)
    # A CUDA tensor needs CUDA to make; the check reads only its device.
    cuda = types.SimpleNamespace(device=torch.device("cuda", 0))
    refused(lambda: tt._numpy(cuda, "tensor 'w'"), TypeError, "tensor 'w'",
            "on cuda:0", ".cpu()")

    # Rows in and out of torch tensors, in place.
    e = c.table("rows", 4, init="uniform", scale=1.0, seed=5)
    ids = torch.tensor([3, 2**40 + 1, 3], dtype=torch.int64)
    rows = torch.zeros(3, 4)
    ptr = rows.data_ptr()
    c.pull_rows(e, ids, out=rows)
    assert rows.data_ptr() == ptr and torch.equal(rows[0], rows[2]) and rows.abs().max() > 0
    start = rows.clone()
    c.push_rows(e, ids, torch.ones(3, 4))    # duplicates summed
    after = c.pull_rows(e, ids.numpy())
    assert np.allclose(after[0], start[0].numpy() - 2 * lr, atol=1e-6)
    assert np.allclose(after[1], start[1].numpy() - lr, atol=1e-6)
    refused(lambda: c.pull_rows(e, ids, out=torch.zeros(3, 4, dtype=torch.float64)),
            TypeError, "table 'rows'", ".float()")

    # Embedding against nn.EmbeddingBag with the table's own rows.
    for mode in ("sum", "mean"):
        emb = tt.Embedding(c, "emb-" + mode, 50, 6, mode=mode, scale=1.0, seed=9)
        W = torch.from_numpy(c.pull_rows(emb.table, np.arange(50)))
        ref = nn.EmbeddingBag.from_pretrained(W.clone(), freeze=False, mode=mode)
        ids = torch.tensor([4, 9, 4, 17, 33, 9, 4, 2])
        offsets = torch.tensor([0, 3, 3, 5])  # bag 1 is empty
        got, want = emb(ids, offsets), ref(ids, offsets)
        assert torch.allclose(got, want, atol=1e-6), (got, want)
        two = torch.tensor([[1, 2, 1], [40, 41, 42]])
        assert torch.allclose(emb(two), ref(two), atol=1e-6)
        refused(lambda: emb(torch.tensor([[50]])), IndexError, "emb-" + mode, "[0, 50)")
        R = torch.randn(4, 6, generator=torch.Generator().manual_seed(1))
        (emb(ids, offsets) * R).sum().backward()
        (ref(ids, offsets) * R).sum().backward()
        now, versions = c.pull_rows(emb.table, np.arange(50), versions=True)
        touched = sorted(set(ids.tolist()))
        assert [i for i in range(50) if versions[i]] == touched, versions
        assert all(versions[i] == 1 for i in touched), versions
        expect = W - lr * ref.weight.grad      # untouched rows: no gradient
        assert np.allclose(now, expect.numpy(), atol=1e-6), (now - expect.numpy())
        assert np.array_equal(now[versions == 0], W.numpy()[versions == 0])
        # A dense torch optimizer on the rest does not see the table.
        assert list(emb.parameters()) == []

# declare_module: every rank starts from rank 0's initial values, which
# each rank knows independently (the same seed builds the same module).
def build(seed):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))

net, rank0 = build(100 + rank), build(100)
params = tt.declare_module(c, net, prefix="m.")
assert [t.name for t in params.tensors] == ["m.0.weight", "m.0.bias", "m.2.weight", "m.2.bias"]
for (name, p), q in zip(net.named_parameters(), rank0.parameters()):
    assert torch.equal(p, q), (rank, name, p, q)
# (The sentence does not name the two shapes yet.)
refused(lambda: c.declare("m.0.weight", (3, 4)), taups.MismatchError, "m.0.weight", "shape")
tt.barrier(c)  # every rank has checked its start before rank 0 pushes
if rank == 0:
    for p in net.parameters():
        p.grad = torch.ones_like(p)
    params.push()
model = tt.final_model(c, params.tensors)
for t, q in zip(params.tensors, rank0.parameters()):
    assert np.allclose(model[t.name], q.detach().numpy() - lr, atol=1e-6), (rank, t.name)
params.load(model)
assert all(torch.equal(p, torch.from_numpy(model[t.name]))
           for t, p in zip(params.tensors, net.parameters()))
c.close()
print("binding %d ok" % rank)
PYEOF
"$PY" "$WORK/binding.py" "$CLUSTER" 1 > "$WORK/binding-1.out" 2>&1 &
B1=$!
"$PY" "$WORK/binding.py" "$CLUSTER" 0 > "$WORK/binding-0.out" 2>&1 ||
    fail "binding, rank 0: $(cat "$WORK/binding-0.out")"
wait $B1 || fail "binding, rank 1: $(cat "$WORK/binding-1.out")"
stop_servers
echo "# binding: zero-copy, refusals, Embedding, declare_module, final_model"

# The CNN example: two workers, every rank from rank 0's initial values.
# 150 iterations end near 0.31 of the first loss (300: 0.27), the check
# 0.6 of it.
timeout 120 "$LAUNCH" --shards 1 --workers 2 --lr 0.05 --iterations 150 --batch 32 \
    --seed 1 --no-plot --out "$WORK/cnn" \
    --worker-cmd "*:exec $PY $SRC/python/examples/torch_worker.py" \
    > "$WORK/cnn.out" 2>&1 || fail "cnn: $(tail -5 "$WORK/cnn.out"; cat "$WORK/cnn/worker-0.log")"
before=$(sed -n 's/^before: test loss \([0-9.]*\).*/\1/p' "$WORK/cnn/worker-0.log")
after=$(sed -n 's/^after 150 iterations: test loss \([0-9.]*\).*/\1/p' "$WORK/cnn/worker-0.log")
awk -v b="$before" -v a="$after" 'BEGIN { exit !(a > 0 && a < 0.6 * b) }' ||
    fail "cnn: test loss $before -> $after: $(cat "$WORK/cnn/worker-0.log")"
[ "$(head -1 "$WORK/cnn/worker-0.log")" = "$(head -1 "$WORK/cnn/worker-1.log")" ] ||
    fail "cnn: the ranks started apart: $(head -1 "$WORK/cnn/worker-"*.log)"
echo "# cnn: test loss $before -> $after"

# DLRM: 2 workers on 2 shards against one process on the same data and
# steps, per seed; the medians of the AUCs within 0.005.
DLRM="$SRC/python/examples/dlrm_worker.py"
MODE=${TAUPS_DLRM_MODE:-sync}
: > "$WORK/auc"
for seed in $(seq 1 "${TAUPS_DLRM_SEEDS:-1}"); do
    timeout 120 "$LAUNCH" --shards 2 --workers 2 --mode "$MODE" --lr 0.5 --iterations 400 \
        --batch 128 --seed "$seed" --no-plot --out "$WORK/dlrm$seed" --worker-cmd "*:exec $PY $DLRM" \
        > "$WORK/dlrm$seed.out" 2>&1 ||
        fail "dlrm: $(tail -5 "$WORK/dlrm$seed.out"; cat "$WORK/dlrm$seed/worker-0.log")"
    "$PY" "$DLRM" --reference --mode "$MODE" --workers 2 --lr 0.5 --iterations 400 --batch 128 \
        --seed "$seed" > "$WORK/ref$seed.out" 2>&1 || fail "dlrm reference: $(cat "$WORK/ref$seed.out")"
    got=$(sed -n 's/^dlrm_worker: test AUC \([0-9.]*\).*/\1/p' "$WORK/dlrm$seed/worker-0.log")
    want=$(sed -n 's/^dlrm reference: test AUC \([0-9.]*\).*/\1/p' "$WORK/ref$seed.out")
    [ -n "$got" ] && [ -n "$want" ] || fail "dlrm seed $seed: no AUC: $(cat "$WORK/dlrm$seed/worker-0.log" "$WORK/ref$seed.out")"
    echo "$got $want" >> "$WORK/auc"
    echo "# dlrm $MODE seed $seed: AUC $got, reference $want ($(sed -n 's/.*(\(planted.*\))/\1/p' "$WORK/ref$seed.out"))"
done
"$PY" - "$WORK/auc" "$MODE" <<'PYEOF' || fail "dlrm: $(cat "$WORK/auc")"
import sys
import numpy as np
a = np.loadtxt(sys.argv[1], ndmin=2)
got, want = np.median(a[:, 0]), np.median(a[:, 1])
assert want > 0.65, "the reference did not learn: median AUC %.4f" % want
assert abs(got - want) < 0.005, "median AUC %.4f, reference %.4f" % (got, want)
print("# dlrm %s: median AUC %.4f, reference %.4f over %d seeds" % (sys.argv[2], got, want, len(a)))
PYEOF
echo "ok: taups.torch, the CNN and DLRM examples"
