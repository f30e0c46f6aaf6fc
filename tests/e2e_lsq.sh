#!/bin/bash
# SPDX-License-Identifier: MIT
# End to end with real processes: taups-launch starts 2 shards, 4 async
# workers and an evaluator on least squares with condition number 100; the
# evaluator's relative error ||x - x*|| / ||x*|| must drop below 1e-3, the run
# directory must hold what the launcher promises, and no process of the run
# may survive it. Then the same with a problem brought as .npy files (written
# here by a pure-Python writer: no numpy needed), a file the workers must
# refuse, and taups-worker --standalone against full-batch gradient descent
# computed independently (lsq-reference gd-log).
. "$(dirname "$0")/lib.sh"

out=$WORK/run
"$LAUNCH" --model lsq --cond 100 --shards 2 --workers 4 --iterations 4000 \
    --batch 32 --lr 0.3 --eval-every 100 --timeout 120 --out "$out" \
    > "$WORK/launch.out" 2>&1 || { cat "$WORK/launch.out"; fail "launcher failed"; }

for f in run.json eval.csv server-0.log server-1.log worker-0.csv worker-3.csv \
    worker-0.log eval.log loss.png rel_err.png; do
    [ -s "$out/$f" ] || fail "run directory lacks $f"
done
head -1 "$out/eval.csv" | grep -q '^time_s,updates,loss,rel_err,versions,reconnects$' || fail "eval.csv header"
final=$(tail -1 "$out/eval.csv" | cut -d, -f4)
updates=$(tail -1 "$out/eval.csv" | cut -d, -f2)
echo "# final rel_err $final after $updates updates"
awk -v e="$final" 'BEGIN { exit !(e < 1e-3) }' || fail "rel_err $final >= 1e-3"
# Every worker ran all its iterations: 4 x 4000 updates reached the shards.
[ "$updates" = 16000 ] || fail "expected 16000 updates, evaluator saw $updates"
grep -q '"workers": 4' "$out/run.json" || fail "run.json lacks the settings"
# Servers shut down cleanly and reported their totals.
grep -q "stopping:.*16000 pushes" "$out/server-0.log" || fail "server-0 summary: $(tail -2 "$out/server-0.log")"
# No process of this run is left.
addr=$(grep -o 'listening on [0-9.]*:[0-9]*' "$out/server-0.log" | cut -d' ' -f3)
sleep 0.2
if pgrep -f "taups-.*$addr" >/dev/null; then
    pgrep -af "taups-.*$addr" >&2
    fail "processes of the run survived"
fi

# --- a problem from .npy files ------------------------------------------------
# A (400 x 8, float64) Gaussian, x* given as a file, b = A x* (float32, shape
# (400, 1)); a second A in float32 without x*, for the normal equations.
python3 - "$WORK" <<'PY'
import random, struct, sys
def save(path, descr, shape, values, version=1):
    fmt = {"<f4": "<f", "<f8": "<d"}[descr]
    dims = "(%d,)" % shape if len(shape) == 1 else str(tuple(shape))
    head = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, dims)
    pre = 8 + (2 if version == 1 else 4)
    total = (pre + len(head) + 1 + 63) // 64 * 64
    head = head + " " * (total - pre - len(head) - 1) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY" + bytes([version, 0]))
        f.write(struct.pack("<H" if version == 1 else "<I", len(head)))
        f.write(head.encode("latin1"))
        f.write(b"".join(struct.pack(fmt, v) for v in values))
rng = random.Random(3)
m, d = 400, 8
a = [rng.gauss(0, 1) for _ in range(m * d)]
x = [rng.gauss(0, 1) for _ in range(d)]
b = [sum(a[i * d + k] * x[k] for k in range(d)) for i in range(m)]
w = sys.argv[1]
save(w + "/A.npy", "<f8", (m, d), a)
save(w + "/b.npy", "<f4", (m, 1), b, version=2)
save(w + "/x.npy", "<f8", (d,), x)
save(w + "/A32.npy", "<f4", (m, d), a)
save(w + "/b7.npy", "<f8", (m - 7,), b[:m - 7])
PY
npy=$WORK/npy
"$LAUNCH" --model lsq --data "$WORK/A.npy,$WORK/b.npy,$WORK/x.npy" --shards 1 \
    --workers 2 --iterations 1500 --batch 16 --lr 0.2 --eval-every 100 \
    --timeout 120 --out "$npy" > "$WORK/npy.out" 2>&1 ||
    { cat "$WORK/npy.out"; fail "launcher failed on the .npy problem"; }
