#!/bin/sh
# SPDX-License-Identifier: MIT
# E6's table: measured bytes and time per iteration against the
# parameter-server traffic model, from results/e6-shards (summary.csv, the
# workers' CSVs and the shards' exit lines), averaged over the seeds.
# Prints Markdown.
#   model per worker iteration: 2*d*4 bytes (a full pull and a full push)
#   model per shard, whole run: 2*N*I*d*4/S bytes (I iterations per worker)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
res=${1:-$here/results/e6-shards}
d=203530 # MLP, 256 hidden units: 784*256 + 256 + 256*10 + 10
iters=100
echo '| shards S | workers N | ms per iteration | bytes per worker-iteration | model 2*d*4 | measured/model | MB through each shard | model 2*N*I*d*4/S, MB |'
echo '|---|---|---|---|---|---|---|---|'
# Columns are found by name so that new summary columns do not break this.
col() { head -1 "$res/summary.csv" | tr , '\n' | grep -nx "$1" | cut -d: -f1; }
cl=$(col label) cs=$(col shards) cw=$(col workers)
{
    tail -n +2 "$res/summary.csv" | while IFS= read -r row; do
        label=$(echo "$row" | cut -d, -f"$cl")
        s=$(echo "$row" | cut -d, -f"$cs")
        n=$(echo "$row" | cut -d, -f"$cw")
        # Time per iteration: from each worker's first to its last row (its
        # start-up, loading the data, is not an iteration); bytes: the
        # workers' last counters; shard traffic: "X MB in, Y MB out".
        cat "$res"/runs/"$label"-seed*/worker-*.csv | awk -F, -v s="$s" -v n="$n" \
            -v d=$d -v it=$iters -v logs="$(cat "$res"/runs/"$label"-seed*/server-*.log | grep 'stopping:' | sed 's/.* \([0-9.]*\) MB in, \([0-9.]*\) MB out.*/\1 \2/' | awk '{ t += $1 + $2; k++ } END { printf "%.3f", k ? t / k : 0 }')" '
            $1 == "time_s" { if (rows > 1) { per += (last - first) / (rows - 1); nw++; bytes += lb }
                             rows = 0; next }
            { if (rows == 0) first = $1; last = $1; lb = $5 + $6; rows++ }
            END {
                if (rows > 1) { per += (last - first) / (rows - 1); nw++; bytes += lb }
                bpi = bytes / nw / it
                printf "| %d | %d | %.1f | %.0f | %.0f | %.4f | %.1f | %.1f |\n", s, n,
                    1000 * per / nw, bpi, 2 * d * 4, bpi / (2 * d * 4), logs,
                    2 * n * it * d * 4 / s / 1e6
            }'
    done
}
