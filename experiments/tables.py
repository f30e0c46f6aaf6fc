#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The tables of experiments/README.md, made from the committed results.

Each generated table sits in the README between two comments naming it
and its source:

    <!-- begin table e1-ssp: results/e1-ssp/summary.csv -->

    | ... |

    <!-- end table e1-ssp -->

    experiments/tables.py            print every table, with its markers
    experiments/tables.py NAME ...   print these
    experiments/tables.py --check    exit 1, saying which, when a marked
                                     table differs from what its source gives
    experiments/tables.py --update   rewrite the marked tables in place

Only the standard library: a fresh clone checks its README without numpy.
Cells are "median [q1, q3]" over the seeds, as summary.csv has them.
"""
import csv
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")
README = os.path.join(HERE, "README.md")


def summary(name):
    with open(os.path.join(RESULTS, name, "summary.csv"), newline="") as f:
        return list(csv.DictReader(f))


def num(row, key):
    v = row.get(key, "")
    return float(v) if v != "" else None


def fmt(v, spec):
    if v is None:
        return "–"
    if callable(spec):
        return spec(v)
    return spec % v


def cell(row, stat, spec, iqr=True, scale=1):
    """median [q1, q3] of stat (times scale), or – when no seed has it."""
    m = num(row, stat + "_median")
    if m is None:
        return "–"
    if not iqr:
        return fmt(scale * m, spec)
    return "%s [%s, %s]" % tuple(fmt(scale * num(row, stat + q), spec)
                                 for q in ("_median", "_q1", "_q3"))


def reached(row):
    return "%s/%s" % (row["reached"], row["runs"])


def table(head, rows):
    out = ["| " + " | ".join(head) + " |",
           "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return out


# ---- E1 ----

def e1_lag():
    rows = summary("e1-lag")
    model = {}
    path = os.path.join(RESULTS, "e1-lag", "floor-model.md")
    for line in open(path):
        m = re.match(r"\| (\d+) \| ([0-9.]+) \|", line)
        if m:
            model[m.group(1)] = m.group(2)
    out = []
    taus = sorted({int(r["worker.read-lag"]) for r in rows})

    def one(noise, tau, fixed):
        sel = [r for r in rows if r["noise"] == noise and
               r["worker.read-lag"] == str(tau) and
               (r["lr"] == "0.02") == fixed]
        return sel[0]
    base = {f: one("0", 0, f) for f in (True, False)}
    base_floor = num(one("1", 0, True), "final_metric_median")
    for tau in taus:
        fixed, scaled = one("0", tau, True), one("0", tau, False)
        floor = one("1", tau, True)
        out.append([
            tau, cell(fixed, "updates_to_target", "%.0f"),
            cell(scaled, "updates_to_target", "%.0f"),
            "%.2f" % (num(scaled, "updates_to_target_median") /
                      num(base[False], "updates_to_target_median")),
            1 + tau, cell(floor, "final_metric", "%.4f"),
            "%.3f" % (num(floor, "final_metric_median") / base_floor),
            model.get(str(tau), "–"),
            cell(one("1", tau, False), "final_metric", "%.4f")])
    return table(["τ", "updates to 3e-2, lr 0.02",
                  "updates to 3e-2, lr 0.5/(1+τ)", "÷ τ = 0", "1+τ",
                  "floor (σ = 1), lr 0.02", "÷ τ = 0", "model",
                  "floor (σ = 1), lr 0.5/(1+τ)"], out)


def e1_threshold():
    rows = summary("e1-threshold")
    out = []
    for tau in sorted({int(r["worker.read-lag"]) for r in rows}):
        sel = sorted((r for r in rows if r["worker.read-lag"] == str(tau)),
                     key=lambda r: float(r["lr"]))
        bound = 2 * math.sin(math.pi / (4 * tau + 2))
        cells = []
        for r in sel:
            d, n = int(r["diverged"]), int(r["runs"])
            cells.append("**diverged %d/%d**" % (d, n) if d
                         else "converged %s/%d" % (r["reached"], n))
        out.append([tau, "%.4f" % bound] + cells +
                   [cell(sel[0], "updates_to_target", "%.0f") + " / " +
                    cell(sel[1], "updates_to_target", "%.0f")])
    return table(["τ", "bound 2 sin(π/(4τ+2))", "0.8×", "0.95×", "1.05×",
                  "1.25×", "updates to 1e-3 at 0.8× / 0.95×"], out)


def e1_ssp():
    out = []
    for r in summary("e1-ssp"):
        out.append([r["server.staleness"], cell(r, "pulls_sent", "%.0f"),
                    cell(r, "staleness_mean", "%.2f"),
                    cell(r, "staleness_p99", "%.0f"), reached(r),
                    cell(r, "updates_to_target", "%.0f"),
                    cell(r, "time_to_target_s", "%.3f"),
                    cell(r, "worker_seconds", "%.2f"),
                    cell(r, "final_metric", "%.4f")])
    return table(["s", "pulls sent", "staleness mean (updates)",
                  "staleness p99", "reached 3e-2", "updates to 3e-2",
                  "time to 3e-2 (s)", "worker time (s)", "final rel_err"], out)


# ---- E2, E3 ----

def rule_name(r):
    """A summary row's staleness rule: its weight, or the drop bound."""
    if r["server.max-staleness"] != "-1":
        return "drop > %s" % r["server.max-staleness"]
    return r["server.staleness-weight"]


