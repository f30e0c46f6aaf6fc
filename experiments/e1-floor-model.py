#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""E1a's reference for the noise floor under a constant delay.

With noise, SGD on least squares settles where the gradient noise it adds
balances the contraction. Along an eigendirection of curvature l, a delay
of tau updates makes the error follow e_{t+1} = e_t - lr*l*e_{t-tau} + lr*u_t,
a linear filter driven by the gradient noise u_t; its stationary variance
is lr^2 Var(u) sum_k h_k^2, h the filter's impulse response. For least
squares the gradient noise along that direction has variance proportional
to l (the per-row gradients' covariance is proportional to H near the
optimum), so the floor of rel_err scales as

    sqrt( sum_j l_j sum_k h_k(l_j, tau)^2 )

over the spectrum l_j = cond^(-j/(d-1)), j = 0..d-1. This prints that
floor at each tau divided by the floor at tau = 0: what the staleness
alone should do to the floor, with nothing fitted to the runs.

    experiments/e1-floor-model.py [LR] [DIM] [COND]   (0.02 50 20, e1-lag's)
"""
import sys

import numpy as np

lr = float(sys.argv[1]) if len(sys.argv) > 1 else 0.02
d = int(sys.argv[2]) if len(sys.argv) > 2 else 50
cond = float(sys.argv[3]) if len(sys.argv) > 3 else 20.0
lam = cond ** (-np.arange(d) / (d - 1))


def energy(l, tau, steps=40000):
    h = np.zeros(steps)
    h[0] = 1.0
    for t in range(steps - 1):
        h[t + 1] = h[t] - (lr * l * h[t - tau] if t >= tau else 0.0)
    return float((h ** 2).sum())


base = None
print("| tau | floor / floor at tau = 0 |")
print("|---|---|")
for tau in (0, 1, 2, 5, 10, 20, 50):
    v = sum(l * energy(l, tau) for l in lam)
    base = base or v
    print("| %d | %.3f |" % (tau, (v / base) ** 0.5))
