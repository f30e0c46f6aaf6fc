#!/bin/bash
# SPDX-License-Identifier: MIT
# Builds tools/peers/pslite_bench.cc against a ps-lite source tree and runs
# it: a scheduler, one server and one worker on loopback, JSON lines on
# stdout for the sizes given (bytes).
#   PSLITE_SRC=/path/to/ps-lite tools/peers/pslite.sh 64 1048576 16777216
# Needs Debian's libzmq3-dev, libprotobuf-dev, protobuf-compiler and g++
# (ps-lite's own Makefile downloads zeromq and protobuf, which this does
# not). SECS: seconds per measurement (1). With tools/bench-speed.sh:
#   PSLITE_RUN="env PSLITE_SRC=... /path/to/tools/peers/pslite.sh" \
#       tools/bench-speed.sh
set -eu
SRC=${PSLITE_SRC:?set PSLITE_SRC to a ps-lite checkout}
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${PSLITE_BUILD:-${TMPDIR:-/tmp}/taups-pslite-build}
BIN=$OUT/pslite_bench
if [ ! -x "$BIN" ] || [ "$HERE/pslite_bench.cc" -nt "$BIN" ]; then
    mkdir -p "$OUT"
    protoc --cpp_out="$OUT" -I"$SRC/src" "$SRC/src/meta.proto"
    for f in "$SRC"/src/*.cc "$OUT/meta.pb.cc" "$HERE/pslite_bench.cc"; do
        g++ -O2 -std=c++14 -I"$SRC/include" -I"$SRC/src" -I"$OUT" -DDMLC_USE_ZMQ \
            -c "$f" -o "$OUT/$(basename "$f" .cc).o"
    done
    g++ -o "$BIN" "$OUT"/*.o -lzmq -lprotobuf -lpthread
fi
P=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export DMLC_NUM_SERVER=1 DMLC_NUM_WORKER=1 DMLC_PS_ROOT_URI=127.0.0.1 \
    DMLC_PS_ROOT_PORT=$P DMLC_INTERFACE=lo
DMLC_ROLE=scheduler timeout 300 "$BIN" "$@" > /dev/null 2>&1 &
DMLC_ROLE=server timeout 300 "$BIN" "$@" > /dev/null 2>&1 &
DMLC_ROLE=worker timeout 300 "$BIN" "$@" 2> "$OUT/worker.err"
wait
