#!/bin/bash
# SPDX-License-Identifier: MIT
# taups-sweep end to end: a two-point grid (lr 0.1 and 0.3) of short lsq runs,
# one seed each, must leave summary.csv with one row per configuration and
# both reaching the target, summary.md, sweep.json, and every plot in PNG
# and SVG. With stop = yes each run ends once the evaluator reports the
# target, judged on the moving median of 3 evaluations (recomputed here from
# eval.csv); a run that blows up counts as diverged, not failed; linked keys
# move together instead of multiplying the grid; [tune] picks the learning
# rate that reaches the target on seeds of its own and reports the
# configuration at it, with quartiles that match Python's. The records
# (records/*.csv) are enough to make summary.csv and tune.md again byte for
# byte once runs/ is gone; tuning that cannot be recomputed is left alone;
# sweep.json says where and with what it ran; an empty plot is not kept;
# experiments/run.sh never touches a committed results directory.
. "$(dirname "$0")/lib.sh"
SRC=${TAUPS_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}

SWEEP=$B/tools/taups-sweep
[ -x "$SWEEP" ] || { echo "missing $SWEEP: build first" >&2; exit 99; }
command -v gnuplot >/dev/null || { echo "# SKIP: gnuplot is not installed"; exit 77; }

cat > "$WORK/two.ini" <<'INI'
# Two learning rates; comments and blank lines must be ignored.
[run]
model = lsq
shards = 2
workers = 2
iterations = 100000   # far more than needed: stop = yes ends the runs
cond = 10
batch = 32
eval-every = 50   ; short, so that the target is seen early
timeout = 60

[sweep]
lr = 0.1, 0.3

[target]
metric = rel_err
value = 1e-2
stop = yes

[summary]
at_updates = 100
at_time = 0.1
INI

out=$WORK/res
"$SWEEP" --repeats 1 --out "$out" "$WORK/two.ini" > "$WORK/sweep.out" 2>&1 ||
    { cat "$WORK/sweep.out"; fail "taups-sweep failed"; }
cat "$WORK/sweep.out"

for f in summary.csv summary.md sweep.json plots.gp \
    metric_vs_time.png metric_vs_time.svg metric_vs_updates.png \
    metric_vs_updates.svg metric_vs_bytes.png metric_vs_bytes.svg \
    staleness-p1-lr=0.1.png staleness-p1-lr=0.1.svg \
    staleness-p2-lr=0.3.png staleness-p2-lr=0.3.svg \
    runs/p1-lr=0.1-seed1/eval.csv runs/p2-lr=0.3-seed1/eval.csv; do
    [ -s "$out/$f" ] || fail "results lack $f"
done

csv=$out/summary.csv
head -1 "$csv" | grep -q '^label,lr,runs,failed,diverged,reached,time_to_target_s_median,' ||
    fail "summary.csv header: $(head -1 "$csv")"
[ "$(tail -n +2 "$csv" | wc -l)" = 2 ] || fail "summary.csv: want 2 rows, got $(cat "$csv")"
# Look the columns up by name so that new columns do not break the test.
col() { head -1 "$csv" | tr , '\n' | grep -nx "$1" | cut -d: -f1; }
for name in time_to_target_s_median updates_to_target_median wire_bytes_median \
    final_metric_median staleness_mean_median; do
    c=$(col "$name")
    [ -n "$c" ] || fail "summary.csv lacks $name"
    for row in 2 3; do
        v=$(sed -n "${row}p" "$csv" | cut -d, -f"$c")
        awk -v v="$v" 'BEGIN { exit !(v != "" && v + 0 >= 0) }' ||
            fail "row $row: $name is \"$v\""
    done
done
for row in 2 3; do
    line=$(sed -n "${row}p" "$csv")
    case $line in
    p1-lr=0.1,0.1,1,0,0,1,* | p2-lr=0.3,0.3,1,0,0,1,*) ;;
    *) fail "row $row: $line" ;;
    esac
    u=$(echo "$line" | cut -d, -f"$(col updates_to_target_median)")
    [ "$u" -gt 0 ] 2>/dev/null || fail "row $row: updates to target \"$u\""
done
grep -q "^# Sweep of \`two.ini\`" "$out/summary.md" || fail "summary.md title"
! grep -q "$WORK" "$out/summary.md" || fail "summary.md names paths of this machine"
grep -q '^| lr | runs | failed | diverged | reached | time to target (s) |' \
    "$out/summary.md" || fail "summary.md header: $(grep '^| lr' "$out/summary.md")"
