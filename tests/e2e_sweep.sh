#!/bin/bash
# SPDX-License-Identifier: MIT
# taups-sweep end to end: a two-point grid (lr 0.1 and 0.3) of short lsq runs,
# one seed each, must leave summary.csv with one row per configuration and
# both reaching the target, summary.md, sweep.json, and every plot in PNG
# and SVG. With stop = yes each run ends once the evaluator reports the
# target; a run that blows up counts as diverged, not failed; linked keys
# move together instead of multiplying the grid.
. "$(dirname "$0")/lib.sh"

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
"$SWEEP" --out "$WORK/bad" "$WORK/bad.ini" > "$WORK/bad.out" 2>&1 || st=$?
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
"$SWEEP" --out "$WORK/div" "$WORK/div.ini" > "$WORK/div.out" 2>&1 || st=$?
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
"$SWEEP" --dry-run --out "$WORK/link" "$WORK/link.ini" > "$WORK/link.out" ||
    fail "linked dry run failed"
[ "$(wc -l < "$WORK/link.out")" = 4 ] || fail "linked grid: $(cat "$WORK/link.out")"
[ "$(grep -c -- '--staleness --server-arg=5 --lr 0.0333 ' "$WORK/link.out")" = 2 ] ||
    fail "linked values not paired: $(cat "$WORK/link.out")"
printf '[run]\nmodel = lsq\n[sweep]\na | b = 1 | 2, 3\n' > "$WORK/badlink.ini"
st=0
"$SWEEP" --dry-run "$WORK/badlink.ini" 2> "$WORK/badlink.err" || st=$?
[ $st = 2 ] && grep -q 'has 1 field(s) for 2 linked key(s)' "$WORK/badlink.err" ||
    fail "mismatched linked values: status $st, $(cat "$WORK/badlink.err")"
echo "e2e_sweep: 1 passed, 0 failed"
