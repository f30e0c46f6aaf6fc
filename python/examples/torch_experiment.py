#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The CNN of torch_plain.py as the worker experiments run (e5-cnn; the
short taups worker of the same model is torch_worker.py), on Fashion-MNIST
(the IDX files Debian's dataset-fashion-mnist installs). Each iteration it
pulls the parameters straight into the model's tensors (numpy views of
them, no copy), computes a minibatch gradient with autograd and pushes the
gradients as one group (again without a copy); the shards apply the update.
One taups tensor per parameter tensor, named as PyTorch names them, so that
shapes survive and every worker declares the same ones.

    taups-server --listen 127.0.0.1:7070 --workers 2 --lr 0.05 &
    for r in 0 1; do TAUPS_CLUSTER=127.0.0.1:7070 TAUPS_RANK=$r TAUPS_WORKERS=2 \\
        python3 python/examples/torch_experiment.py --iterations 300 & done

It behaves as taups-worker does where an experiment needs it to:
  - in mode local it takes the cluster's K local SGD steps at --local-lr on
    a private copy and pushes the model delta (x_start - x_K);
  - --delay/--straggler inject compute time per minibatch step, drawn as
    taups-worker draws it (taups.Delay: same seed and rank, same delays);
  - with TAUPS_LOG it writes taups-worker's CSV columns, so that
    taups-launch and taups-sweep read it as theirs;
  - --role eval makes it the evaluator (taups-launch --eval-cmd): it pulls
    read-only every --eval-every ms and logs test loss and accuracy on the
    --test first test images (default all 10 000) to TAUPS_LOG, as
    taups-worker --role eval does; SIGTERM asks for a last evaluation.

