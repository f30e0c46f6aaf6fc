#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A least-squares worker in numpy: minibatch SGD on f(x) = ||Ax - b||^2/(2m)
over this worker's rows of A.npy and b.npy, the problem taups-worker
--model lsq --data A.npy,b.npy trains, split by rank the same way (rank r
holds rows [lo(r), lo(r+1)), lo(r) = r*(m//W) + min(r, m%W)), so it can
train beside C workers in one cluster:

    taups-launch --model lsq --data A.npy,b.npy --workers 3 \\
        --worker-cmd '0:python3 python/examples/lsq_worker.py --data A.npy,b.npy'

The cluster comes from the environment taups-launch --worker-cmd sets
(TAUPS_CLUSTER, TAUPS_RANK, TAUPS_WORKERS; TAUPS_LOG names a CSV to write,
TAUPS_SEED the seed), or from --cluster, --rank and --workers. With
--metrics HOST:PORT it serves the page of taups-worker --metrics (port 0:
any free one, said on stdout).
"""
import argparse
import os
import time

import numpy as np

import taups


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True, help="A.npy,b.npy")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=int(os.environ.get("TAUPS_SEED", "1") or 1))
    ap.add_argument("--cluster")
    ap.add_argument("--rank", type=int)
    ap.add_argument("--workers", type=int)
    ap.add_argument("--metrics", metavar="HOST:PORT",
                    help="serve /metrics there (port 0: a free one)")
    a = ap.parse_args()
    pa, pb = a.data.split(",")[:2]
    A = np.load(pa).astype(np.float32)
    b = np.load(pb).astype(np.float32).reshape(-1)
    with taups.Client(cluster=a.cluster, rank=a.rank, workers=a.workers) as c:
        m, d, W, r = A.shape[0], A.shape[1], c.workers, c.rank
        lo = lambda k: k * (m // W) + min(k, m % W)
        A, b = A[lo(r):lo(r + 1)], b[lo(r):lo(r + 1)]
        if a.metrics:
            host, port = a.metrics.rsplit(":", 1)
            port = c.serve_metrics(int(port), host.strip("[]"))
            print("lsq_worker %d: metrics on http://%s:%d/metrics"
                  % (r, host, port), flush=True)
        # lsq's tensor as the C workers declare it (zeros; their seed)
        w = c.declare("w", d, seed=a.seed)
        c.set_samples(min(a.batch, len(b)))
        rng = np.random.default_rng([a.seed, r])
        x = np.empty(d, dtype=np.float32)
        g = np.empty(d, dtype=np.float32)
        log = open(os.environ["TAUPS_LOG"], "w") if os.environ.get("TAUPS_LOG") else None
        if log:
            log.write("time_s,clock,loss\n")
        t0 = time.time()
        for it in range(a.iterations):
            c.pull(w, out=x)
            rows = rng.integers(0, len(b), size=min(a.batch, len(b)))
            res = A[rows] @ x - b[rows]
            np.dot(res, A[rows], out=g)
            g /= len(rows)
            c.push(w, g)
            clock = c.clock()
            loss = 0.5 * float(res @ res) / len(rows)
            c.set_loss(loss)
            if log:
                log.write("%.6f,%d,%.9g\n" % (time.time() - t0, clock, loss))
        if log:
            log.close()
        d = c.delivery()
        print("lsq_worker %d: %d pushes sent, %d applied" % (r, d["pushes_sent"],
                                                             d["pushes_applied"]))


if __name__ == "__main__":
    main()