[ "$(grep -c '^| 0\.[0-9]* | 1 | 0 | 0 | 1 | [0-9]*\.[0-9][0-9][0-9] |' "$out/summary.md")" = 2 ] ||
    fail "summary.md rows: $(cat "$out/summary.md")"
[ "$(grep -c '"status": 0, "stopped_at_target": true' "$out/sweep.json")" = 2 ] ||
    fail "both runs should have been stopped at the target: $(cat "$out/sweep.json")"
# Stopped at the target, not after 100000 iterations: the last evaluation
# is within a few hundred updates of the first one that met it.
for d in "$out"/runs/*/; do
    awk -F, 'NR > 1 && $4 <= 1e-2 && !first { first = $2 } END {
        exit !(first > 0 && $2 < first + 20000) }' "$d/eval.csv" ||
        fail "$d ran on past its target: $(tail -2 "$d/eval.csv")"
done
grep -q 'lr = 0.1, 0.3' "$out/sweep.json" || fail "sweep.json lacks the experiment file"
# Updates to target: the first evaluation whose median with the two before
# it (fewer at the start) is at or below 1e-2.
for p in p1-lr=0.1 p2-lr=0.3; do
    want=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { v[++n] = $c["rel_err"]; u = $c["updates"]
          k = n < 3 ? n : 3; m = 0
          for (i = n - k + 1; i <= n; i++) w[++m] = v[i]
          for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++)
              if (w[j] < w[i]) { t = w[i]; w[i] = w[j]; w[j] = t }
          med = m % 2 ? w[(m + 1) / 2] : (w[m / 2] + w[m / 2 + 1]) / 2
          if (med <= 1e-2) { print u; exit } }' "$out/runs/$p-seed1/eval.csv")
    got=$(grep "^$p," "$csv" | cut -d, -f"$(col updates_to_target_median)")
    [ -n "$want" ] && [ "$got" = "$want" ] ||
        fail "$p: updates to target $got, the moving median of 3 says $want"
done
grep -q 'met when the median of the last 3 evaluations meets it' "$out/summary.md" ||
    fail "summary.md does not state the smoothing"
# --summarise makes the same tables again from the runs on disk.
mv "$out/summary.csv" "$WORK/summary.first.csv"
rm "$out/summary.md" "$out"/*.png
"$SWEEP" --summarise --repeats 1 --out "$out" "$WORK/two.ini" > "$WORK/again.out" 2>&1 ||
    { cat "$WORK/again.out"; fail "--summarise failed"; }
cmp -s "$out/summary.csv" "$WORK/summary.first.csv" ||
    fail "--summarise changed summary.csv: $(diff "$WORK/summary.first.csv" "$out/summary.csv")"
[ -s "$out/summary.md" ] && [ -s "$out/metric_vs_time.png" ] || fail "--summarise wrote no summary.md or plots"

# The records: a row per run with every statistic, each curve thinned to at
# most 100 evaluations keeping the first and the last, the metric at 100
# updates interpolated on the evaluations, and where it ran in sweep.json.
for f in runs.csv curves.csv staleness.csv; do
    [ -s "$out/records/$f" ] || fail "no records/$f"
done
python3 - "$out" <<'PY' || fail "records or sweep.json's provenance"
import csv, json, sys
out = sys.argv[1]
runs = list(csv.DictReader(open(out + "/records/runs.csv")))
assert sorted(r["label"] for r in runs) == ["p1-lr=0.1", "p2-lr=0.3"], runs
curves = list(csv.DictReader(open(out + "/records/curves.csv")))
for r in runs:
    c = [x for x in curves if x["run"] == r["label"].split("-")[0]]
    ev = list(csv.DictReader(open("%s/runs/%s-seed1/eval.csv" % (out, r["label"]))))
    assert 2 <= len(c) <= min(100, len(ev)), (len(c), len(ev))
    assert (c[0]["updates"], c[-1]["updates"]) == (ev[0]["updates"], ev[-1]["updates"])
    u = [float(e["updates"]) for e in ev]
    m = [float(e["rel_err"]) for e in ev]
    j = next(i for i in range(len(u)) if u[i] >= 100)
    if u[j] == 100:
        want = m[j]
    elif j == 0:
        want = None
    else:
        want = m[j - 1] + (100 - u[j - 1]) / (u[j] - u[j - 1]) * (m[j] - m[j - 1])
    got = r["at_100_updates"]
    assert (got == "" if want is None else abs(float(got) - want) <= 1e-9 * want), (got, want)
    t = [float(e["time_s"]) for e in ev]
    k = next((i for i in range(len(t)) if t[i] >= 0.1), None)
    got = r["at_0.1_s"]
    if k is None or (k == 0 and t[0] > 0.1):
        assert got == "", got
    else:
        want = m[k] if t[k] == 0.1 else m[k - 1] + (0.1 - t[k - 1]) / (t[k] - t[k - 1]) * (m[k] - m[k - 1])
        assert abs(float(got) - want) <= 1e-9 * want, (got, want)
doc = json.load(open(out + "/sweep.json"))
p = doc["provenance"]
for k in ("commit", "describe", "configure_flags", "host", "cores",
          "loadavg_before", "loadavg_after", "date_start", "date_end"):
    assert k in p, k
assert p["cores"] >= 1 and len(p["loadavg_after"]) == 3, p
assert p["date_start"].endswith("Z") and p["date_end"] >= p["date_start"], p
assert all(r["wall_s"] > 0 for r in doc["runs"]), doc["runs"]
PY
grep -q '^label,lr,runs,.*,at_100_updates_median,.*,at_0.1_s_q3$' "$out/summary.csv" ||
    fail "summary.csv lacks the metric at 100 updates and 0.1 s"

# A fresh clone has the records, not runs/: --summarise (the experiment
# from sweep.json) makes the same summary, records and plots from them.
cp "$out/summary.csv" "$WORK/first.csv"
cp "$out/summary.md" "$WORK/first.md"
cp -r "$out/records" "$WORK/first.records"
mv "$out/runs" "$WORK/runs.aside"
rm "$out"/*.png
# As if on another machine: the runs' recorded command lines must stay.
sed -i 's|"argv": \["[^"]*/taups-launch"|"argv": ["/elsewhere/taups-launch"|' "$out/sweep.json"
"$SWEEP" --summarise --out "$out" > "$WORK/rec.out" 2>&1 ||
    { cat "$WORK/rec.out"; fail "--summarise from the records failed"; }
