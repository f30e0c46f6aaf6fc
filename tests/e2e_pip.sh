#!/bin/bash
# SPDX-License-Identifier: MIT
# The Python package as a user outside the source tree gets it. make
# install into a prefix under the work directory; pip install ./python in
# a fresh venv (made from /usr/bin/python3 with --system-site-packages,
# installed with --no-build-isolation --no-index: these machines reach
# Debian's packages, not Python's index) builds the cffi extension against
# that libtaups, found by pkg-config. A worker in the venv, away from the
# source tree and without PYTHONPATH, pushes and pulls against C shards
# (values against the closed form) and serves its metrics page, scraped
# twice during the run: the counters moved by what it did, and promtool
# accepts the text. Then the installed taups-launch runs "python3 w.py"
# with the installed package although another python3 is first on PATH.
# Skipped, saying so, only where venv or pip is absent.
. "$(dirname "$0")/lib.sh"
SRC=${TAUPS_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
SYSPY=/usr/bin/python3
skip() {
    echo "# SKIP: $*"
    exit 77
}
[ -x "$SYSPY" ] || skip "no $SYSPY to make a venv from"
"$SYSPY" -m venv --system-site-packages "$WORK/venv" > "$WORK/venv.out" 2>&1 ||
    if grep -q "ensurepip\|No module named venv" "$WORK/venv.out"; then
        skip "$SYSPY cannot make a venv with pip (Debian: apt-get install python3-venv): $(tail -1 "$WORK/venv.out")"
    else
        fail "venv: $(cat "$WORK/venv.out")"
    fi
[ -x "$WORK/venv/bin/pip" ] || skip "the venv has no pip (Debian: apt-get install python3-venv python3-pip)"

# A real install, moved to the prefix: taups.pc, the library's rpath and
# the package's directory follow prefix=; the systemd units' directory is
# absolute, so it is moved too.
P=$WORK/prefix
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$B" install prefix="$P" \
    systemdsystemunitdir="$P/lib/systemd/system" > "$WORK/install.out" 2>&1 ||
    fail "make install: $(tail -20 "$WORK/install.out")"
grep -qx "libdir=$P/lib" "$P/lib/pkgconfig/taups.pc" ||
    fail "taups.pc does not point at the prefix: $(cat "$P/lib/pkgconfig/taups.pc")"

# pip builds in the directory it is given: a copy, so the source tree stays
# as it is (and may be read-only, as in distcheck).
cp -r "$SRC/python" "$WORK/pysrc"
rm -rf "$WORK/pysrc/taups/_taups_cffi"* "$WORK/pysrc/taups/.built" \
    "$WORK/pysrc/taups/__pycache__"
(cd "$WORK" && env -u PYTHONPATH PKG_CONFIG_PATH="$P/lib/pkgconfig" \
    "$WORK/venv/bin/pip" install --no-build-isolation --no-index \
    --disable-pip-version-check ./pysrc) > "$WORK/pip.out" 2>&1 ||
    fail "pip install: $(tail -20 "$WORK/pip.out")"
echo "# pip install ./python: $(grep -o 'Successfully installed.*' "$WORK/pip.out")"

python_sanitizer
start_servers 2 1 --mode async --lr 0.5
mkdir "$WORK/away"
cat > "$WORK/away/w.py" <<'PYEOF'
import os, sys, time
import numpy as np
import taups

work = sys.argv[2]
# The venv's own copy, built by pip, not one from the source tree.
assert taups.__file__.startswith(sys.prefix + "/"), (taups.__file__, sys.prefix)


def wait_for(name):
    for _ in range(400):
        if os.path.exists(os.path.join(work, name)):
            return
        time.sleep(0.05)
    raise SystemExit("nobody wrote " + name)


K = 20
with taups.Client(cluster=sys.argv[1], rank=0, workers=1) as c:
    with open(os.path.join(work, "port.tmp"), "w") as f:
        f.write("%d\n" % c.serve_metrics())
    os.rename(os.path.join(work, "port.tmp"), os.path.join(work, "port"))
    w = c.declare("w", (4, 5))
    for phase in (1, 2):
        for k in range((phase - 1) * K, phase * K):
            c.push(w, np.full((4, 5), k + 1, np.float32))
            c.clock()
        c.set_loss(phase / 4)
        # From zeros, at lr 0.5: w = -0.5 (1 + 2 + ... + n), exact in float32.
        n = phase * K
        x = c.pull(w)
        assert x.shape == (4, 5) and np.all(x == -0.5 * n * (n + 1) / 2), x
        open(os.path.join(work, "phase%d" % phase), "w").close()
        wait_for("go%d" % phase)
print("venv worker ok: %s" % taups.__file__)
PYEOF
(cd "$WORK/away" && env -u PYTHONPATH "$WORK/venv/bin/python" w.py "$CLUSTER" "$WORK") \
    > "$WORK/w.out" 2>&1 &
wpid=$!
PIDS="$PIDS $wpid"
wait_for "$WORK/port" . 20 || fail "the venv worker never served: $(cat "$WORK/w.out")"
URL=http://127.0.0.1:$(cat "$WORK/port")/metrics
scrape() {
    "$SYSPY" -c 'import sys, urllib.request
sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=5).read().decode())' "$1"
}
# value NAME FILE: the rank-0 sample of NAME.
value() { sed -n "s/^$1{rank=\"0\"} //p" "$2"; }
for phase in 1 2; do
    i=0
    until [ -e "$WORK/phase$phase" ]; do
        kill -0 $wpid 2> /dev/null || fail "venv worker: $(cat "$WORK/w.out")"
        i=$((i + 1))
        [ $i -le 400 ] || fail "venv worker stuck before phase $phase"
        sleep 0.05
    done
    scrape "$URL" > "$WORK/m$phase.prom" || fail "GET $URL"
    touch "$WORK/go$phase"