The cluster comes from TAUPS_CLUSTER, TAUPS_RANK and TAUPS_WORKERS (set by
taups-launch --worker-cmd) or --cluster/--rank/--workers; TAUPS_BATCH,
TAUPS_ITERATIONS, TAUPS_SECONDS and TAUPS_EVAL_EVERY give the defaults of
the options of the same names. A worker prints the test loss and accuracy
on --report images before and after (0: it does not).
"""
import argparse
import gzip
import os
import signal
import sys
import time

import numpy as np
import torch
from torch import nn

import taups
from torch_plain import Net  # the CNN, the same as the plain loop's

FASHION = "/usr/share/datasets/fashion-mnist"


class Stop(Exception):
    """SIGTERM: the launcher asks this process to finish."""


def on_term(signum, frame):
    raise Stop()


def env(name, kind, default):
    v = os.environ.get(name)
    return kind(v) if v not in (None, "") else default


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


def evaluate(net, x, y):
    """Mean cross-entropy and accuracy, in slices of 100 images: CPU
    convolutions over much larger batches leave the cache (10 000 images at
    once take 12 times as long as in slices of 100)."""
    loss = correct = 0.0
    with torch.no_grad():
        for i in range(0, len(y), 100):
            out = net(x[i:i + 100])
            loss += nn.functional.cross_entropy(out, y[i:i + 100],
                                                reduction="sum").item()
            correct += (out.argmax(1) == y[i:i + 100]).sum().item()
    return loss / len(y), correct / len(y)


def declare(c, net, seed):
    """Declares one taups tensor per parameter and points the parameter's
    data at a numpy array that pulls fill. The shards initialise them (He
    for the weights, zeros for the biases), the same for every worker."""
    params = []
    for name, p in net.named_parameters():
        fan_in = p[0].numel() if p.dim() > 1 else 0
        t = c.declare(name, tuple(p.shape), init="normal" if fan_in else "zeros",
                      scale=(2.0 / fan_in) ** 0.5 if fan_in else 0.0, seed=seed)
        view = np.empty(tuple(p.shape), dtype=np.float32)
        p.data = torch.from_numpy(view)   # the model computes in view
        params.append((t, p, view))
    return params


def pull(c, params):
    for tk in [c.pull_async(t, out=view) for t, _, view in params]:
        tk.wait()


def run_eval(c, net, params, a):
    """The evaluator: eval.csv rows as taups-worker --role eval writes them
    (updates: the largest shard version of the first tensor, which every
    applied push bumps once)."""
    tx, ty = load(a.data, "t10k", 0, 1)
    tx, ty = tx[:a.test], ty[:a.test]
    log = open(a.log, "w", buffering=1) if a.log else None
    if log:
        log.write("time_s,updates,loss,accuracy,versions,reconnects\n")
    t0 = time.time()

    def once():
        pull(c, params)
        loss, acc = evaluate(net, tx, ty)
        v = c.versions(params[0][0])
        if log:
            log.write("%.4f,%d,%.6g,%.6g,%s,%d\n" % (
                time.time() - t0, max(v), loss, acc, "|".join(map(str, v)),
                c.delivery()["reconnects"]))
        return acc

    try:
        while a.seconds <= 0 or time.time() - t0 < a.seconds:
            start = time.time()
            once()
            time.sleep(max(0.0, a.eval_every / 1000.0 - (time.time() - start)))
    except Stop:
        pass
    # The state after the workers stopped is the figure that counts.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    acc = once()
    print("torch evaluator: final accuracy %.6g" % acc, flush=True)
    if log:
        log.close()


def step(net, x, y, rows_of, delay):
    """One minibatch gradient into the parameters' .grad, then the injected
    compute time; returns the minibatch loss."""
    rows = rows_of()
    t = time.time()
    net.zero_grad()
    out = nn.functional.cross_entropy(net(x[rows]), y[rows])
    out.backward()
    time.sleep(delay.next(time.time() - t))
    return out.item()


def local_round(net, params, x, y, rows_of, k, lr, delay):
    """K SGD steps on the model (its parameters are the pulled arrays,
    changed in place); returns the delta x_start - x_K and the mean loss."""
    start = [view.copy() for _, _, view in params]
    loss = 0.0
    for _ in range(k):
        loss += step(net, x, y, rows_of, delay)
        with torch.no_grad():
            for _, p, _ in params:
                p -= lr * p.grad
    return [s - view for s, (_, _, view) in zip(start, params)], loss / k


def run_worker(c, net, params, a):
    x, y = load(a.data, "train", c.rank, c.workers)
    tx, ty = load(a.data, "t10k", 0, 1)
    tx, ty = tx[:a.report], ty[:a.report]
    k = c.local_steps  # 0 outside mode local
    delay = taups.Delay(a.delay, seed=a.seed, rank=c.rank, stragglers=a.straggler)
    print("torch_experiment %d: mode %s%s, injected delay %s" % (
        c.rank, c.mode, ", %d local steps at lr %g" % (k, a.local_lr) if k else "",
        delay), flush=True)
    pull(c, params)
    if a.report:
        print("torch_experiment %d: before: test loss %.4f, accuracy %.4f" %
              ((c.rank,) + evaluate(net, tx, ty)), flush=True)
    c.set_samples(a.batch * max(k, 1))
    log = open(a.log, "w", buffering=1) if a.log else None
    if log:
        log.write("time_s,clock,loss,version,bytes_sent,bytes_recv,raw_sent,"
                  "raw_recv,staleness,weight,dropped,reconnects,lost,drift,"
                  "stale_applied\n")
    g = torch.Generator().manual_seed(a.seed * 1000 + c.rank)
    rows_of = lambda: torch.randint(0, len(y), (a.batch,), generator=g)
    tensors = [t for t, _, _ in params]
    t0 = time.time()
    it, diverged, local_end = 0, False, None
    try:
        while (a.iterations <= 0 or it < a.iterations) and \
                (a.seconds <= 0 or time.time() - t0 < a.seconds):
            if it:
                pull(c, params)
            drift = ""
            if local_end is not None:  # ||x_r - x_bar|| of the last round
                drift = "%.6g" % np.sqrt(sum(float(((e - v) ** 2).sum()) for e, (_, _, v)
                                             in zip(local_end, params)))
            if k:
                update, loss = local_round(net, params, x, y, rows_of, k,
                                           a.local_lr, delay)
                local_end = [view.copy() for _, _, view in params]
            else:
                loss = step(net, x, y, rows_of, delay)
                update = [p.grad.numpy() for _, p, _ in params]
            if not np.isfinite(loss):
                print("torch_experiment %d: loss is %g at iteration %d: training "
                      "diverged (learning rate too high?); stopping"
                      % (c.rank, loss, it), file=sys.stderr, flush=True)
                diverged = True
                break
            c.push_group(tensors, update)
            clock = c.clock()
            it += 1
            if log:
                tr, d = c.traffic(), c.delivery()
                info = c.last_push(tensors[0])
                log.write("%.4f,%d,%.6g,%d,%d,%d,%d,%d,%d,%.6g,%d,%d,%d,%s,%d\n" % (
                    time.time() - t0, clock, loss, max(c.versions(tensors[0])),
                    tr["wire_sent"], tr["wire_recv"], tr["raw_sent"],
                    tr["raw_recv"], info["staleness"], info["weight"],
                    info["dropped"], d["reconnects"], d["pushes_lost"], drift,
                    info["staleness_applied"]))
    except Stop:
        pass
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if log:
        log.close()
    if a.report and not diverged:
        pull(c, params)
        print("torch_experiment %d: after %d iterations: test loss %.4f, accuracy "
              "%.4f" % ((c.rank, it) + evaluate(net, tx, ty)), flush=True)
    return 1 if diverged else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--role", choices=("worker", "eval"), default="worker")
    ap.add_argument("--data", default=FASHION)
    ap.add_argument("--batch", type=int, default=env("TAUPS_BATCH", int, 32))
    ap.add_argument("--iterations", type=int,
                    default=env("TAUPS_ITERATIONS", int, 0 if os.environ.get(
                        "TAUPS_SECONDS") else 300), help="0: no limit")
    ap.add_argument("--seconds", type=float, default=env("TAUPS_SECONDS", float, 0),
                    help="stop after this long (0: no limit)")
    ap.add_argument("--local-lr", type=float, default=0.05,
                    help="mode local: the learning rate of the local steps")
    ap.add_argument("--delay", default="none", help="as taups-worker --delay")
    ap.add_argument("--straggler", action="append", default=[],
                    help="RANK:FACTOR, as taups-worker --straggler")
    ap.add_argument("--latency-ms", type=float, default=0,
                    help="delay every frame sent to a shard by MS")
    ap.add_argument("--eval-every", type=float,
                    default=env("TAUPS_EVAL_EVERY", float, 500), help="MS")
    ap.add_argument("--test", type=int, default=10000,
                    help="evaluator: test images scored")
    ap.add_argument("--report", type=int, default=2000,
                    help="worker: test images scored before and after")
    ap.add_argument("--threads", type=int, default=1, help="torch threads")
    ap.add_argument("--log", default=os.environ.get("TAUPS_LOG") or None)
    ap.add_argument("--seed", type=int, default=env("TAUPS_SEED", int, 1) or 1)
    ap.add_argument("--cluster")
    ap.add_argument("--rank", type=int)
    ap.add_argument("--workers", type=int)
    a = ap.parse_args()
    signal.signal(signal.SIGTERM, on_term)
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    net = Net()
    role = "evaluator" if a.role == "eval" else "worker"
    try:
        with taups.Client(cluster=a.cluster, rank=a.rank, workers=a.workers,
                          role=role, latency_ms=a.latency_ms) as c:
            params = declare(c, net, a.seed)
            if a.role == "eval":
                return run_eval(c, net, params, a)
            return run_worker(c, net, params, a)
    except Stop:
        return 0  # asked to stop before training began
    except taups.Error as e:
        print("torch_experiment: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
