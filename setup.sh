#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs every Debian package taups needs to build and run its demo and
# experiments; with --tests (test.sh), also what only the test suite
# needs. Idempotent; run as root (or through sudo). Runs `apt-get update`
# once.
set -eu

PACKAGES="build-essential autoconf automake libtool pkg-config
  libuv1-dev libprotobuf-c-dev protobuf-c-compiler protobuf-compiler
  libzstd-dev zlib1g-dev libxxhash-dev libsodium-dev libjansson-dev libsystemd-dev check gnuplot-nox dataset-fashion-mnist
  liblinear-tools iproute2 procps openssh-client
  iperf3 help2man groff-base man-db libmicrohttpd-dev
  python3 python3-cffi python3-numpy python3-torch
  python3-setuptools python3-wheel python3-venv python3-pip"
# The tests only: sshd for tests/e2e_ssh.sh (which runs sshds of its own,
# in network namespaces), promtool for e2e_metrics, clang's libFuzzer for
# make fuzz, curl, Slurm's daemons for e2e_slurmd (which runs a cluster of
# its own). Some are services that Debian starts, and enables at boot,
# when it installs them: said before installing.
TEST_PACKAGES="openssh-server prometheus clang libclang-rt-dev curl
  slurmctld slurmd slurm-client"
# tests/e2e_kubernetes.sh: kubectl (Debian's, unless one is installed
# already: the two would own the same file) and npm for its validator.
command -v kubectl >/dev/null 2>&1 || TEST_PACKAGES="$TEST_PACKAGES kubernetes-client"
command -v npm >/dev/null 2>&1 || TEST_PACKAGES="$TEST_PACKAGES nodejs npm"
tests=0
case ${1:-} in
--tests) PACKAGES="$PACKAGES $TEST_PACKAGES"; tests=1 ;;
'') ;;
*) echo "usage: setup.sh [--tests]" >&2; exit 2 ;;
esac

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

# --tests: the Kubernetes API schemas of tests/e2e_kubernetes.sh, from npm
# into tests/kubernetes/node_modules (not committed), as the lock file pins.
npm_modules() {
    [ "$tests" = 1 ] || return 0
    k8s=$(cd "$(dirname "$0")" && pwd)/tests/kubernetes
    stamp=$k8s/node_modules/.package-lock.json
    if [ -f "$stamp" ] && [ -z "$(find "$k8s/package-lock.json" -newer "$stamp")" ]; then
        return 0
    fi
    echo "setup.sh: npm ci in $k8s"
    npm ci --prefix "$k8s" --no-audit --no-fund --loglevel=error
}

if [ -z "$missing" ]; then
    check_data
    npm_modules
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
for p in $missing; do
    case $p in
    openssh-server) echo "setup.sh: openssh-server starts sshd on port 22 and enables it at boot (the tests need only its program; 'systemctl disable --now ssh' stops it)" ;;
    slurmd) echo "setup.sh: slurmctld and slurmd are enabled at boot but start only with an /etc/slurm/slurm.conf; munge, which they need, starts munged ('systemctl disable --now munge' stops it)" ;;
    prometheus) echo "setup.sh: prometheus starts its server on port 9090 and enables it at boot (the tests need only promtool; 'systemctl disable --now prometheus' stops it)" ;;
    esac
done
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
check_data
npm_modules
