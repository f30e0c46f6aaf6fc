#!/bin/bash
# SPDX-License-Identifier: MIT
# deploy/slurm/taups.sbatch under a real Slurm: a slurmctld and two slurmd
# (nodes ME, named as this host, and ME-w, both this host, auth/none)
# from a configuration of this test's own, on free ports. One job of two
# nodes and one task per node runs the shard on ME (Slurm orders the nodes
# by name), and two workers and the evaluator on ME-w: three steps on one
# node's one CPU, which only --overlap lets run at once: Slurm holds the
# others until the first ends, and in sync mode the first waits for the
# second at its first step. The job must end with the workers' last
# iteration and exit 0; the shard listens on every address of its node
# and is stopped with SIGTERM. Needs root and
# Slurm's daemons (apt-get install slurmctld slurmd slurm-client):
# skipped (exit 77, not a pass) without them, or if this host's name
# does not resolve (the first node's name is in the cluster list).
. "$(dirname "$0")/lib.sh"
SRC=${TAUPS_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
SBATCH=$SRC/deploy/slurm/taups.sbatch

if [ "$(id -u)" != 0 ]; then
    echo "# SKIP: e2e_slurmd runs Slurm's daemons, which need root"
    exit 77
fi
for p in slurmctld slurmd sbatch srun scontrol sinfo squeue scancel; do
    command -v "$p" > /dev/null ||
        { echo "# SKIP: e2e_slurmd needs $p (apt-get install slurmctld slurmd slurm-client)"; exit 77; }
done

me=$(hostname -s)
getent hosts "$me" > /dev/null ||
    { echo "# SKIP: e2e_slurmd names a node after this host, $me, which does not resolve"; exit 77; }
S=$WORK/slurm
mkdir -p "$S/state" "$S/spool-$me" "$S/spool-$me-w"
cat > "$S/slurm.conf" <<EOF
ClusterName=taupstest
SlurmctldHost=$me(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/none
CredType=cred/none
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool-%n
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd-%n.pid
SlurmctldLogFile=$S/slurmctld.log
SlurmdLogFile=$S/slurmd-%n.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
SwitchType=switch/none
KillWait=2
NodeName=$me NodeHostname=$me NodeAddr=127.0.0.1 Port=$(free_port) CPUs=2 State=UNKNOWN
NodeName=$me-w NodeHostname=$me NodeAddr=127.0.0.1 Port=$(free_port) CPUs=2 State=UNKNOWN
PartitionName=taupstest Nodes=$me,$me-w Default=YES MaxTime=5 State=UP
EOF
export SLURM_CONF=$S/slurm.conf

# The daemons go with the test, and so does a job that failed: cancelled
# (KillWait=2: SIGKILL 2 s after SIGTERM) and waited for, then any of its
# programs left (the job runs them from $WORK/bin) killed by their pids.
DAEMONS=""
JOB=""
stop_slurm() {
    local p i=0
    if [ -n "$JOB" ]; then
        timeout 5 scancel --full "$JOB" 2> /dev/null || true
        while [ -n "$(timeout 2 squeue -h -j "$JOB" 2> /dev/null)" ] && [ $i -lt 50 ]; do
            i=$((i + 1))
            sleep 0.2
        done
    fi
    for p in $DAEMONS; do
        kill -TERM "$p" 2> /dev/null || true
    done
    for p in $DAEMONS; do
        timeout 10 tail --pid="$p" -f /dev/null || kill -KILL "$p" 2> /dev/null || true
    done
    for p in $(pgrep -f "^$WORK/bin/taups-" || true); do
        kill -KILL "$p" 2> /dev/null || true
    done
}
trap 'stop_slurm; cleanup' EXIT

slurmctld -D -i -f "$S/slurm.conf" > "$S/ctld.out" 2>&1 &
DAEMONS="$DAEMONS $!"
for n in "$me" "$me-w"; do
    slurmd -D -N "$n" -f "$S/slurm.conf" > "$S/slurmd-$n.out" 2>&1 &
    DAEMONS="$DAEMONS $!"
done
# sinfo waits for a controller that is not there: at most 2 s a try.
start=$SECONDS
until [ "$(timeout 2 sinfo -h -t idle -o %D 2> /dev/null)" = 2 ]; do
    [ $((SECONDS - start)) -le 20 ] ||
        fail "the nodes did not come up: $(tail -n 3 "$S"/*.out)"
    sleep 0.2
done

mkdir "$WORK/bin"
ln -s "$SERVER" "$WORKER" "$CTL" "$WORK/bin/"
port=$(free_port)
rc=0
(cd "$WORK" && TAUPS_BINDIR=$WORK/bin TAUPS_PORT=$port \
    TAUPS_WORKERS_PER_NODE=2 TAUPS_SERVER_LR=0.3 TAUPS_MODE=sync \
    timeout 45 sbatch --wait --parsable -N 2 -o "$WORK/job.out" "$SBATCH" \
    --model lsq --rows 2000 --dim 50 --cond 10 --batch 64 --iterations 800 \
    > "$WORK/sbatch.out" 2>&1) || rc=$?
JOB=$(head -1 "$WORK/sbatch.out" | grep -x '[0-9]*' || true)
[ "$rc" = 0 ] || fail "job $JOB: exit $rc: $(cat "$WORK/sbatch.out" "$WORK/job.out"; timeout 2 squeue -s 2>&1)"
d=$WORK/taups-$JOB
grep -q "^taups: cluster $me:$port, 2 worker(s) on $me-w" "$WORK/job.out" ||
    fail "job: $(cat "$WORK/job.out")"
for r in 0 1; do
    [ "$(tail -n +2 "$d/worker-$r.csv" | wc -l)" = 800 ] ||
        fail "worker $r: $(ls "$d"; cat "$d/worker-$r.log")"
done
[ -s "$d/eval.csv" ] || fail "no eval.csv: $(cat "$d/eval.log")"
grep -q "listening on 0.0.0.0:$port " "$d/server-0.log" ||
    fail "shard: $(head -3 "$d/server-0.log")"
grep -q "signal 15: shutting down" "$d/server-0.log" || fail "shard not stopped"
echo "e2e_slurmd: 1 passed, 0 failed"