def rule_row(r, mean_fmt):
    """A staleness rule's cells (E2, E11): the rule, its tuned lr, runs
    reaching the target, updates and time to it, staleness and drops."""
    return [rule_name(r), r["tuned_lr"], reached(r),
            cell(r, "updates_to_target", "%.0f"),
            cell(r, "time_to_target_s", "%.3f"),
            (mean_fmt + " / %.0f") % (num(r, "staleness_mean_median"),
                                      num(r, "staleness_p99_median")),
            "%.0f" % num(r, "dropped_median")]


def e2_weighting():
    out = []
    for r in summary("e2-weighting"):
        src = ("read lag %s" % r["worker.read-lag"]
               if r["worker.read-lag"] != "0" else "Pareto")
        out.append([src] + rule_row(r, "%.1f"))
    return table(["staleness", "rule", "tuned lr", "reached",
                  "updates to 3e-2", "time to 3e-2 (s)",
                  "staleness mean / p99", "dropped"], out)


def e3_at(name, ats, keep=lambda r: True):
    """rel_err at fixed update counts ats, per codec and lr; runs that
    diverged are left out of the cells and counted beside them."""
    out = []
    for r in summary(name):
        if not keep(r):
            continue
        d, n = int(r["diverged"]), int(r["runs"])
        note = "" if d == 0 else " (%d/%d diverged)" % (d, n)
        out.append([r["worker.codec"], r["worker.error-feedback"], r["lr"]] +
                   ["diverged %d/%d" % (d, n) if d == n else
                    cell(r, "at_%d_updates" % a, "%.4f") + note
                    for a in ats] +
                   ["%.0f" % (num(r, "sent_bytes_median") /
                              num(r, "updates_median"))])
    return table(["codec", "error feedback", "lr"] +
                 ["rel_err at %d updates" % a for a in ats] +
                 ["bytes pushed per update"], out)


