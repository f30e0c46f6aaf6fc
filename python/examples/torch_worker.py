#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A PyTorch model trained as a taups worker: a small CNN on Fashion-MNIST
(the IDX files Debian's dataset-fashion-mnist installs). Each iteration it
pulls the parameters straight into the model's tensors (numpy views of
them, no copy), computes a minibatch gradient with autograd and pushes the
gradients (again without a copy); the shards apply the update. One taups
tensor per parameter tensor, named as PyTorch names them, so that shapes
survive and every worker declares the same ones.

    taups-server --listen 127.0.0.1:7070 --workers 2 --lr 0.05 &
    for r in 0 1; do TAUPS_CLUSTER=127.0.0.1:7070 TAUPS_RANK=$r TAUPS_WORKERS=2 \\
        python3 python/examples/torch_worker.py --iterations 300 & done

The cluster comes from TAUPS_CLUSTER, TAUPS_RANK and TAUPS_WORKERS (set by
taups-launch --worker-cmd) or --cluster/--rank/--workers. Prints the test
loss and accuracy on --test images before and after.
"""
import argparse
import gzip
import os
import time

import numpy as np
import torch
from torch import nn

import taups

FASHION = "/usr/share/datasets/fashion-mnist"


def idx(path):
    with gzip.open(path) as f:
        data = f.read()
    dims = data[3]
    shape = tuple(int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(dims))
    return np.frombuffer(data, dtype=np.uint8, offset=4 + 4 * dims).reshape(shape)


def load(data, part, rank, workers):
    x = idx(os.path.join(data, "%s-images-idx3-ubyte.gz" % part))
    y = idx(os.path.join(data, "%s-labels-idx1-ubyte.gz" % part))
    if workers > 1:  # a block by rank, as taups-worker splits rows
        n = len(y)
        lo = lambda k: k * (n // workers) + min(k, n % workers)
        x, y = x[lo(rank):lo(rank + 1)], y[lo(rank):lo(rank + 1)]
    return (torch.from_numpy(x.astype(np.float32) / 255.0).unsqueeze(1),
            torch.from_numpy(y.astype(np.int64)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3)
        self.conv2 = nn.Conv2d(8, 16, 3)
        self.fc = nn.Linear(16 * 5 * 5, 10)

    def forward(self, x):
        x = torch.max_pool2d(torch.relu(self.conv1(x)), 2)
        x = torch.max_pool2d(torch.relu(self.conv2(x)), 2)
        return self.fc(x.flatten(1))


def evaluate(net, x, y):
    with torch.no_grad():
        out = net(x)
        return (nn.functional.cross_entropy(out, y).item(),
                (out.argmax(1) == y).float().mean().item())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=FASHION)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--test", type=int, default=2000, help="test images scored")
    ap.add_argument("--seed", type=int, default=int(os.environ.get("TAUPS_SEED", "1") or 1))
    ap.add_argument("--cluster")
    ap.add_argument("--rank", type=int)
    ap.add_argument("--workers", type=int)
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    torch.set_num_threads(1)
    net = Net()
    with taups.Client(cluster=a.cluster, rank=a.rank, workers=a.workers) as c:
        x, y = load(a.data, "train", c.rank, c.workers)
        tx, ty = load(a.data, "t10k", 0, 1)
        tx, ty = tx[:a.test], ty[:a.test]
        # The shards hold the parameters and initialise them (He for the
        # weights, zeros for the biases), the same for every worker.
        params = []
        for name, p in net.named_parameters():
            fan_in = p[0].numel() if p.dim() > 1 else 0
            t = c.declare(name, tuple(p.shape), init="normal" if fan_in else "zeros",
                          scale=(2.0 / fan_in) ** 0.5 if fan_in else 0.0,
                          seed=a.seed)
            view = np.empty(tuple(p.shape), dtype=np.float32)
            p.data = torch.from_numpy(view)   # the model computes in view
            params.append((t, p, view))
        for t, _, view in params:
            c.pull(t, out=view)
        before = evaluate(net, tx, ty)
        print("torch_worker %d: before: test loss %.4f, accuracy %.4f" %
              ((c.rank,) + before), flush=True)
        c.set_samples(a.batch)
        log = open(os.environ["TAUPS_LOG"], "w") if os.environ.get("TAUPS_LOG") else None
        if log:
            log.write("time_s,clock,loss\n")
        g = torch.Generator().manual_seed(a.seed * 1000 + c.rank)
        t0 = time.time()
        for it in range(a.iterations):
            tickets = [c.pull_async(t, out=view) for t, _, view in params]
            for tk in tickets:
                tk.wait()
            rows = torch.randint(0, len(y), (a.batch,), generator=g)
            net.zero_grad()
            loss = nn.functional.cross_entropy(net(x[rows]), y[rows])
            loss.backward()
            for t, p, _ in params:
                c.push(t, p.grad.numpy())
            clock = c.clock()
            if log:
                log.write("%.6f,%d,%.6g\n" % (time.time() - t0, clock, loss.item()))
        if log:
            log.close()
        for t, _, view in params:
            c.pull(t, out=view)
        after = evaluate(net, tx, ty)
        print("torch_worker %d: after %d iterations: test loss %.4f, accuracy "
              "%.4f" % ((c.rank, a.iterations) + after), flush=True)


if __name__ == "__main__":
    main()
