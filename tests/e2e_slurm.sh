#!/bin/bash
# SPDX-License-Identifier: MIT
# deploy/slurm/taups.sbatch without Slurm: a fake scontrol expands the
# allocation's node list and a fake srun runs each job step here, holding
# the steps to the node's CPUs as Slurm 20.11 and later do. First the plan
# (which node runs what, the cluster list from the first nodes, shards
# listening on every address of their node), and what the script says
# without scontrol or a node list; then a whole job from the example
# cluster.conf: one shard, and on one node two workers that train lsq to
# the end and the evaluator, all within --ntasks-per-node; the job stops
# the shard, which writes its checkpoint, and exits 0. The next job has
# two shards, which restore that checkpoint re-cut by taups-ctl reshard.
# Last, the warning of a shard that listens on loopback while the cluster
# list names another host.
. "$(dirname "$0")/lib.sh"
SRC=${TAUPS_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
SBATCH=$SRC/deploy/slurm/taups.sbatch

mkdir -p "$WORK/bin"
# scontrol show hostnames LIST: node[1-3],gpu7 -> node1 node2 node3 gpu7,
# or, for the real run, the names given in FAKE_NODES.
cat > "$WORK/bin/scontrol" <<'SH'
#!/bin/bash
[ "$1 $2" = "show hostnames" ] || { echo "fake scontrol: $*" >&2; exit 1; }
if [ -n "${FAKE_NODES:-}" ]; then printf '%s\n' $FAKE_NODES; exit 0; fi
echo "$3" | tr , '\n' | while read -r item; do
    if [[ $item =~ ^(.*)\[([0-9]+)-([0-9]+)\]$ ]]; then
        for i in $(seq "${BASH_REMATCH[2]}" "${BASH_REMATCH[3]}"); do
            echo "${BASH_REMATCH[1]}$i"
        done
    else
        echo "$item"
    fi
done
SH
# srun --nodes=1 --ntasks=N [--overlap] --nodelist=NODE --output=F CMD...:
# CMD here, as a step on NODE. As in Slurm 20.11 and later, a step takes
# N of the node's SLURM_NTASKS_PER_NODE CPUs, and without --overlap only
# CPUs that no other step without --overlap holds. A real srun would wait
# for them, for as long as a shard runs; this one writes why to
# $FAKE_SLURM/refused and fails.
cat > "$WORK/bin/srun" <<'SH'
#!/bin/bash
out=/dev/null ntasks=1 overlap=0 node=""
while [ $# -gt 0 ]; do
    case $1 in
    --output=*) out=${1#--output=} ;;
    --ntasks=*) ntasks=${1#--ntasks=} ;;
    --nodelist=*) node=${1#--nodelist=} ;;
    --overlap) overlap=1 ;;
    --*) ;;
    *) break ;;
    esac
    shift
done
cpus=${SLURM_NTASKS_PER_NODE:-1}
refuse() {
    echo "srun on $node: $*" | tee -a "$FAKE_SLURM/refused" >&2
    exit 1
}
[ "$ntasks" -le "$cpus" ] || refuse "more processors requested than permitted ($ntasks > $cpus)"
steps=$FAKE_SLURM/${SLURM_JOB_ID:-0}/$node
mkdir -p "$steps"
exec 9> "$steps.lock"
flock 9
if [ $overlap = 0 ]; then
    used=0
    for f in "$steps"/*; do
        [ -e "$f" ] || continue
        read -r pid n ov < "$f"
        state=$(sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' "/proc/$pid/status" 2> /dev/null)
        [ -n "$state" ] && [ "$state" != Z ] && [ "$ov" = 0 ] && used=$((used + n))
    done
    [ $((used + ntasks)) -le "$cpus" ] ||
        refuse "step pends: steps without --overlap hold $used of the node's $cpus CPUs"
fi
echo "$$ $ntasks $overlap" > "$steps/$$"
exec 9>&-
exec "$@" > "$out" 2>&1
SH
# scancel --signal=SIG JOB: SIG to every step's program (srun's exec).
cat > "$WORK/bin/scancel" <<'SH'
#!/bin/bash
[ "${1%%=*}" = --signal ] || { echo "fake scancel: $*" >&2; exit 1; }
for f in "$FAKE_SLURM/$2"/*/*; do
    [ -f "$f" ] && read -r pid _ < "$f" && kill -"${1#--signal=}" "$pid" 2> /dev/null
