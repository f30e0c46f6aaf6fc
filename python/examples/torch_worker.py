#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A small CNN on Fashion-MNIST trained as a taups worker: torch_plain.py
with the parameters on the shards (taups.torch; diff the two files).

    taups-launch --shards 1 --workers 2 --lr 0.05 --iterations 300 \\
        --worker-cmd "*:exec python3 python/examples/torch_worker.py"
"""
import argparse
import os

import torch
from torch import nn

import taups
import taups.torch as tt
from torch_plain import Net, evaluate, load


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default="/usr/share/datasets/fashion-mnist")
    ap.add_argument("--iterations", type=int, default=int(os.environ.get("TAUPS_ITERATIONS") or 300))
    ap.add_argument("--batch", type=int, default=int(os.environ.get("TAUPS_BATCH") or 32))
    ap.add_argument("--seed", type=int, default=int(os.environ.get("TAUPS_SEED") or 1))
    a = ap.parse_args()  # the learning rate is the shards' (--lr)
    with taups.Client() as c:  # the cluster from TAUPS_CLUSTER, TAUPS_RANK...
        torch.manual_seed(a.seed * 1000 + c.rank)
        torch.set_num_threads(1)
        x, y = load(a.data, "train", c.rank, c.workers)
        tx, ty = load(a.data, "t10k")
        net = Net()
        params = tt.declare_module(c, net)  # every rank starts from rank 0's values
        print("before: test loss %.4f, accuracy %.4f" % evaluate(net, tx, ty), flush=True)
        for _ in range(a.iterations):
            rows = torch.randint(0, len(y), (a.batch,))
            net.zero_grad()
            nn.functional.cross_entropy(net(x[rows]), y[rows]).backward()
            params.push()
            c.clock()
            params.pull()
        params.load(tt.final_model(c))  # every worker's pushes applied
        print("after %d iterations: test loss %.4f, accuracy %.4f"
              % ((a.iterations,) + evaluate(net, tx, ty)))


if __name__ == "__main__":
    main()
