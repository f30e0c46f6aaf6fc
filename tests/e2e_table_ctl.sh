#!/bin/bash
# SPDX-License-Identifier: MIT
# taups-ctl and a table on 2 real shards (docs/design.md §2b): tests/rows-fill
# pushes 21 rows to each in raw frames and writes what they must hold,
# computed by hand. stats names the table with its rows, balance and hottest
# ids; --json carries the same counters; dump TABLE DIR writes ids.npy,
# values.npy and versions.npy that numpy reads back equal to what was pushed,
# in each shard's creation order; /metrics has the table's gauges and
# counters; --trace has one push_rows row per frame.
. "$(dirname "$0")/lib.sh"

FILL=$B/tests/rows-fill
for bin in "$CTL" "$FILL"; do
    [ -x "$bin" ] || { echo "missing $bin: build first" >&2; exit 99; }
done
command -v curl > /dev/null || { echo "curl missing" >&2; exit 99; }
PY=${TAUPS_PYTHON:-python3}
"$PY" -c "import numpy" 2> /dev/null || { echo "numpy missing for $PY" >&2; exit 99; }

start_servers 2 1 --lr 0.5 --metrics 127.0.0.1:0 --trace "$WORK/trace-{i}.csv"
port() { echo "$CLUSTER" | tr , '\n' | sed -n "$(($1 + 1))p" | cut -d: -f2; }
"$FILL" "$(port 0)" "$(port 1)" "$WORK/want.txt" > "$WORK/fill.out" 2>&1 \
    || fail "rows-fill: $(cat "$WORK/fill.out")"
hot0=$(grep '^hot ' "$WORK/fill.out" | sed -n 1p | cut -d' ' -f2)
hot1=$(grep '^hot ' "$WORK/fill.out" | sed -n 2p | cut -d' ' -f2)
[ -n "$hot0" ] && [ -n "$hot1" ] || fail "rows-fill said no hot ids: $(cat "$WORK/fill.out")"

ctl() { "$CTL" --cluster "$CLUSTER" --connect-timeout 2000 "$@"; }

# stats: 21 rows on each shard, 42 in all, as even as can be; 31 rows
# pushed and applied per shard (12 + 9 + 5 + 5) plus the hot id's pushes.
ctl stats > "$WORK/stats.txt" 2>&1 || fail "stats: $(cat "$WORK/stats.txt")"
[ "$(grep -c '^  table      emb: dim 4, 21 rows, ' "$WORK/stats.txt")" = 2 ] \
    || fail "stats per shard: $(cat "$WORK/stats.txt")"
grep -q '^table emb: dim 4, 42 rows on 2 shards (most 21, mean 21.0: max/mean 1.00), ' \
    "$WORK/stats.txt" || fail "stats table line: $(grep -A2 '^table' "$WORK/stats.txt")"
grep -q '^  rows       77 pushed, 0 pulled; pushes not applied: 0 stale, 0 not admitted, 0 memory full$' \
    "$WORK/stats.txt" || fail "stats rows line: $(grep -A2 '^table' "$WORK/stats.txt")"
grep -q "^  hottest    id:pushes $hot0:12 $hot1:7 " "$WORK/stats.txt" \
    || fail "stats hottest ($hot0, $hot1): $(grep hottest "$WORK/stats.txt")"

# --json: the shards' own counters, the same numbers.
ctl stats --json > "$WORK/stats.json" || fail "stats --json"
"$PY" - "$WORK/stats.json" <<'PY' || fail "stats --json tables"
import json, sys
shards = json.load(open(sys.argv[1]))
for s, sh in enumerate(shards):
    t = [t for t in sh["tensors"] if t["name"] == "emb"]
    assert len(t) == 1 and t[0]["kind"] == "table", t
    t = t[0]
    assert t["dim"] == 4 and t["rows"] == 21, t
    assert t["row_pushes"] == 31 + (10 if s == 0 else 5), t
