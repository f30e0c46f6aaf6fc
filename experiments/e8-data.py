#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""E8's data: click-through-like LIBSVM files, written the same way for
every size F of the feature space, so that the dense and the sparse model
train on one file and only F changes between files.

Each row holds nnz distinct features of value 1 (one-hot fields, as CTR
data has), drawn with Zipf frequencies: feature j in 1..F with weight
j^-zipf (a few hot features in most rows, a long cold tail). A feature's
id is j itself (LIBSVM's 1-based index), so the dense model's weight
vector is F floats and the table's ids are the same numbers. The label is
drawn from a planted logistic model: P(y = 1) = sigmoid(-0.5 + sum of the
row's w*_j), w*_j ~ N(0, 4/nnz), the scales taups-worker's synth-ctr
uses. Everything follows from --seed.

    experiments/e8-data.py --out DIR --features 1000,10000 [--rows N]
        [--nnz K] [--zipf S] [--seed N] [--prefix NAME]

writes DIR/<NAME><F>.svm (NAME e8-F unless told) for each F (rows ascending by id within a line)
and prints one line per file: its path, rows, features, and the distinct
features it holds.
"""
import argparse
import os
import sys

import numpy as np


def zipf_ids(rng, cdf, n):
    """n feature indices (0-based) drawn by inverting the Zipf CDF."""
    return np.searchsorted(cdf, rng.random(n) * cdf[-1], side="right")


def rows_of(rng, f, rows, nnz, zipf):
    """rows x nnz distinct 0-based feature indices, each row ascending."""
    cdf = np.cumsum(np.arange(1, f + 1, dtype=np.float64) ** -zipf)
    out = np.empty((rows, nnz), dtype=np.int64)
    for r in range(rows):
        got = []
        # A repeat is drawn again; hot features repeat often, so draw in
        # blocks until the row has nnz distinct ones.
        while len(got) < nnz:
            for j in zipf_ids(rng, cdf, 2 * nnz):
                if j not in got:
                    got.append(int(j))
                    if len(got) == nnz:
                        break
        out[r] = np.sort(got)
    return out


def write(path, feats, labels):
    with open(path, "w") as f:
        for y, row in zip(labels, feats):
            f.write("%+d %s\n" % (y, " ".join("%d:1" % (j + 1) for j in row)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--features", default="1000,10000,100000,1000000",
                    help="comma-separated sizes F of the feature space")
    ap.add_argument("--rows", type=int, default=4000)
    ap.add_argument("--nnz", type=int, default=20)
    ap.add_argument("--zipf", type=float, default=1.1)
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--prefix", default="e8-F")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for f in (int(float(x)) for x in a.features.split(",")):
        if a.nnz > f:
            sys.exit("e8-data: --nnz %d needs at least as many features, "
                     "not %d" % (a.nnz, f))
        rng = np.random.default_rng([a.seed, f])
        feats = rows_of(rng, f, a.rows, a.nnz, a.zipf)
        w = rng.normal(0.0, 2.0 / np.sqrt(a.nnz), f)
        margin = -0.5 + w[feats].sum(axis=1)
        labels = np.where(rng.random(a.rows) < 1 / (1 + np.exp(-margin)), 1, -1)
        path = os.path.join(a.out, "%s%d.svm" % (a.prefix, f))
        write(path, feats, labels)
        print("%s %d %d %d" % (path, a.rows, f, len(np.unique(feats))))


if __name__ == "__main__":
    main()