done
exit 0
SH
chmod +x "$WORK/bin/scontrol" "$WORK/bin/srun" "$WORK/bin/scancel"
export PATH="$WORK/bin:$PATH" FAKE_SLURM=$WORK/slurm
# sbatch hands the job its #SBATCH --ntasks-per-node.
SLURM_NTASKS_PER_NODE=$(sed -n 's/^#SBATCH --ntasks-per-node=//p' "$SBATCH")
export SLURM_NTASKS_PER_NODE

plan=$(SLURM_JOB_NODELIST='node[1-4],gpu7' TAUPS_SHARDS=2 TAUPS_PORT=7100 \
    TAUPS_SLURM_PLAN=1 "$SBATCH" --model lsq --iterations 10)
echo "$plan" > "$WORK/plan"
grep -q "^taups: cluster node1:7100,node2:7101, 3 worker(s) on node3 node4 gpu7" \
    "$WORK/plan" || fail "plan header: $plan"
# The names are the cluster's; a name may resolve to loopback on its own
# node (Debian's 127.0.1.1), so the shards listen on every address.
shape="--cluster node1:7100,node2:7101 --workers 3"
grep -q "^srun --nodes=1 --ntasks=1 --overlap --nodelist=node1 .*taups-server $shape --listen 0.0.0.0:7100 --shard 0$" \
    "$WORK/plan" || fail "shard 0: $plan"
grep -q "^srun .*--nodelist=node2 .*taups-server $shape --listen 0.0.0.0:7101 --shard 1$" \
    "$WORK/plan" || fail "shard 1: $plan"
for r in 0 1 2; do
    node=$(echo node3 node4 gpu7 | cut -d' ' -f$((r + 1)))
    grep -q "^srun .*--nodelist=$node .*taups-worker $shape --rank $r --log .*/worker-$r.csv --model lsq --iterations 10$" \
        "$WORK/plan" || fail "worker $r: $plan"
done
grep -q "^srun .*--nodelist=node3 .*taups-worker $shape --role eval" "$WORK/plan" ||
    fail "evaluator: $plan"
# With TAUPS_CONFIG every program reads the file first.
SLURM_JOB_NODELIST='node[1-2]' TAUPS_CONFIG=/etc/taups/cluster.conf TAUPS_SLURM_PLAN=1 \
    "$SBATCH" > "$WORK/plan-conf"
[ "$(grep -c "taups-[a-z]* --config /etc/taups/cluster.conf --cluster node1:7070 --workers 1 " \
    "$WORK/plan-conf")" = 3 ] || fail "TAUPS_CONFIG: $(cat "$WORK/plan-conf")"
rc=0
SLURM_JOB_NODELIST='node1' TAUPS_SLURM_PLAN=1 "$SBATCH" > /dev/null 2> "$WORK/err" || rc=$?
[ "$rc" = 2 ] && grep -q "1 node(s) for 1 shard(s)" "$WORK/err" ||
    fail "one node: exit $rc, $(cat "$WORK/err")"
# Without scontrol (a PATH without it) or without a node list the script
# says which is missing.
mkdir "$WORK/nopath"
rc=0
env PATH="$WORK/nopath" SLURM_JOB_NODELIST='node[1-4]' TAUPS_SLURM_PLAN=1 "$SBATCH" \
    > /dev/null 2> "$WORK/err" || rc=$?
[ "$rc" = 2 ] && grep -q "scontrol not found" "$WORK/err" ||
    fail "no scontrol: exit $rc, $(cat "$WORK/err")"
rc=0
SLURM_JOB_NODELIST='' TAUPS_SLURM_PLAN=1 "$SBATCH" > /dev/null 2> "$WORK/err" || rc=$?
[ "$rc" = 2 ] && grep -q "SLURM_JOB_NODELIST is empty" "$WORK/err" ||
    fail "no node list: exit $rc, $(cat "$WORK/err")"

# A whole job on this host: the shard's node is a name of it; the
# workers' node w1 runs two workers and the evaluator. The example
# cluster.conf, as on the units' hosts, with its cluster and workers lines
# overridden by the allocation's shape and a rule of this test's own.
sed -e 's|^server-lr = .*|server-lr = 0.3|' -e '/^worker-seconds/d' \
    "$SRC/deploy/cluster.conf" > "$WORK/cluster.conf"
port=$(free_port)
(cd "$WORK" && FAKE_NODES="localhost w1" SLURM_JOB_NODELIST=x TAUPS_WORKERS_PER_NODE=2 \
    SLURM_JOB_ID=42 SLURM_SUBMIT_DIR="$WORK" TAUPS_PORT=$port \
    PATH="$B/server:$B/worker:$B/tools:$PATH" \
    TAUPS_CONFIG="$WORK/cluster.conf" TAUPS_CHECKPOINTS="$WORK/ck" \
    timeout 60 "$SBATCH" --model lsq --rows 2000 --dim 50 --cond 10 --batch 64 \
    --iterations 1500 > "$WORK/job.out" 2>&1) || fail "job: $(cat "$WORK/job.out")"
