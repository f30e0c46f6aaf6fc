#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs what taups needs, builds it with warnings as errors in build/,
# and runs the whole test suite (unit, loopback and end-to-end tests).
set -eu
cd "$(dirname "$0")"
./setup.sh --tests
# shellcheck disable=SC2086
./build.sh --enable-werror ${CONFIGURE_FLAGS:-}
cd build
if ! make -j"$(nproc)" check; then
    # Show what failed, not only that something did.
    for f in $(find . -name '*.log' -path './tests/*'); do
        if grep -qE '^(not ok|FAIL|ERROR)' "$f" 2>/dev/null || grep -q '^FAIL' "${f%.log}.trs" 2>/dev/null; then
            echo "=== $f"; tail -50 "$f"
        fi
    done
    exit 1
fi