def e3_bandwidth():
    """Beside each cell: its time to target beyond the loopback run of the
    same codec, and what the link alone would take, the bytes each of the
    four workers pushed before the target over its uplink cap."""
    rows, out = summary("e3-bandwidth"), []
    loop = {r["worker.codec"]: num(r, "time_to_target_s_median")
            for r in rows if r["worker.bandwidth"] == "0"}
    for r in rows:
        cap = float(r["worker.bandwidth"])
        per = num(r, "sent_bytes_median") / num(r, "updates_median")
        t, u = (num(r, "time_to_target_s_median"),
                num(r, "updates_to_target_median"))
        out.append(["none (loopback)" if cap == 0 else "%.0f" % cap,
                    r["worker.codec"], reached(r),
                    cell(r, "updates_to_target", "%.0f"),
                    cell(r, "time_to_target_s", "%.2f"),
                    "%.0f" % per,
                    "–" if cap == 0 else "%.2f" % (t - loop[r["worker.codec"]]),
                    "–" if cap == 0 else "%.2f" % (per * u / 4 / cap)])
    return table(["uplink cap (B/s)", "codec", "reached", "updates to 1e-2",
                  "time to 1e-2 (s)", "bytes pushed per update",
                  "time beyond loopback (s)",
                  "link model: bytes per worker / cap (s)"], out)


# ---- E4 ----

def local_rows(rows, lead):
    out = []
    for r in rows:
        local = r["server.mode"] == "local"
        k = int(r["server.local-steps"] if local else r["worker.accumulate"])
        syncs = num(r, "updates_to_target_median")
        out.append(lead(r) + [
            "averaging" if local else "accumulation", k, reached(r),
            cell(r, "updates_to_target", "%.0f"),
            "%.0f" % (k * syncs) if syncs is not None else "–",
            cell(r, "time_to_target_s", "%.2f"),
            "%.3g" % num(r, "wire_bytes_median")])
    return out


# name, the key that is K, the tuned key, variant
E4_FILES = (("e4-local", "server.local-steps", "worker.local-lr", "averaging"),
            ("e4-local-accum", "worker.accumulate", "lr", "accumulation"))
E4_STEPS = (256, 512, 1024, 2048)
E4_TARGET = 0.15


def e4_convex_rows():
    """(hetero, variant, K, summary row) of E4's two convex files, by
    hetero, then averaging before accumulation, then K."""
    out = []
    for name, key, tuned, variant in E4_FILES:
        for r in summary(name):
            r["tuned_lr"] = r["tuned_" + tuned]
            out.append((float(r["hetero"]), variant, int(r[key]), r))
    return sorted(out, key=lambda t: (t[0], t[1] != "averaging", t[2]))


def e4_floor():
    """Where K = 1 settles per lr: the median of the last 3 of 8192
    steps' evaluations."""
    out = [["%g" % float(r["hetero"]), r["worker.local-lr"],
            "%s/%s" % (r["diverged"], r["runs"]),
            cell(r, "final_metric", "%.4f"),
            "%.1f" % (E4_TARGET / num(r, "final_metric_median"))]
           for r in summary("e4-local-floor")]
    return table(["hetero H", "local lr", "diverged",
                  "floor: rel_err after 8192 steps",
                  "target %g / floor" % E4_TARGET],
                 out)


