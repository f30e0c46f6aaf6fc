#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs every Debian package taups needs to build, test and run its demo.
# Idempotent; run as root (or through sudo). Runs `apt-get update` once.
set -eu

PACKAGES="build-essential autoconf automake libtool pkg-config
  libuv1-dev libprotobuf-c-dev protobuf-c-compiler protobuf-compiler
  libzstd-dev zlib1g-dev libxxhash-dev libsodium-dev libjansson-dev libsystemd-dev check gnuplot-nox dataset-fashion-mnist
  liblinear-tools iproute2 procps openssh-client openssh-server clang libclang-rt-dev
  iperf3 help2man groff-base man-db libmicrohttpd-dev prometheus curl
  python3 python3-cffi python3-numpy python3-torch"

missing=""
for p in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
        missing="$missing $p"
    fi
done

# heart_scale (LIBSVM format, used by the logreg model and its tests) lives
# under /usr/share/doc, which some minimal images exclude from dpkg.
check_data() {
    for f in /usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz \
             /usr/share/doc/liblinear-tools/examples/heart_scale; do
        [ -f "$f" ] || { echo "setup.sh: $f is missing after installing its package" >&2; exit 1; }
    done
}

if [ -z "$missing" ]; then
    check_data
    echo "setup.sh: all packages are installed"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO=sudo
    else
        echo "setup.sh: need root to install:$missing" >&2
        exit 1
    fi
fi

echo "setup.sh: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
check_data
