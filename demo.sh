#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs what taups needs, builds it in build/, and trains Fashion-MNIST
# softmax regression on a local cluster of 2 shards and 4 workers with an
# evaluator, showing live progress; the run directory gets the logs,
# run.json and the plots loss.png and accuracy.png. Extra arguments go to
# taups-launch (see build/tools/taups-launch --help).
set -eu
cd "$(dirname "$0")"
./build.sh
exec build/tools/taups-launch --model softmax --shards 2 --workers 4 \
    --batch 64 --lr 0.05 --eval-every 1000 \
    --seconds 30 --out "runs/demo-$(date +%Y%m%d-%H%M%S)" "$@"
