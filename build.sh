#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs what taups needs (setup.sh) and builds it in build/, passing its
# arguments to configure. Used by demo.sh and test.sh.
set -eu
cd "$(dirname "$0")"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO ./setup.sh
autoreconf -fi >/dev/null
mkdir -p build
cd build
../configure "$@" >/dev/null
make -j"$(nproc)" >/dev/null
