#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A DLRM-style click-through model trained as a taups worker: each
categorical feature through an embedding table (taups.torch.Embedding:
only a batch's rows cross), the dense features through a bottom MLP, their
pairwise dot products and the bottom output through a top MLP to the
click's logit. The data are synthetic with a planted model: 3 categorical
features of 10^5 ids each, Zipf-distributed, and 4 dense features; the
click's log-odds are a linear term of the dense features, a bias per id and
the pairwise dot products of planted 4-dimensional id vectors, so the AUC
of the planted model (the best any model can do) is printed beside.

    taups-launch --shards 2 --workers 2 --lr 0.5 --iterations 400 \\
        --batch 128 --seed 1 --worker-cmd "*:exec python3 dlrm_worker.py"
    python3 dlrm_worker.py --reference --workers 2 --iterations 400 \\
        --batch 128 --lr 0.5 --seed 1

With --reference it trains the same model in one process with torch.optim
(SGD, plain nn.EmbeddingBag) on the same data and the same minibatch steps:
every worker's --iterations steps, taken in turn (--mode async) or each
step on all the workers' minibatches at once (--mode sync, the shards'
mean of the workers' gradients). Every worker reads its
own block of the training set; rank 0 prints the test AUC of the final
model (every worker's pushes applied).
"""
import argparse
import os
import sys

import numpy as np
import torch
from torch import nn

import taups
import taups.torch as tt

IDS, FEATURES, DENSE, PLANTED_DIM, DIM = 10**5, 3, 4, 4, 8


def env(name, default):
    return int(os.environ.get(name) or default)


def make_data(seed, n):
    """n samples of (ids (n, FEATURES) int64, dense (n, DENSE) float32,
    clicks (n,) float32, planted log-odds (n,))."""
    rng = np.random.default_rng(seed)
    zipf = 1.0 / np.arange(1, IDS + 1) ** 1.1
    ids = np.stack([rng.permutation(IDS)[rng.choice(IDS, n, p=zipf / zipf.sum())]
                    for _ in range(FEATURES)], axis=1)
    dense = rng.standard_normal((n, DENSE)).astype(np.float32)
    w = rng.standard_normal(DENSE) / np.sqrt(DENSE)
    bias = rng.normal(0, 0.5, (FEATURES, IDS))
    vec = rng.normal(0, 0.5, (FEATURES, IDS, PLANTED_DIM))
    logit = dense @ w + sum(bias[f, ids[:, f]] for f in range(FEATURES))
    for f in range(FEATURES):
        for g in range(f + 1, FEATURES):
            logit += (vec[f, ids[:, f]] * vec[g, ids[:, g]]).sum(1)
    click = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(np.float32)
    return torch.from_numpy(ids), torch.from_numpy(dense), torch.from_numpy(click), logit


def auc(score, label):
    """The probability that a random click outscores a random non-click
    (Mann-Whitney, ties counted half)."""
    score = np.asarray(score, np.float64)
    order = np.argsort(score, kind="mergesort")
    ranks = np.empty(len(score))
    ranks[order] = np.arange(1, len(score) + 1)
    _, inv, counts = np.unique(score, return_inverse=True, return_counts=True)
    ranks = (np.bincount(inv, ranks) / counts)[inv]  # ties: their mean rank
    pos = label > 0.5
    npos = pos.sum()
    return (ranks[pos].sum() - npos * (npos + 1) / 2) / (npos * (len(score) - npos))


def mlp(*sizes):
    layers = []
    for a, b in zip(sizes, sizes[1:]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    return nn.Sequential(*layers[:-1])


class Dense(nn.Module):
    """The dense part: bottom MLP, interactions, top MLP."""

    def __init__(self):
        super().__init__()
        self.bottom = mlp(DENSE, 16, DIM)
        pairs = (FEATURES + 1) * FEATURES // 2
        self.top = mlp(DIM + pairs, 16, 1)

    def forward(self, dense, embedded):
        z = [self.bottom(dense)] + embedded
        v = torch.stack(z, 1)                       # (batch, 1 + FEATURES, DIM)
        dots = v @ v.transpose(1, 2)
        i, j = torch.triu_indices(len(z), len(z), 1)
        return self.top(torch.cat([z[0], dots[:, i, j]], 1)).squeeze(1)


def block(n, rank, workers):
    lo = lambda k: k * (n // workers) + min(k, n % workers)
    return slice(lo(rank), lo(rank + 1))


def split(a):
    """The training set and the test set (ids, dense, clicks, planted
    log-odds): one draw of the planted model, the test samples last."""
    data = make_data(a.seed, a.train + a.test)
    return [d[:a.train] for d in data[:3]], [d[a.train:] for d in data]


def report(name, dense, embeddings, test):
    ids, x, y, planted = test
    with torch.no_grad():
        score = dense(x, [e(ids[:, f:f + 1]) for f, e in enumerate(embeddings)])
    print("%s: test AUC %.4f (planted model %.4f)"
          % (name, auc(score.numpy(), y.numpy()), auc(planted, y.numpy())), flush=True)


def run_worker(a):
    with taups.Client() as c:
        train, test = split(a)
        mine = block(a.train, c.rank, c.workers)
        ids, x, y = (d[mine] for d in train)
        torch.manual_seed(a.seed)
        dense = Dense()
        params = tt.declare_module(c, dense)
        tables = [tt.Embedding(c, "cat%d" % f, IDS, DIM, init="normal",
                               scale=a.scale, seed=a.seed + f) for f in range(FEATURES)]
        c.set_samples(a.batch)
        gen = torch.Generator().manual_seed(a.seed * 1000 + c.rank)
        loss = nn.BCEWithLogitsLoss()
        for _ in range(a.iterations):
            rows = torch.randint(0, len(y), (a.batch,), generator=gen)
            dense.zero_grad()
            emb = [t(ids[rows, f:f + 1]) for f, t in enumerate(tables)]
            loss(dense(x[rows], emb), y[rows]).backward()  # pushes the rows
            params.push()
            c.clock()
            params.pull()
        params.load(tt.final_model(c))
        if c.rank == 0:
            report("dlrm_worker", dense, tables, test)


def run_reference(a):
    (ids, x, y), test = split(a)
    torch.manual_seed(a.seed)
    dense = Dense()
    tables = [nn.EmbeddingBag(IDS, DIM, mode="sum") for _ in range(FEATURES)]
    for t in tables:
        nn.init.normal_(t.weight, 0, a.scale)
    model = nn.ModuleList([dense] + tables)
    opt = torch.optim.SGD(model.parameters(), lr=a.lr)
    blocks = [block(a.train, r, a.workers) for r in range(a.workers)]
    gens = [torch.Generator().manual_seed(a.seed * 1000 + r) for r in range(a.workers)]
    loss = nn.BCEWithLogitsLoss()
    # Worker r's k-th minibatch is the one worker r of the cluster draws
    # k-th. Async: the workers' steps in turn; sync: one step on all of
    # them, as the shards apply the mean of the workers' gradients.
    for _ in range(a.iterations):
        rows = [torch.randint(0, b.stop - b.start, (a.batch,), generator=g) + b.start
                for b, g in zip(blocks, gens)]
        for batch in [torch.cat(rows)] if a.mode == "sync" else rows:
            opt.zero_grad()
            emb = [t(ids[batch, f:f + 1]) for f, t in enumerate(tables)]
            loss(dense(x[batch], emb), y[batch]).backward()
            opt.step()
    report("dlrm reference", dense, tables, test)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reference", action="store_true",
                    help="train in one process with torch.optim instead")
    ap.add_argument("--workers", type=int, default=env("TAUPS_WORKERS", 1),
                    help="--reference: the cluster's workers, whose steps it takes")
    ap.add_argument("--mode", choices=("async", "sync"), default="async",
                    help="--reference: the cluster's mode, whose steps it takes")
    ap.add_argument("--lr", type=float, default=0.5,
                    help="--reference: SGD's (a worker's is the shards' --lr)")
    ap.add_argument("--iterations", type=int, default=env("TAUPS_ITERATIONS", 400))
    ap.add_argument("--batch", type=int, default=env("TAUPS_BATCH", 128))
    ap.add_argument("--seed", type=int, default=env("TAUPS_SEED", 1))
    ap.add_argument("--train", type=int, default=200000, help="training samples")
    ap.add_argument("--test", type=int, default=20000, help="test samples")
    ap.add_argument("--scale", type=float, default=0.0,
                    help="the embeddings' initial standard deviation (0: "
                    "zeros, from which the dot products with the bottom "
                    "MLP's output still move them)")
    a = ap.parse_args()
    torch.set_num_threads(1)
    try:
        return run_reference(a) if a.reference else run_worker(a)
    except taups.Error as e:
        print("dlrm_worker: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
