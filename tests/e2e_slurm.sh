#!/bin/bash
# SPDX-License-Identifier: MIT
# deploy/slurm/taups.sbatch without Slurm: a fake scontrol expands the
# allocation's node list and a fake srun runs each job step here. First
# the plan (which node runs what, the cluster list from the first nodes),
# then a whole job: one shard and two workers train lsq to the end, the
# evaluator logs, and the job stops the shard and exits 0.
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
# srun --nodes=1 --ntasks=1 --nodelist=N --output=F CMD...: CMD here.
cat > "$WORK/bin/srun" <<'SH'
#!/bin/bash
out=/dev/null
while [ $# -gt 0 ]; do
    case $1 in
    --output=*) out=${1#--output=} ;;
    --*) ;;
    *) break ;;
    esac
    shift
done
exec "$@" > "$out" 2>&1
SH
chmod +x "$WORK/bin/scontrol" "$WORK/bin/srun"
export PATH="$WORK/bin:$PATH"

plan=$(SLURM_JOB_NODELIST='node[1-4],gpu7' TAUPS_SHARDS=2 TAUPS_PORT=7100 \
    TAUPS_SLURM_PLAN=1 "$SBATCH" --model lsq --iterations 10)
echo "$plan" > "$WORK/plan"
grep -q "^taups: cluster node1:7100,node2:7101, 3 worker(s) on node3 node4 gpu7" \
    "$WORK/plan" || fail "plan header: $plan"
grep -q "^srun --nodes=1 --ntasks=1 --nodelist=node1 .*taups-server --listen node1:7100 --shard 0$" \
    "$WORK/plan" || fail "shard 0: $plan"
grep -q "^srun .*--nodelist=node2 .*taups-server --listen node2:7101 --shard 1$" \
    "$WORK/plan" || fail "shard 1: $plan"
for r in 0 1 2; do
    node=$(echo node3 node4 gpu7 | cut -d' ' -f$((r + 1)))
    grep -q "^srun .*--nodelist=$node .*taups-worker --rank $r --log .*/worker-$r.csv --model lsq --iterations 10$" \
        "$WORK/plan" || fail "worker $r: $plan"
done
grep -q "^srun .*--nodelist=node3 .*taups-worker --role eval" "$WORK/plan" ||
    fail "evaluator: $plan"
rc=0
SLURM_JOB_NODELIST='node1' TAUPS_SLURM_PLAN=1 "$SBATCH" > /dev/null 2> "$WORK/err" || rc=$?
[ "$rc" = 2 ] && grep -q "1 node(s) for 1 shard(s)" "$WORK/err" ||
    fail "one node: exit $rc, $(cat "$WORK/err")"

# A whole job on this host: the nodes are names of it.
port=$(free_port)
(cd "$WORK" && FAKE_NODES="localhost 127.0.0.1 127.0.0.1" SLURM_JOB_NODELIST=x \
    SLURM_JOB_ID=42 SLURM_SUBMIT_DIR="$WORK" TAUPS_PORT=$port \
    PATH="$B/server:$B/worker:$B/tools:$PATH" \
    TAUPS_SERVER_LR=0.3 \
    timeout 60 "$SBATCH" --model lsq --rows 2000 --dim 50 --cond 10 --batch 64 \
    --iterations 1500 > "$WORK/job.out" 2>&1) || fail "job: $(cat "$WORK/job.out")"
d=$WORK/taups-42
[ -f "$d/cluster.key" ] || fail "no key made: $(ls "$d")"
for f in worker-0.csv worker-1.csv eval.csv server-0.log; do
    [ -s "$d/$f" ] || fail "$f missing: $(ls "$d"; cat "$WORK/job.out")"
done
grep -q "sgd lr=0.3 " "$d/server-0.log" || fail "TAUPS_SERVER_LR: $(head -3 "$d/server-0.log")"
grep -q "signal 15: shutting down" "$d/server-0.log" || fail "shard not stopped"
[ "$(tail -n +2 "$d/worker-1.csv" | wc -l)" = 1500 ] || fail "worker 1 rows"
echo "ok: plan and a whole job"
