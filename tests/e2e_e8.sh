#!/bin/bash
# SPDX-License-Identifier: MIT
# End to end, what experiment E8 relies on: sparse-logreg with --read-lag
# on one worker and one shard traced with --trace-rows. Every batch is
# pushed L steps late with the versions its rows were pulled at, so a row
# pushed in frame f is exactly as stale as the frames f-L .. f-1 that
# held it (counted here from the trace's own row lines), the bias is
# as stale as the pushes in between (min(k, L) for push k), and the first
# L steps push nothing.
. "$(dirname "$0")/lib.sh"

L=5
ITERS=150
start_servers 1 1 --mode async --lr 0.5 --trace "$WORK/trace.csv" --trace-rows
"$WORKER" --cluster "$CLUSTER" --workers 1 --rank 0 --model sparse-logreg \
    --data synth-ctr:rows=2000,features=500,nnz=8,zipf=1.1 --batch 16 \
    --iterations $ITERS --read-lag $L --log "$WORK/worker.csv" \
    2> "$WORK/worker.log" || fail "sparse read lag: $(cat "$WORK/worker.log")"
stop_servers
# Frames in order; a frame's row lines come before its push_rows line.
awk -F, -v L=$L '
    BEGIN { n = 0 }
    $2 == "row" { id[n] = id[n] " " $11; st[$11] = $7; rows++; next }
    $2 == "push_rows" {
        split(id[n], ids, " ")
        for (k in ids) {
            want = 0
            for (g = (n > L ? n - L : 0); g < n; g++)
                if (index(id[g] " ", " " ids[k] " ")) want++
            if (st[ids[k]] != want) { bad++; if (bad < 4) printf "# frame %d id %s: staleness %d, want %d\n", n, ids[k], st[ids[k]], want }
            if (want == L) full++
        }
        n++; next }
    $2 == "push" { if ($7 != (b < L ? b : L)) badb++; b++ }
    END { printf "# read lag %d: %d frames, %d rows, %d at staleness %d, %d wrong, bias wrong %d\n", L, n, rows, full, L, bad, badb
          exit !(n == '$((ITERS - L))' && rows > n && full > 0 && bad == 0 && badb == 0) }' \
    "$WORK/trace.csv" || fail "sparse read lag: row staleness is not the frames in between"