done
wait $wpid || fail "venv worker: $(cat "$WORK/w.out")"
grep -q "venv worker ok" "$WORK/w.out" || fail "venv worker: $(cat "$WORK/w.out")"
stop_servers
for phase in 1 2; do
    m=$WORK/m$phase.prom
    [ "$(value taups_worker_pushes_sent_total "$m")" = $((20 * phase)) ] &&
        [ "$(value taups_worker_pushes_applied_total "$m")" = $((20 * phase)) ] &&
        [ "$(value taups_worker_iterations_total "$m")" = $((20 * phase)) ] &&
        [ "$(value taups_worker_pulls_sent_total "$m")" = $phase ] &&
        [ "$(value taups_worker_raw_sent_bytes_total "$m")" = $((20 * phase * 20 * 4)) ] ||
        fail "metrics after phase $phase: $(cat "$m")"
done
[ "$(value taups_worker_loss "$WORK/m2.prom")" = 0.5 ] || fail "loss: $(grep loss "$WORK/m2.prom")"
if command -v promtool > /dev/null; then
    promtool check metrics < "$WORK/m2.prom" || fail "promtool on the Python worker's page"
else
    echo "# promtool absent (setup.sh --tests installs prometheus): its check skipped"
fi
echo "# venv worker: closed form, metrics 20 -> 40 pushes"

# The installed launcher: python3 in --worker-cmd is the interpreter taups
# was built for with the installed package, though PATH has another first.
mkdir "$WORK/fakebin"
printf '#!/bin/sh\necho "the python3 on PATH ran" >&2\nexit 3\n' > "$WORK/fakebin/python3"
chmod +x "$WORK/fakebin/python3"
cat > "$WORK/away/where.py" <<'PYEOF'
import sys
import taups
with taups.Client() as c:
    c.clock()
print("where: %s %s" % (sys.executable, taups.__file__))
PYEOF
(cd "$WORK/away" && env -u PYTHONPATH PATH="$WORK/fakebin:$PATH" timeout 60 \
    "$P/bin/taups-launch" --shards 1 --workers 2 --iterations 5 --no-plot \
    --out "$WORK/run" --worker-cmd "*:cd / && python3 $WORK/away/where.py") \
    > "$WORK/launch.out" 2>&1 || fail "installed launcher: $(cat "$WORK/launch.out" "$WORK"/run/worker-*.log)"
want="where: $("${TAUPS_PYTHON:-$SYSPY}" -c 'import sys; print(sys.executable)') $P/lib/"
for r in 0 1; do
    grep -q "^$want.*/taups/__init__.py" "$WORK/run/worker-$r.log" ||
        fail "worker $r ran elsewhere: $(cat "$WORK/run/worker-$r.log") (want $want...)"
done
echo "ok: make install, pip install ./python in a venv, its worker and metrics; the installed launcher's python3"