[ "$(grep -c '"argv": \["/elsewhere/taups-launch"' "$out/sweep.json")" = 2 ] ||
    fail "--summarise rewrote the runs' command lines: $(grep argv "$out/sweep.json")"
grep -q 'summarising 0 runs from .* and 2 from ' "$WORK/rec.out" ||
    fail "not from the records: $(cat "$WORK/rec.out")"
cmp -s "$out/summary.csv" "$WORK/first.csv" ||
    fail "summary.csv from the records: $(diff "$WORK/first.csv" "$out/summary.csv")"
cmp -s "$out/summary.md" "$WORK/first.md" || fail "summary.md from the records differs"
diff -r "$WORK/first.records" "$out/records" || fail "the records changed"
[ -s "$out/metric_vs_updates.png" ] || fail "no plots from the records"

# Nothing to summarise from: refused, and the files are left as they are.
mkdir "$WORK/bare"
cp "$out/sweep.json" "$WORK/bare/"
echo kept > "$WORK/bare/summary.csv"
st=0
"$SWEEP" --summarise --out "$WORK/bare" > /dev/null 2> "$WORK/bare.err" || st=$?
[ $st = 2 ] && grep -q 'holds neither the runs (runs/) nor their records' "$WORK/bare.err" &&
    [ "$(cat "$WORK/bare/summary.csv")" = kept ] ||
    fail "summarising nothing: status $st, $(cat "$WORK/bare.err")"

