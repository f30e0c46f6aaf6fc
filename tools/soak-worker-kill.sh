#!/bin/bash
# SPDX-License-Identifier: MIT
# The soak of tests/e2e_worker_kill.sh: KILLS (default 100) random SIGKILLs
# and restarts of a worker per mode (sync, ssp, async, local), each printing
# the kills done, the mean time to rejoin and the run's length; any hang or
# non-zero exit fails it. Run from a build directory:
#   tools/soak-worker-kill.sh [KILLS]
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
KILLS=${1:-100} TAUPS_BUILDDIR=${TAUPS_BUILDDIR:-$(pwd)} \
    exec bash "$here/tests/e2e_worker_kill.sh"
