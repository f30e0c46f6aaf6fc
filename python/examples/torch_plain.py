#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A small CNN on Fashion-MNIST trained in one process with torch.optim:
the plain PyTorch loop that torch_worker.py is (diff the two files).

    python3 python/examples/torch_plain.py --iterations 300
"""
import argparse
import gzip
import os

import numpy as np
import torch
from torch import nn


def load(data, part, rank=0, workers=1):
    """The IDX files of Debian's dataset-fashion-mnist; every workers-th
    image from rank."""
    def idx(name):
        with gzip.open(os.path.join(data, "%s-%s-ubyte.gz" % (part, name))) as f:
            raw = f.read()
        dims = [int.from_bytes(raw[4 + 4 * i:8 + 4 * i], "big") for i in range(raw[3])]
        return np.frombuffer(raw, np.uint8, offset=4 + 4 * raw[3]).reshape(dims)
    x = torch.from_numpy(idx("images-idx3") / np.float32(255)).unsqueeze(1)
    return x[rank::workers], torch.from_numpy(idx("labels-idx1").astype(np.int64))[rank::workers]


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
    """Mean cross-entropy and accuracy, in slices of 100 images (CPU
    convolutions over far larger batches leave the cache)."""
    with torch.no_grad():
        out = torch.cat([net(x[i:i + 100]) for i in range(0, len(y), 100)])
    return nn.functional.cross_entropy(out, y).item(), (out.argmax(1) == y).float().mean().item()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default="/usr/share/datasets/fashion-mnist")
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    torch.set_num_threads(1)
    x, y = load(a.data, "train")
    tx, ty = load(a.data, "t10k")
    net = Net()
    opt = torch.optim.SGD(net.parameters(), lr=a.lr)
    print("before: test loss %.4f, accuracy %.4f" % evaluate(net, tx, ty), flush=True)
    for _ in range(a.iterations):
        rows = torch.randint(0, len(y), (a.batch,))
        opt.zero_grad()
        nn.functional.cross_entropy(net(x[rows]), y[rows]).backward()
        opt.step()
    print("after %d iterations: test loss %.4f, accuracy %.4f"
          % ((a.iterations,) + evaluate(net, tx, ty)))


if __name__ == "__main__":
    main()