# A plot whose data cannot be drawn (rel_err 0 on a log axis) is not left
# behind as an empty file.
cp -r "$out" "$WORK/zero"
awk -F, -v OFS=, 'NR > 1 { $5 = 0 } 1' "$out/records/curves.csv" > "$WORK/zero/records/curves.csv"
rm "$WORK/zero"/*.png "$WORK/zero"/*.svg
"$SWEEP" --summarise --out "$WORK/zero" > "$WORK/zero.out" 2>&1 ||
    { cat "$WORK/zero.out"; fail "--summarise with undrawable curves failed"; }
grep -q 'gnuplot drew nothing into .*metric_vs_updates.png' "$WORK/zero.out" ||
    fail "no word of the empty plots: $(cat "$WORK/zero.out")"
[ ! -e "$WORK/zero/metric_vs_updates.png" ] && [ -z "$(find "$WORK/zero" -size 0 -name '*.png')" ] ||
    fail "empty plots kept: $(ls -l "$WORK/zero")"

# [tune]: lr 5 diverges on its tuning seed, 0.2 reaches the target, so the
# four reported seeds run at 0.2; quartiles as Python's statistics module
# computes them (method "inclusive", the same interpolation).
cat > "$WORK/tune.ini" <<'INI'
[run]
model = lsq
shards = 1
workers = 2
iterations = 20000
cond = 10
batch = 32
eval-every = 50
timeout = 60
repeats = 4
[tune]
lr = 5, 0.2
repeats = 1
[target]
metric = rel_err
value = 1e-2
stop = yes
diverge = 1e3
INI
"$SWEEP" --out "$WORK/tune" "$WORK/tune.ini" > "$WORK/tune.out" 2>&1 ||
    { cat "$WORK/tune.out"; fail "tuned sweep failed"; }
grep -q 'tuned lr = 0.2 (1 of 1 tuning runs reached the target)' "$WORK/tune.out" ||
    fail "tuning did not choose 0.2: $(cat "$WORK/tune.out")"
[ -d "$WORK/tune/runs/p1-base-tune-lr=5-seed1001" ] || fail "no tuning run for lr 5"
grep -q '^p1-base,5,1,0,1,0,,,0$' "$WORK/tune/tune.csv" &&
    grep -q '^p1-base,0.2,1,0,0,1,[0-9.e+-]*,[0-9.e+-]*,1$' "$WORK/tune/tune.csv" ||
    fail "tune.csv: $(cat "$WORK/tune/tune.csv")"
grep -q '| p1-base | \*\*0.2\*\* | 1 | 0 | 0 | 1 |' "$WORK/tune/tune.md" ||
    fail "tune.md: $(cat "$WORK/tune/tune.md")"
# The tuning runs' records make tune.md again; without them, tune.md and
# tune.csv are left as they are, with a sentence, not rewritten from nothing.
t=$WORK/tune
cp "$t/tune.md" "$WORK/tune.first.md"
cp "$t/tune.csv" "$WORK/tune.first.csv"
mv "$t/runs" "$WORK/tune.runs"
"$SWEEP" --summarise --out "$t" > "$WORK/tune.again" 2>&1 ||
    { cat "$WORK/tune.again"; fail "--summarise of the tuned sweep failed"; }
cmp -s "$t/tune.md" "$WORK/tune.first.md" && cmp -s "$t/tune.csv" "$WORK/tune.first.csv" ||
    fail "tune files from the records: $(diff "$WORK/tune.first.csv" "$t/tune.csv")"
awk -F, 'NR == 1 || $2 == ""' "$t/records/runs.csv" > "$WORK/reported.csv"
mv "$WORK/reported.csv" "$t/records/runs.csv"
echo "(kept)" >> "$t/tune.md"
cp "$t/tune.md" "$WORK/tune.kept.md"
"$SWEEP" --summarise --out "$t" > "$WORK/tune.kept" 2>&1 ||
    { cat "$WORK/tune.kept"; fail "--summarise without tuning records failed"; }
grep -q 'tune.md and tune.csv are left as they are: their tuning runs are in neither' \
    "$WORK/tune.kept" || fail "no word of the kept tuning: $(cat "$WORK/tune.kept")"
cmp -s "$t/tune.md" "$WORK/tune.kept.md" && cmp -s "$t/tune.csv" "$WORK/tune.first.csv" ||
    fail "tuning it could not recompute was rewritten: $(cat "$t/tune.md")"
mv "$WORK/tune.runs" "$t/runs"
[ "$(grep -c '"seed": [1-4], .*"--lr", "0.2"' "$WORK/tune/sweep.json")" = 4 ] ||
    fail "reported runs not at lr 0.2: $(grep '"seed"' "$WORK/tune/sweep.json")"
python3 - "$WORK/tune" <<'PY' || fail "quartiles disagree with Python's"
import csv, statistics, sys
out = sys.argv[1]
row = list(csv.DictReader(open(out + "/summary.csv")))[0]
assert row["tuned_lr"] == "0.2" and row["runs"] == "4", row
finals = []
for seed in range(1, 5):
    ev = list(csv.DictReader(open("%s/runs/p1-base-seed%d/eval.csv" % (out, seed))))
    finals.append(float(ev[-1]["rel_err"]))
q1, med, q3 = statistics.quantiles(finals, n=4, method="inclusive")
for name, want in (("q1", q1), ("median", med), ("q3", q3)):
    got = float(row["final_metric_" + name])
    assert abs(got - want) <= 1e-5 * abs(want), (name, got, want)
PY

# [tune] multipliers: each configuration tries K times its own lr, and the
# runs get the product. At lr 0.2, x25 (5) diverges and x1 is chosen; at
# 0.004, x25 (0.1) reaches the target in fewer updates than x1.
sed -e 's/^repeats = 4$/repeats = 1/' -e 's/^lr = 5, 0.2$/lr = x1, x25/' \
    -e 's/^\[tune\]$/[sweep]\nlr = 0.2, 0.004\n[tune]/' \
    -e 's/^\[target\]$/[target]\nfinal = smoothed/' "$WORK/tune.ini" > "$WORK/mult.ini"
"$SWEEP" --out "$WORK/mult" "$WORK/mult.ini" > "$WORK/mult.out" 2>&1 ||
    { cat "$WORK/mult.out"; fail "sweep with tuned multipliers failed"; }
grep -q 'p1-lr=0.2: tuned lr = 0.2 (x1) ' "$WORK/mult.out" &&
    grep -q 'p2-lr=0.004: tuned lr = 0.1 (x25) ' "$WORK/mult.out" ||
    fail "multipliers: $(cat "$WORK/mult.out")"
grep -q '"--lr", "5", "--seed", "1001"' "$WORK/mult/sweep.json" &&
    grep -q '"--lr", "0.1", "--seed", "1",' "$WORK/mult/sweep.json" &&
    ! grep -q '"--lr", "0.004", .*"--lr"' "$WORK/mult/sweep.json" ||
    fail "multiplied lr not in the runs' arguments: $(grep '"seed"' "$WORK/mult/sweep.json")"
grep -q '^p2-lr=0.004,0.004,0.1,1,' "$WORK/mult/summary.csv" ||
    fail "summary.csv: $(cat "$WORK/mult/summary.csv")"
grep -q '| p2-lr=0.004 | \*\*0.1 (x25)\*\* |' "$WORK/mult/tune.md" ||
    fail "tune.md: $(cat "$WORK/mult/tune.md")"
# final = smoothed: the final metric is the median of the last 3 rows.
python3 - "$WORK/mult" <<'PY' || fail "final = smoothed"
import csv, statistics, sys
out = sys.argv[1]
for row in csv.DictReader(open(out + "/summary.csv")):
    ev = list(csv.DictReader(open("%s/runs/%s-seed1/eval.csv" % (out, row["label"]))))
    want = statistics.median(float(r["rel_err"]) for r in ev[-3:])
    got = float(row["final_metric_median"])
    assert abs(got - want) <= 1e-5 * want, (row["label"], got, want)
PY
grep -q 'The final rel_err is the median of the last 3 evaluations' "$WORK/mult/summary.md" ||
    fail "summary.md does not state final = smoothed"
sed 's/^lr = x1, x25$/lr = x1, 0.1/' "$WORK/mult.ini" > "$WORK/mixed.ini"
"$SWEEP" --out "$WORK/mixed" "$WORK/mixed.ini" > "$WORK/mixed.out" 2>&1 &&
    fail "a [tune] mixing multipliers and values was accepted"
grep -q 'mixes multipliers (xK) and values' "$WORK/mixed.out" ||
    fail "mixed [tune]: $(cat "$WORK/mixed.out")"

# A run that fails is recorded and the sweep goes on, exiting 1.
cat > "$WORK/bad.ini" <<'INI'
[run]
model = lsq
shards = 1
workers = 1
iterations = 50
[sweep]
no-such-option = 1, 2
INI
st=0
"$SWEEP" --repeats 1 --out "$WORK/bad" "$WORK/bad.ini" > "$WORK/bad.out" 2>&1 || st=$?
[ $st = 1 ] || { cat "$WORK/bad.out"; fail "failed runs: exit status $st, want 1"; }
[ "$(grep -c FAILED "$WORK/bad.out")" = 2 ] || fail "both failing runs should run: $(cat "$WORK/bad.out")"
grep -q '^p2-no-such-option=2,2,1,1,0,0,' "$WORK/bad/summary.csv" ||
    fail "failed run not in summary: $(cat "$WORK/bad/summary.csv")"

# A learning rate far past stability: the workers stop on a non-finite loss
# (or the sweep stops the run past `diverge`); it is a result, not a failure.
cat > "$WORK/div.ini" <<'INI'
[run]
model = lsq
shards = 1
workers = 2
iterations = 20000
eval-every = 50
timeout = 60
[sweep]
lr = 0.2, 5
[target]
metric = rel_err
value = 1e-2
stop = yes
diverge = 1e3
INI
st=0
"$SWEEP" --repeats 1 --out "$WORK/div" "$WORK/div.ini" > "$WORK/div.out" 2>&1 || st=$?
[ $st = 0 ] || { cat "$WORK/div.out"; fail "diverging sweep: exit status $st, want 0"; }
grep -q '^p1-lr=0.2,0.2,1,0,0,1,' "$WORK/div/summary.csv" &&
    grep -q '^p2-lr=5,5,1,0,1,0,' "$WORK/div/summary.csv" ||
    fail "divergence not counted: $(cat "$WORK/div/summary.csv")"

# Linked keys: two points, each value paired with its partner.
cat > "$WORK/link.ini" <<'INI'
[run]
model = lsq
[sweep]
server.staleness | lr = 0 | 0.2, 5 | 0.0333
workers = 2, 4
INI
"$SWEEP" --repeats 1 --dry-run --out "$WORK/link" "$WORK/link.ini" > "$WORK/link.out" ||
    fail "linked dry run failed"
[ "$(wc -l < "$WORK/link.out")" = 4 ] || fail "linked grid: $(cat "$WORK/link.out")"
[ "$(grep -c -- '--staleness --server-arg=5 --lr 0.0333 ' "$WORK/link.out")" = 2 ] ||
    fail "linked values not paired: $(cat "$WORK/link.out")"
printf '[run]\nmodel = lsq\n[sweep]\na | b = 1 | 2, 3\n' > "$WORK/badlink.ini"
st=0
"$SWEEP" --dry-run "$WORK/badlink.ini" 2> "$WORK/badlink.err" || st=$?
[ $st = 2 ] && grep -q 'has 1 field(s) for 2 linked key(s)' "$WORK/badlink.err" ||
    fail "mismatched linked values: status $st, $(cat "$WORK/badlink.err")"
# experiments/run.sh writes a new directory beside a committed one, and
# leaves the committed one as git has it.
if command -v git > /dev/null; then
    repo=$WORK/repo
    mkdir -p "$repo/experiments/results/tiny"
    cp "$SRC/experiments/run.sh" "$repo/experiments/"
    printf '[run]\nmodel = lsq\nworkers = 1\niterations = 200\ntimeout = 60\nrepeats = 1\n' \
        > "$repo/experiments/tiny.ini"
    echo committed > "$repo/experiments/results/tiny/summary.md"
    git -C "$repo" init -q
    git -C "$repo" add .
    git -C "$repo" -c user.name=t -c user.email=t@t.invalid commit -qm results
    TAUPS_BUILD=$B "$repo/experiments/run.sh" tiny > "$WORK/runsh.out" 2>&1 ||
        { cat "$WORK/runsh.out"; fail "run.sh failed"; }
    [ -z "$(git -C "$repo" status --porcelain --untracked-files=no)" ] &&
        [ "$(cat "$repo/experiments/results/tiny/summary.md")" = committed ] ||
        fail "run.sh changed committed results: $(git -C "$repo" status --short)"
    new=$(ls -d "$repo"/experiments/results/tiny-2*)
    [ -s "$new/summary.csv" ] && [ -s "$new/records/runs.csv" ] ||
        fail "run.sh: no new results directory: $(ls "$repo/experiments/results")"
    # Runs are named from the top of the tree, as in any clone of it.
    grep -q "\"dir\": \"experiments/results/${new##*/}/runs/" "$new/sweep.json" ||
        fail "run.sh: sweep.json names its runs by this tree's path: $(grep -o '"dir": "[^"]*"' "$new/sweep.json" | head -1)"
fi
echo "e2e_sweep: 1 passed, 0 failed"
