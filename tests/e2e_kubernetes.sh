#!/bin/bash
# SPDX-License-Identifier: MIT
# deploy/kubernetes without a cluster: render.sh renders S = 2 shards and
# N = 4 workers with `kubectl kustomize`; every object validates against
# the Kubernetes API's schemas offline (kubernetes-models, installed by
# setup.sh --tests); the pods the controllers would make (tests/kubernetes/
# pods.mjs) carry each shard's index and each worker's rank from the
# completion index, the cluster list of the StatefulSet's stable names in
# order (and wait until those resolve), the key copied to mode 0400 by an
# init container, the /ready
# probe on the metrics port and a grace period that covers the final
# checkpoint. Then their own command lines run here, paths mapped to this
# test's directories: two shards answer /ready, four workers train, the
# shards' final checkpoints land on their claims, and the rendered
# reshard Job re-cuts them for three shards.
. "$(dirname "$0")/lib.sh"
command -v kubectl > /dev/null || { echo "# kubectl is missing (Debian's kubernetes-client): skipped"; exit 77; }
SRC=${TAUPS_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
K8S=$SRC/tests/kubernetes
MODULES=${TAUPS_K8S_MODULES:-$K8S/node_modules}
command -v node > /dev/null && [ -d "$MODULES/kubernetes-models" ] ||
    fail "node and $MODULES (kubernetes-models) are needed: ./setup.sh --tests installs them"
command -v curl > /dev/null || fail "curl is missing (setup.sh --tests installs it)"
# Node resolves packages from the script's directory upwards.
mkdir -p "$WORK/js"
cp "$K8S"/*.mjs "$WORK/js/"
ln -s "$MODULES" "$WORK/js/node_modules"
RENDER=$SRC/deploy/kubernetes/render.sh

# The operator's cluster.conf, with the small model of the test.
sed -e 's/^worker-model = .*/worker-model = lsq/' -e 's/^worker-seconds = .*/worker-iterations = 300/' \
    "$SRC/deploy/cluster.conf" > "$WORK/cluster.conf"
"$RENDER" --shards 2 --workers 4 --config "$WORK/cluster.conf" --image registry.example/taups:1.0 \
    > "$WORK/all.yaml" 2> "$WORK/render.err" || fail "render.sh: $(cat "$WORK/render.err")"
node "$WORK/js/validate.mjs" < "$WORK/all.yaml" > "$WORK/valid.txt" ||
    fail "manifests do not validate: $(grep -v '^valid' "$WORK/valid.txt")"
for o in "ConfigMap taups-config-" "Service taups-shard" "StatefulSet taups-shard" \
    "PodDisruptionBudget taups-shard" "Job taups-worker" "Job taups-evaluator" \
    "NetworkPolicy taups-shard" "NetworkPolicy taups-worker"; do
    grep -q "^valid: $o" "$WORK/valid.txt" || fail "no valid $o: $(cat "$WORK/valid.txt")"
done
grep -q 'image: registry.example/taups:1.0$' "$WORK/all.yaml" || fail "--image not applied"
grep -q '^  backoffLimit: 24$' "$WORK/all.yaml" || fail "the workers' backoffLimit is not 6 a worker"
node "$WORK/js/pods.mjs" < "$WORK/all.yaml" > "$WORK/pods.txt"
P=$WORK/pods.txt

# Which pods, and each one's command line.
pods=$(grep -o '^[a-z0-9-]* grace' "$P" | cut -d' ' -f1 | tr '\n' ' ')
[ "$pods" = "taups-shard-0 taups-shard-1 taups-evaluator taups-worker-0 taups-worker-1 taups-worker-2 taups-worker-3 " ] ||
    fail "pods: $pods"
K="--key-file /run/taups/cluster.key"
C="--config /etc/taups/cluster.conf --config /etc/taups/shape.conf"
for i in 0 1; do
    grep -q "^taups-shard-$i shard: taups-server $C --shard $i --listen 0.0.0.0:7070 --metrics 0.0.0.0:9101 $K --checkpoint-dir /var/lib/taups/shard-$i-of-2 --max-memory [0-9]*$" "$P" ||
        fail "shard $i: $(grep "^taups-shard-$i shard:" "$P")"
    grep -q "^taups-shard-$i shard probe /ready 9101$" "$P" || fail "shard $i probe"
    grep -q "^taups-shard-$i shard mount /var/lib/taups checkpoints$" "$P" || fail "shard $i claim"
done
for r in 0 1 2 3; do
    grep -q "^taups-worker-$r worker: taups-worker $C --rank $r $K --log /var/lib/taups/worker-$r.csv --metrics 0.0.0.0:9102 --connect-timeout [0-9]*$" "$P" ||
        fail "worker $r: $(grep "^taups-worker-$r worker:" "$P")"
done
grep -q "^taups-evaluator evaluator: taups-worker $C --role eval $K --log /var/lib/taups/eval.csv " "$P" ||
    fail "evaluator: $(grep '^taups-evaluator evaluator:' "$P")"
# Every pod: the StatefulSet's stable names in shard order, N workers.
cl='"taups-shard-0.taups-shard:7070,taups-shard-1.taups-shard:7070"'
for p in $pods; do
    grep -q "^$p config shape.conf: cluster = $cl$" "$P" || fail "$p cluster list"
    grep -q "^$p config shape.conf: workers = 4$" "$P" || fail "$p workers"
    grep -q "^$p config cluster.conf: worker-model = lsq$" "$P" || fail "$p cluster.conf"
    # The key: the Secret copied by the init container into an emptyDir,
    # 0400 and the runtime user's, mounted where --key-file points.
    grep -q "^$p init key: install -m 0400 /run/taups-secret/cluster.key /run/taups/cluster.key$" "$P" ||
        fail "$p key copy"
    grep -q "^$p volume key emptyDir$" "$P" && grep -q "^$p volume secret secret taups-key " "$P" ||
        fail "$p key volumes"
    grep -q "^$p [a-z]*: .* $K" "$P" || fail "$p --key-file"
    grep -q "^$p [a-z]* mount /run/taups key ro$" "$P" || fail "$p key mount"
    grep -q "^$p user 10001$" "$P" || fail "$p runAsUser"
    ! grep "^$p .* readonly-root false$" "$P" || fail "$p writable root"
done
# Workers and the evaluator wait until every shard's name resolves (a
# getent of this test's says which do): at once when all do, on while one
# does not.
mkdir -p "$WORK/bin" "$WORK/wait/etc"
printf '#!/bin/sh\ngrep -qx "$2" "%s"\n' "$WORK/resolvable" > "$WORK/bin/getent"
chmod +x "$WORK/bin/getent"
sed -n "s/^taups-worker-0 config shape.conf: //p" "$P" > "$WORK/wait/etc/shape.conf"
for p in taups-evaluator taups-worker-0 taups-worker-3; do
    wait_sh=$(sed -n "s/^$p init shards: sh -c //p" "$P" | sed "s|/etc/taups/|$WORK/wait/etc/|g")
    echo taups-shard-0.taups-shard > "$WORK/resolvable"
    rc=0
    PATH="$WORK/bin:$PATH" timeout 1 sh -c "$wait_sh" || rc=$?
    [ $rc = 124 ] || fail "$p did not wait for shard 1's name (exit $rc): $wait_sh"
    echo taups-shard-1.taups-shard >> "$WORK/resolvable"
    PATH="$WORK/bin:$PATH" timeout 5 sh -c "$wait_sh" || fail "$p waits for names that resolve"
done
# The grace period covers the final checkpoint: at most --max-memory bytes
# at 25 MB/s, plus 30 s.
mem=$(sed -n 's/^taups-shard-0 shard: .*--max-memory \([0-9]*\).*/\1/p' "$P")
grace=$(sed -n 's/^taups-shard-0 grace //p' "$P")
[ "$grace" -ge $((mem / 25000000 + 30)) ] || fail "grace $grace s for $mem bytes"
# Only taups' own pods reach the shard port.
[ "$(grep '^policy taups-shard port 7070 ' "$P")" = "policy taups-shard port 7070 from app.kubernetes.io/name=taups,app.kubernetes.io/component=shard|worker|evaluator|admin" ] ||
    fail "the shard port's NetworkPolicy: $(grep '^policy' "$P")"

# The rendered command lines, run here. POD's line with its volumes at
# DIR/... and the programs of this build.
run_line() { # POD CONTAINER DIR EXTRA-SED
    sed -n "s/^$1 $2: //p" "$P" | sed -e "s|^taups-server|$SERVER|; s|^taups-worker|$WORKER|" \
        -e "s|/etc/taups/|$WORK/etc/|g; s|/run/taups/|$3/run/|g; s|/var/lib/taups|$3/data|g" \
        -e "s|0.0.0.0:910[12]|127.0.0.1:0|" -e "$4"
}
mkdir -p "$WORK/etc"
for f in cluster.conf shape.conf; do
    sed -n "s/^taups-shard-0 config $f: //p" "$P" > "$WORK/etc/$f"
done
p0=$(free_port)
p1=$(free_port)
sed -i "s|taups-shard-0.taups-shard:7070|127.0.0.1:$p0|; s|taups-shard-1.taups-shard:7070|127.0.0.1:$p1|" "$WORK/etc/shape.conf"
# The Secret as the kubelet mounts it under fsGroup: group-readable, which
# taups refuses; the init container's copy is accepted.
mkdir -p "$WORK/secret"
"$CTL" keygen "$WORK/secret/cluster.key" > /dev/null
chmod 0440 "$WORK/secret/cluster.key"
rc=0
"$SERVER" --listen 127.0.0.1:0 --key-file "$WORK/secret/cluster.key" 2> "$WORK/refused.log" || rc=$?
[ $rc != 0 ] && grep -q "accessible to group" "$WORK/refused.log" ||
    fail "a group-readable key was not refused: $(cat "$WORK/refused.log")"
for p in $pods; do
    mkdir -p "$WORK/$p/run" "$WORK/$p/data"
    # shellcheck disable=SC2046
    $(sed -n "s/^$p init key: //p" "$P" | sed -e "s|/run/taups-secret/|$WORK/secret/|; s|/run/taups/|$WORK/$p/run/|") ||
        fail "$p: the init container's copy of the key"
    [ "$(stat -c %a "$WORK/$p/run/cluster.key")" = 400 ] || fail "$p key mode"
done
for i in 0 1; do
    port=$([ $i = 0 ] && echo "$p0" || echo "$p1")
    # shellcheck disable=SC2046
    $(run_line "taups-shard-$i" shard "$WORK/taups-shard-$i" "s|0.0.0.0:7070|127.0.0.1:$port|") \
        2> "$WORK/shard-$i.log" &
    PIDS="$PIDS $!"
    eval "spid$i=$!"
done
for i in 0 1; do
    wait_for "$WORK/shard-$i.log" "metrics on http" 10 || fail "shard $i: $(cat "$WORK/shard-$i.log")"
    url=$(sed -n 's|.*metrics on \(http://[^ ]*\)/metrics.*|\1|p' "$WORK/shard-$i.log")
    [ "$(curl -s "$url/ready")" = ready ] || fail "shard $i not ready"
done
wpids=""
for r in 0 1 2 3; do
    # shellcheck disable=SC2046
    $(run_line "taups-worker-$r" worker "$WORK/taups-worker-$r" "") 2> "$WORK/worker-$r.log" &
    wpids="$wpids $!"
    PIDS="$PIDS $!"
done
for w in $wpids; do
    wait "$w" || fail "a worker failed: $(tail -3 "$WORK"/worker-*.log)"
done
[ "$(tail -n +2 "$WORK/taups-worker-3/data/worker-3.csv" | wc -l)" = 300 ] || fail "worker 3's log"
for i in 0 1; do
    eval "kill -TERM \$spid$i; wait \$spid$i" || fail "shard $i exit status"
    ls "$WORK/taups-shard-$i/data/shard-$i-of-2"/gen-*.ckpt > /dev/null ||
        fail "no final checkpoint on shard $i's claim: $(cat "$WORK/shard-$i.log")"
done

# Scale to 3: the reshard Job names every old shard's checkpoint directory
# on its claim, and run here it re-cuts them into each new shard's claim.
"$RENDER" --shards 3 --workers 4 --reshard-from 2 > "$WORK/reshard.yaml" 2> "$WORK/render.err" ||
    fail "render.sh --reshard-from: $(cat "$WORK/render.err")"
node "$WORK/js/validate.mjs" < "$WORK/reshard.yaml" > "$WORK/valid.txt" ||
    fail "reshard manifests: $(cat "$WORK/valid.txt")"
[ "$(grep -c '^valid' "$WORK/valid.txt")" = 2 ] && grep -q "^valid: PersistentVolumeClaim checkpoints-taups-shard-2$" "$WORK/valid.txt" ||
    fail "reshard objects: $(cat "$WORK/valid.txt")"
# The new shard's claim as the StatefulSet would have made it.
[ "$(sed -n 's/^ *storage: //p' "$WORK/reshard.yaml")" = "$(sed -n 's/^ *storage: //p' "$WORK/all.yaml")" ] ||
    fail "the new claim's size differs from volumeClaimTemplates'"
node "$WORK/js/pods.mjs" < "$WORK/reshard.yaml" > "$WORK/rpods.txt"
script=$(sed -n 's/^taups-reshard reshard: sh -ec //p' "$WORK/rpods.txt")
echo "$script" | grep -q "taups-ctl reshard /run/reshard/shard 3 /claims/0/shard-0-of-2 /claims/1/shard-1-of-2$" ||
    fail "reshard command: $script"
for k in 0 1 2; do
    grep -q "^taups-reshard reshard mount /claims/$k claim-$k$" "$WORK/rpods.txt" &&
        grep -q "^taups-reshard volume claim-$k claim checkpoints-taups-shard-$k$" "$WORK/rpods.txt" ||
        fail "claim $k is not mounted"
done
mkdir -p "$WORK/claims" "$WORK/links" "$WORK/taups-shard-2/data"
for k in 0 1 2; do
    ln -s "$WORK/taups-shard-$k/data" "$WORK/claims/$k"
done
echo "$script" | sed -e "s|/claims/|$WORK/claims/|g; s|/run/reshard/|$WORK/links/|g" \
    -e "s|exec taups-ctl|exec $CTL|" > "$WORK/reshard.sh"
sh -ec "$(cat "$WORK/reshard.sh")" 2> "$WORK/reshard.log" || fail "reshard: $(cat "$WORK/reshard.log")"
for k in 0 1 2; do
    ls "$WORK/taups-shard-$k/data/shard-$k-of-3"/gen-*.ckpt > /dev/null ||
        fail "no checkpoint for shard $k of 3: $(cat "$WORK/reshard.log")"
done
echo "e2e_kubernetes: 1 passed, 0 failed"