PY

# dump: every row, shard 0's in creation order then shard 1's, equal to
# what rows-fill computed; a second dump over the first one is the same.
ctl dump emb "$WORK/emb" 2> "$WORK/dump.err" || fail "dump: $(cat "$WORK/dump.err")"
grep -q 'wrote table "emb" (42 rows of 4 float32) .* rows by shard: 0:21 1:21$' \
    "$WORK/dump.err" || fail "dump message: $(cat "$WORK/dump.err")"
ctl dump emb "$WORK/emb" 2> "$WORK/dump.err" || fail "second dump: $(cat "$WORK/dump.err")"
"$PY" - "$WORK/emb" "$WORK/want.txt" <<'PY' || fail "dump files differ from the pushes"
import sys
import numpy as np
d, want = sys.argv[1], np.loadtxt(sys.argv[2], dtype=np.float64, ndmin=2)
ids = np.load(d + "/ids.npy")
vals = np.load(d + "/values.npy")
vers = np.load(d + "/versions.npy")
assert ids.dtype == np.uint64 and ids.shape == (42,), (ids.dtype, ids.shape)
assert vers.dtype == np.uint64 and vers.shape == (42,), (vers.dtype, vers.shape)
assert vals.dtype == np.float32 and vals.shape == (42, 4), (vals.dtype, vals.shape)
wids = np.loadtxt(sys.argv[2], dtype=np.uint64, usecols=(0, 1), ndmin=2)
assert (ids == wids[:, 0]).all(), (ids, wids[:, 0])
assert (vers == wids[:, 1]).all(), (vers, wids[:, 1])
err = np.abs(vals - want[:, 2:]).max()
assert err <= 1e-6, err
PY
# A dense name still dumps as one .npy file; a name that is neither fails.
set +e
out=$(ctl dump nosuch "$WORK/x.npy" 2>&1); rc=$?
set -e
[ $rc = 1 ] || fail "dump of an unknown name: exit $rc ($out)"

# /metrics: the table's gauges and counters, labelled by shard and table.
for s in 0 1; do
    url=$(grep -o "metrics on http://[^ ]*" "$WORK/server-$s.log" | cut -d' ' -f3)
    curl -sf "$url" > "$WORK/m$s.prom" || fail "GET $url"
    pushes=$((31 + (s == 0 ? 10 : 5)))
    for want in "taups_table_rows{shard=\"$s\",table=\"emb\"} 21" \
        "taups_table_row_pushes_total{shard=\"$s\",table=\"emb\"} $pushes" \
        "taups_table_rows_stale_total{shard=\"$s\",table=\"emb\"} 0" \
        "taups_table_rows_not_admitted_total{shard=\"$s\",table=\"emb\"} 0" \
        "taups_table_rows_full_total{shard=\"$s\",table=\"emb\"} 0" \
        "# TYPE taups_table_bytes gauge" \
        "# TYPE taups_table_row_pulls_total counter"; do
        grep -qxF "$want" "$WORK/m$s.prom" || fail "shard $s /metrics lacks: $want"
    done
    if command -v promtool > /dev/null; then
        promtool check metrics < "$WORK/m$s.prom" || fail "promtool on shard $s"
    fi
done

stop_servers
# --trace: a push_rows row per frame (4 + the hot pushes), each with its
# rows applied in the version column and its frame's rows in read.
[ "$(grep -c ',push_rows,' "$WORK/trace-0.csv")" = 14 ] \
    || fail "trace of shard 0: $(grep push_rows "$WORK/trace-0.csv")"
grep -q '^[0-9.]*,push_rows,0,0,[0-9]*,12,0,0,[-0-9]*,0.000,12$' "$WORK/trace-0.csv" \
    || fail "trace row of the first frame: $(grep push_rows "$WORK/trace-0.csv" | head -1)"
echo "ok: table stats, dump, metrics and trace"