final=$(tail -1 "$npy/eval.csv" | cut -d, -f4)
echo "# .npy problem: final rel_err $final"
awk -v e="$final" 'BEGIN { exit !(e < 1e-4) }' || fail ".npy problem: rel_err $final >= 1e-4"
grep -q "400 rows" "$npy/eval.log" || fail "the evaluator does not hold the 400 rows: $(cat "$npy/eval.log")"
grep -q "200 rows" "$npy/worker-1.log" || fail "worker 1 does not hold its 200 rows"

# A b of the wrong length is refused by a worker before it connects, with
# both shapes and the file named.
port=$(free_port)
if "$WORKER" --cluster "127.0.0.1:$port" --model lsq \
    --data "$WORK/A.npy,$WORK/b7.npy" > "$WORK/bad.out" 2>&1; then
    fail "a worker accepted b of 393 rows for A of 400"
fi
grep -q "b7.npy: b has shape (393,) but A (.*A.npy) has shape (400, 8)" "$WORK/bad.out" ||
    fail "bad b: $(cat "$WORK/bad.out")"

# --- --standalone ----------------------------------------------------------------
# Full batch: standalone SGD is gradient descent; every logged loss and the
# final rel_err must match lsq-reference's, and it must stop at the first
# step whose rel_err is at most the target.
REF=$B/tests/lsq-reference
"$WORKER" --standalone --model lsq --seed 7 --rows 300 --dim 20 --cond 30 \
    --full-batch --lr 0.8 --target 0.05 --eval-updates 1 --log "$WORK/sa.csv" \
    > "$WORK/sa.out" 2>&1 || { cat "$WORK/sa.out"; fail "standalone failed"; }
grep -q "target rel_err 0.05 first reached after [0-9]* updates" "$WORK/sa.out" ||
    fail "standalone: no target line: $(cat "$WORK/sa.out")"
grep -q "standalone: [0-9]* updates in .* s, .* updates/s, final rel_err" "$WORK/sa.out" ||
    fail "standalone: no summary: $(cat "$WORK/sa.out")"
sa_err=$(sed -n 's/.*final rel_err //p' "$WORK/sa.out")
head -1 "$WORK/sa.csv" | grep -q '^time_s,clock,loss,version,' || fail "standalone log header"
"$REF" gd-log "$WORK/sa.csv" 7 300 20 30 0.8 "$sa_err" 0.05 ||
    fail "standalone differs from gradient descent"

# From the .npy files without x* (normal equations), minibatches: reaches
# 1e-4 and says when.
"$WORKER" --standalone --model lsq --data "$WORK/A32.npy,$WORK/b.npy" \
    --batch 16 --lr 0.2 --target 1e-4 --iterations 20000 --eval-updates 50 \
    > "$WORK/sa2.out" 2>&1 || { cat "$WORK/sa2.out"; fail "standalone on .npy failed"; }
grep -q "target rel_err 0.0001 first reached after" "$WORK/sa2.out" ||
    fail "standalone on .npy: $(tail -3 "$WORK/sa2.out")"
if "$WORKER" --standalone --cluster "127.0.0.1:$port" --model lsq \
    > "$WORK/sa3.out" 2>&1; then
    fail "--standalone accepted --cluster"
fi
grep -q "drop --cluster" "$WORK/sa3.out" || fail "standalone --cluster: $(cat "$WORK/sa3.out")"
if "$WORKER" --standalone --model lsq --data "$WORK/A.npy,$WORK/b.npy" --cond 10 \
    > "$WORK/sa4.out" 2>&1; then
    fail "lsq accepted --cond with --data"
fi
grep -q -- "--rows, --dim, --cond, --noise and --hetero" "$WORK/sa4.out" || fail "--cond with --data: $(cat "$WORK/sa4.out")"
echo "e2e_lsq: 1 passed, 0 failed"