def e4_local():
    """Steps per worker are K x syncs; rel_err after S steps per worker is
    the reading at S / K syncs."""
    out = []
    for h, variant, k, r in e4_convex_rows():
        out.append(["%g" % h, variant, k, r["tuned_lr"], reached(r),
                    cell(r, "updates_to_target", "%.0f"),
                    cell(r, "updates_to_target", "%.0f", scale=k)] +
                   [cell(r, "at_%d_updates" % (s // k), "%.4f")
                    for s in E4_STEPS] +
                   [cell(r, "drift_mean", "%.2f")])
    return table(["hetero H", "variant", "K", "tuned lr",
                  "reached %g" % E4_TARGET, "syncs to %g" % E4_TARGET,
                  "steps per worker to %g" % E4_TARGET] +
                 ["rel_err after %d steps" % s for s in E4_STEPS] +
                 ["drift, mean"], out)


def e4_local_fit():
    """N(K) = N0 (1 + c K), the median steps per worker to the target,
    fitted by least squares on K <= 8 and checked on K = 16 and 32, which
    the fit did not see."""
    out = []
    rows = [t for t in e4_convex_rows() if t[1] == "averaging"]
    for h in sorted({t[0] for t in rows}):
        pts = {k: (k * num(r, "updates_to_target_median"), r)
               for hh, _, k, r in rows if hh == h and int(r["reached"]) > 0}
        fit = [(k, n) for k, (n, _) in pts.items() if k <= 8]
        mk = sum(k for k, _ in fit) / len(fit)
        mn = sum(n for _, n in fit) / len(fit)
        b = (sum((k - mk) * (n - mn) for k, n in fit) /
             sum((k - mk) ** 2 for k, _ in fit))
        n0 = mn - b * mk
        for k in sorted(k for k in pts if k > 8):
            n, r = pts[k]
            pred = n0 * (1 + b / n0 * k)
            lo, hi = (k * num(r, "updates_to_target_" + q) for q in ("q1", "q3"))
            out.append(["%g" % h, "%.0f" % n0, "%.4f" % (b / n0), k,
                        "%.0f" % pred,
                        cell(r, "updates_to_target", "%.0f", scale=k),
                        "%.2f" % (n / pred),
                        "yes" if lo <= pred <= hi else "no"])
    return table(["hetero H", "N0 (fit, K ≤ 8)", "c (fit, K ≤ 8)", "K",
                  "predicted steps", "measured steps", "measured / predicted",
                  "prediction inside the IQR"], out)


def best_k(cost, ratios):
    """Per ratio T_comm/T_compute, the K whose syncs(K) x (ratio + K), in
    units of one step's compute, is least, with every K's cost."""
    cells = []
    for ratio in ratios:
        c = {k: s * (ratio + k) for k, s in cost.items()}
        best = min(c, key=c.get)
        cells.append("K = %d (%s)" % (best, ", ".join(
            "%d: %.0f" % (k, v) for k, v in c.items())))
    return cells


def e4_local_best():
    """Local SGD's time to target in units of one step's compute, for the
    K that reached it in at least 3 of 5 runs."""
    out = []
    rows = [t for t in e4_convex_rows() if t[1] == "averaging"]
    for h in sorted({t[0] for t in rows}):
        cost = {k: num(r, "updates_to_target_median")
                for hh, _, k, r in rows if hh == h and int(r["reached"]) >= 3}
        out.append(["%g" % h] + best_k(cost, BEST_K_RATIOS))
    return table(["hetero H"] + ["T_comm/T_compute = %g" % x
                                 for x in BEST_K_RATIOS], out)


def e4_local_mlp():
    rows = local_rows(summary("e4-local-mlp"), lambda r: [])
    return table(["variant", "K", "reached", "syncs to 80%",
                  "minibatch steps per worker (K × syncs)",
                  "time to 80% (s)", "bytes on the wire"], rows)


def splits_k(r):
    local = r["server.mode"] == "local"
    return local, int(r["server.local-steps"] if local
                      else r["worker.accumulate"])


def e4_splits():
    out = []
    for r in summary("e4-splits"):
        local, k = splits_k(r)
        syncs = num(r, "updates_to_target_median")
        out.append([r["split"], ("local %d" if local else "accumulate %d") % k,
                    reached(r), cell(r, "updates_to_target", "%.0f"),
                    "%.0f" % (k * syncs) if syncs is not None else "–",
                    cell(r, "time_to_target_s", "%.2f"),
                    cell(r, "final_metric", "%.3f"),
                    cell(r, "drift_mean", "%.2f"),
                    "%.0f MB" % (num(r, "wire_bytes_median") / 1e6)])
    return table(["split", "variant", "reached 80 %", "syncs to 80 %",
                  "steps per worker", "time to 80 % (s)", "final accuracy",
                  "drift, mean", "bytes on the wire"], out)


BEST_K_RATIOS = (0.1, 1, 10, 100)


def e4_splits_best():
    """Time to target in units of one step's compute, syncs(K) x (ratio +
    K), for the local K that reached it in at least 3 of 5 runs."""
    rows, out = summary("e4-splits"), []
    for split in dict.fromkeys(r["split"] for r in rows):
        cost = {}
        for r in rows:
            local, k = splits_k(r)
            if r["split"] == split and local and int(r["reached"]) >= 3:
                cost[k] = num(r, "updates_to_target_median")
        out.append([split] + best_k(cost, BEST_K_RATIOS))
    return table(["split"] + ["T_comm/T_compute = 0.1", "1", "10", "100"],
                 out)


# ---- E5 ----

def mode_rows(rows, lead, lr):
    return [lead(r) + [r["server.mode"], lr(r), reached(r),
                       cell(r, "time_to_target_s", "%.1f"),
                       cell(r, "updates_to_target", "%.0f"),
                       cell(r, "final_metric", "%.3f"),
                       "%.2f" % num(r, "staleness_mean_median")]
            for r in rows]


MODE_HEAD = ["mode", "lr", "reached", "time to 80% (s)", "updates to 80%",
             "accuracy at the end", "staleness mean"]


def e5_consistency():
    rows = mode_rows(summary("e5-consistency"),
                     lambda r: [r["worker.delay"]], lambda r: r["lr"])
    return table(["compute time"] + MODE_HEAD, rows)


def e5_comm():
    return table(MODE_HEAD, mode_rows(summary("e5-comm"), lambda r: [],
                                      lambda r: r["lr"]))


def e5_cnn():
    return table(MODE_HEAD, mode_rows(summary("e5-cnn"), lambda r: [],
                                      lambda r: r["tuned_lr"]))


# ---- E10b ----

E10B_STEPS = (100, 200, 250)
E10B_TIMES = (0.5, 1, 2, 2.5)
E10B_TARGET = 0.15
E10B_LAWS = ("const:2", "lognormal:2:1", "pareto:1.5:0.666667",
             "pareto:3:1.333333")


def e10b_accuracy():
    """Per compute law and b: the tuned lr, steps and seconds to the
    target, steps taken in the 3 s every run goes, and rel_err after fixed
    numbers of steps and fixed seconds."""
    rows = sorted(summary("e10b-accuracy"),
                  key=lambda r: (E10B_LAWS.index(r["worker.delay"]),
                                 int(r["server.backup-workers"])))
    out = []
    for r in rows:
        out.append([r["worker.delay"], r["server.backup-workers"],
                    r["tuned_lr"], reached(r),
                    cell(r, "updates_to_target", "%.0f"),
                    cell(r, "time_to_target_s", "%.2f"),
                    cell(r, "updates", "%.0f")] +
                   [cell(r, "at_%d_updates" % u, "%.3f") for u in E10B_STEPS] +
                   [cell(r, "at_%g_s" % t, "%.3f") for t in E10B_TIMES])
    return table(["compute law", "b", "tuned lr",
                  "reached %g" % E10B_TARGET,
                  "steps to %g" % E10B_TARGET,
                  "time to %g (s)" % E10B_TARGET, "steps in 3 s"] +
                 ["rel_err after %d steps" % u for u in E10B_STEPS] +
                 ["rel_err after %g s" % t for t in E10B_TIMES], out)


E10B_PLATEAU = (1.5, 2.9)  # seconds: the window each run's plateau is read in


def quartiles(xs):
    """(median, q1, q3) of xs, interpolated as R and NumPy do."""
    xs = sorted(xs)

    def q(p):
        i = p * (len(xs) - 1)
        lo = int(math.floor(i))
        hi = min(lo + 1, len(xs) - 1)
        return xs[lo] + (xs[hi] - xs[lo]) * (i - lo)
    return q(0.5), q(0.25), q(0.75)


def e10b_plateau():
    """Where each (law, b) settles at its tuned lr: per run, the median
    rel_err of its evaluations from 1.5 to 2.9 s (records/curves.csv),
    then median [q1, q3] over the seeds, and the noise model's ratio to
    b = 0, sqrt(N / (N - b)) (each step averages N - b gradients)."""
    per = {}
    path = os.path.join(RESULTS, "e10b-accuracy", "records", "curves.csv")
    with open(path, newline="") as f:
        for c in csv.DictReader(f):
            if E10B_PLATEAU[0] <= float(c["time_s"]) <= E10B_PLATEAU[1]:
                per.setdefault((c["run"], c["seed"]), []).append(
                    float(c["rel_err"]))
    rows = {}
    for r in summary("e10b-accuracy"):
        runs = [quartiles(v)[0] for (p, _), v in per.items()
                if r["label"].startswith(p + "-")]
        rows[(r["worker.delay"], int(r["server.backup-workers"]))] = (
            r, quartiles(runs))
    n = 8
    out = []
    for law in E10B_LAWS:
        base = rows[(law, 0)][1][0]
        for b in sorted(b for (lw, b) in rows if lw == law):
            r, (m, q1, q3) = rows[(law, b)]
            out.append([law, b, r["tuned_lr"], "%.3f [%.3f, %.3f]" % (m, q1, q3),
                        "%.2f" % (m / base), "%.2f" % math.sqrt(n / (n - b)),
                        "%.2f" % (E10B_TARGET / m)])
    return table(["compute law", "b", "tuned lr",
                  "plateau: rel_err from %g to %g s" % E10B_PLATEAU,
                  "÷ b = 0", "model √(N/(N − b))",
                  "target %g / plateau" % E10B_TARGET], out)


# ---- E11 ----

def e11_delay_comp():
    out = []
    for r in summary("e11-delay-comp"):
        out.append(rule_row(r, "%.2f"))
    return table(["rule", "tuned lr", "reached", "updates to 5e-2",
                  "time to 5e-2 (s)", "staleness mean / p99", "dropped"],
                 out)


# ---- E12 ----

def e12_rows(name, key):
    return [(int(r[key]), float(r["server.momentum"]), r)
            for r in summary(name)]


def e12_momentum(name, key, head):
    out = []
    for n, mu, r in e12_rows(name, key):
        lr = float(r["tuned_lr"])
        out.append([n, "%g" % mu, r["tuned_lr"], "%.3g" % (lr / (1 - mu)),
                    reached(r), cell(r, "updates_to_target", "%.0f"),
                    cell(r, "staleness_mean", "%.2f")])
    return table([head, "momentum μ", "tuned lr", "lr / (1 − μ)",
                  "reached", "updates to target",
                  "staleness mean"], out)


def e12_best_mu(rows, n):
    """The mu with the fewest median updates to the target at n, among
    those reaching it in at least 3 runs of 5, and those whose
    interquartile range reaches the best one's."""
    cand = {mu: r for k, mu, r in rows if k == n and int(r["reached"]) >= 3}
    if not cand:
        return None, []
    best = min(cand, key=lambda mu: num(cand[mu], "updates_to_target_median"))
    q3 = num(cand[best], "updates_to_target_q3")
    return best, [mu for mu, r in cand.items()
                  if num(r, "updates_to_target_q1") <= q3]


def e12_best(name, key, head, base=None):
    """Per N (or read lag): the best explicit momentum beside the implicit
    one of the claim, 1 - 1/N, and the one a geometric staleness of the
    measured mean m gives, m / (1 + m); the explicit momentum predicted
    is the best with no staleness (base: name and key value of that
    configuration) less m / (1 + m)."""
    rows, out = e12_rows(name, key), []
    base_rows = rows if base is None else e12_rows(base[0], "workers")
    mu0 = e12_best_mu(base_rows, 1 if base is None else base[1])[0]
    for n in sorted({n for n, _, _ in rows}):
        best, within = e12_best_mu(rows, n)
        m = num(next(r for k, mu, r in rows if k == n and mu == 0),
                "staleness_mean_median")
        geo = m / (1 + m)
        out.append([n] + (["%.2f" % (1 - 1 / n)] if key == "workers" else [])
                   + ["%.2f" % m, "%.2f" % geo,
                      "–" if best is None else "%g" % best,
                      ", ".join("%g" % mu for mu in sorted(within)) or "–",
                      "–" if mu0 is None else "%.2f" % max(0.0, mu0 - geo)])
    return table([head] + (["1 − 1/N"] if key == "workers" else []) +
                 ["staleness mean m (μ = 0)", "m / (1 + m)",
                  "best explicit μ", "μ within the best's IQR",
                  "predicted μ (best without staleness less m / (1 + m))"],
                 out)


# ---- E6, E6b, E7: the tables their analyse scripts made from the runs ----

def analysis_table(name):
    path = os.path.join(RESULTS, name, "analysis.md")
    return [line.rstrip("\n") for line in open(path)
            if line.startswith("|")]


def analysis_nth(name, k):
    """Table k (from 0) of results/NAME/analysis.md, which holds several."""
    tables, cur = [], []
    for line in open(os.path.join(RESULTS, name, "analysis.md")):
        if line.startswith("|"):
            cur.append(line.rstrip("\n"))
        elif cur:
            tables.append(cur)
            cur = []
    return (tables + [cur])[k]


ORDINALS = ("first", "second", "third", "fourth", "fifth")


def nth_entry(name, k):
    """TABLES' entry for table k of results/NAME/analysis.md."""
    return (lambda: analysis_nth(name, k),
            "results/%s/analysis.md, its %s table" % (name, ORDINALS[k]))


TABLES = {
    "e1-lag": (e1_lag, "results/e1-lag/summary.csv, floor-model.md"),
    "e1-threshold": (e1_threshold, "results/e1-threshold/summary.csv"),
    "e1-ssp": (e1_ssp, "results/e1-ssp/summary.csv"),
    "e2-weighting": (e2_weighting, "results/e2-weighting/summary.csv"),
    "e3-iid": (lambda: e3_at("e3-codecs", (20000, 30000),
                             lambda r: r["hetero"] == "0"),
               "results/e3-codecs/summary.csv"),
    "e3-hetero-async": (lambda: e3_at("e3-codecs", (20000, 30000),
                                      lambda r: r["hetero"] == "0.5"),
                        "results/e3-codecs/summary.csv"),
    "e3-hetero": (lambda: e3_at("e3-hetero", (10000, 15000, 20000)),
                  "results/e3-hetero/summary.csv"),
    "e3-bandwidth": (e3_bandwidth, "results/e3-bandwidth/summary.csv"),
    "e4-local": (e4_local, "results/e4-local/summary.csv, "
                 "results/e4-local-accum/summary.csv"),
    "e4-local-floor": (e4_floor, "results/e4-local-floor/summary.csv"),
    "e4-local-fit": (e4_local_fit, "results/e4-local/summary.csv"),
    "e4-local-best-k": (e4_local_best, "results/e4-local/summary.csv"),
    "e4-local-mlp": (e4_local_mlp, "results/e4-local-mlp/summary.csv"),
    "e4-splits": (e4_splits, "results/e4-splits/summary.csv"),
    "e4-splits-best-k": (e4_splits_best, "results/e4-splits/summary.csv"),
    "e5-consistency": (e5_consistency, "results/e5-consistency/summary.csv"),
    "e5-comm": (e5_comm, "results/e5-comm/summary.csv"),
    "e5-cnn": (e5_cnn, "results/e5-cnn/summary.csv"),
    "e6-shards": (lambda: analysis_table("e6-shards"),
                  "results/e6-shards/analysis.md"),
    "e6b-stragglers": (lambda: analysis_table("e6b-stragglers"),
                       "results/e6b-stragglers/analysis.md"),
    "e7-failures": (lambda: analysis_table("e7-failures"),
                    "results/e7-failures/analysis.md"),
    "e8-bytes": nth_entry("e8-sparse", 0),
    "e8-stale": nth_entry("e8-sparse", 1),
    "e8-rows": nth_entry("e8-sparse", 2),
    "e8-fate": nth_entry("e8-sparse", 3),
    "e8-balance": nth_entry("e8-sparse", 4),
    "e10-backup": (lambda: analysis_table("e10-backup"),
                   "results/e10-backup/analysis.md"),
    "e9-dense": nth_entry("e9-datacenter", 0),
    "e9-table-p0.03": nth_entry("e9-datacenter", 2),
    "e10b-accuracy": (e10b_accuracy, "results/e10b-accuracy/summary.csv"),
    "e10b-plateau": (e10b_plateau, "results/e10b-accuracy/summary.csv, "
                     "records/curves.csv"),
    "e11-delay-comp": (e11_delay_comp, "results/e11-delay-comp/summary.csv"),
    "e12-momentum": (lambda: e12_momentum("e12-momentum", "workers",
                                          "workers N"),
                     "results/e12-momentum/summary.csv"),
    "e12-best": (lambda: e12_best("e12-momentum", "workers", "workers N"),
                 "results/e12-momentum/summary.csv"),
    "e12b-momentum": (lambda: e12_momentum("e12b-momentum-illcond", "workers",
                                           "workers N"),
                      "results/e12b-momentum-illcond/summary.csv"),
    "e12b-best": (lambda: e12_best("e12b-momentum-illcond", "workers",
                                   "workers N"),
                  "results/e12b-momentum-illcond/summary.csv"),
    "e12c-momentum": (lambda: e12_momentum("e12c-momentum-lag",
                                           "worker.read-lag", "read lag τ"),
                      "results/e12c-momentum-lag/summary.csv"),
    "e12c-best": (lambda: e12_best("e12c-momentum-lag", "worker.read-lag",
                                   "read lag τ",
                                   ("e12b-momentum-illcond", 1)),
                  "results/e12c-momentum-lag/summary.csv, "
                  "results/e12b-momentum-illcond/summary.csv"),
}

BEGIN = re.compile(r"^<!-- begin table ([\w.-]+): .* -->$")


def marked(name):
    fn, source = TABLES[name]
    return (["<!-- begin table %s: %s -->" % (name, source), ""] + fn() +
            ["", "<!-- end table %s -->" % name])


def rewrite(text):
    """The README with every marked table made again, and the names of
    those that changed."""
    lines, out, changed, i = text.split("\n"), [], [], 0
    while i < len(lines):
        m = BEGIN.match(lines[i])
        if not m or m.group(1) not in TABLES:
            out.append(lines[i])
            i += 1
            continue
        name = m.group(1)
        end = lines.index("<!-- end table %s -->" % name, i)
        new = marked(name)
        if lines[i:end + 1] != new:
            changed.append(name)
        out += new
        i = end + 1
    return "\n".join(out), changed


def main(argv):
    if argv and argv[0] in ("--check", "--update"):
        text = open(README).read()
        new, changed = rewrite(text)
        if argv[0] == "--update":
            if changed:
                with open(README, "w") as f:
                    f.write(new)
            print("tables.py: %s" % (", ".join(changed) + " rewritten"
                                     if changed else "README up to date"))
            return 0
        for name in changed:
            print("tables.py: experiments/README.md's table %s differs from "
                  "what its source gives; run experiments/tables.py "
                  "--update" % name)
        return 1 if changed else 0
    for name in argv or TABLES:
        if name not in TABLES:
            print("tables.py: no table %s (%s)" % (name, ", ".join(TABLES)),
                  file=sys.stderr)
            return 2
        print("\n".join(marked(name)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