[ ! -e "$FAKE_SLURM/refused" ] || fail "steps that Slurm would hold: $(cat "$FAKE_SLURM/refused")"
d=$WORK/taups-42
[ -f "$d/cluster.key" ] || fail "no key made: $(ls "$d")"
for f in worker-0.csv worker-1.csv eval.csv server-0.log; do
    [ -s "$d/$f" ] || fail "$f missing: $(ls "$d"; cat "$WORK/job.out")"
done
grep -q "as shard 0 of 1, 2 workers, mode async max-staleness=8, sgd lr=0.3 " "$d/server-0.log" ||
    fail "TAUPS_CONFIG: $(head -3 "$d/server-0.log")"
grep -q "signal 15: shutting down" "$d/server-0.log" || fail "shard not stopped"
# SIGTERM, not SIGKILL: the final checkpoint, where TAUPS_CHECKPOINTS says.
grep -q "checkpoint generation [0-9]* written at exit" "$d/server-0.log" &&
    ls "$WORK/ck/shard-0"/gen-*.ckpt > /dev/null ||
    fail "no final checkpoint in $WORK/ck/shard-0: $(tail -3 "$d/server-0.log")"
grep -q "listening on 0.0.0.0:$port " "$d/server-0.log" ||
    fail "shard not on every address: $(head -3 "$d/server-0.log")"
[ "$(tail -n +2 "$d/worker-1.csv" | wc -l)" = 1500 ] || fail "worker 1 rows"
grep -q "a loopback address" "$d/server-0.log" && fail "a loopback cluster warned: $(cat "$d/server-0.log")"

# The next job has two shards: the checkpoint re-cut for them
# (docs/design.md §10) where TAUPS_CHECKPOINTS finds it, the rest as
# before; both shards restore it.
mkdir "$WORK/ck2"
"$CTL" reshard "$WORK/ck2/shard" 2 "$WORK/ck/shard-0" 2> "$WORK/reshard.out" ||
    fail "reshard: $(cat "$WORK/reshard.out")"
while :; do
    port=$(free_port)
    ss -Htln "sport = :$((port + 1))" | grep -q . || break
done
(cd "$WORK" && FAKE_NODES="localhost 127.0.0.1 w1" SLURM_JOB_NODELIST=x TAUPS_SHARDS=2 \
    TAUPS_WORKERS_PER_NODE=2 SLURM_JOB_ID=43 SLURM_SUBMIT_DIR="$WORK" TAUPS_PORT=$port \
    PATH="$B/server:$B/worker:$B/tools:$PATH" TAUPS_KEY_FILE="$d/cluster.key" \
    TAUPS_CONFIG="$WORK/cluster.conf" TAUPS_CHECKPOINTS="$WORK/ck2" \
    timeout 60 "$SBATCH" --model lsq --rows 2000 --dim 50 --cond 10 --batch 64 \
    --iterations 300 > "$WORK/job2.out" 2>&1) || fail "job 2: $(cat "$WORK/job2.out")"
[ ! -e "$FAKE_SLURM/refused" ] || fail "job 2: steps that Slurm would hold: $(cat "$FAKE_SLURM/refused")"
for i in 0 1; do
    grep -q "restored checkpoint generation" "$WORK/taups-43/server-$i.log" &&
        grep -q "as shard $i of 2, 2 workers" "$WORK/taups-43/server-$i.log" ||
        fail "job 2, shard $i: $(head -5 "$WORK/taups-43/server-$i.log")"
done

# What --listen NODE:PORT did on Debian: a shard on a loopback address,
# while the cluster list names an address off it, says so.
port=$(free_port)
"$SERVER" --listen "127.0.0.1:$port" --cluster "127.0.0.1:$port,192.0.2.1:7071" \
    --shard 0 --workers 1 2> "$WORK/loopback.log" &
lpid=$!
PIDS="$PIDS $lpid"
wait_for "$WORK/loopback.log" "listening on" 10 || fail "shard: $(cat "$WORK/loopback.log")"
kill -TERM "$lpid"
wait "$lpid" || fail "shard exited $? on SIGTERM"
grep -qF -- "--listen 127.0.0.1:$port resolves to 127.0.0.1, a loopback address, but the cluster list names 192.0.2.1:7071, which is not: no other host can reach this shard" \
    "$WORK/loopback.log" || fail "no warning: $(cat "$WORK/loopback.log")"
echo "ok: plan, refusals, two jobs (1 shard, then 2) and the loopback warning"
