#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs what taups needs (setup.sh) and builds it in build/, passing its
# arguments to configure. Used by demo.sh and test.sh.
set -eu
cd "$(dirname "$0")"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO ./setup.sh
# A source directory configured in place (./configure here) cannot also
# hold the build in build/: configure refuses, and make would take the
# in-place objects for its own. Those are derived files, so they go.
if [ -f config.status ]; then
    echo "build.sh: this directory was configured in place; cleaning it (make distclean) to build in build/" >&2
    [ -f Makefile ] || ./config.status > /dev/null
    make distclean > /dev/null
fi
autoreconf -fi >/dev/null
mkdir -p build
cd build
../configure "$@" >/dev/null
make -j"$(nproc)" >/dev/null
