#!/bin/sh
# SPDX-License-Identifier: MIT
# Renders the taups cluster for Kubernetes with S shards and N workers:
# writes a kustomize overlay of base/ (replicas, completions, the
# ConfigMap of cluster.conf and shape.conf, the image) and prints
# `kubectl kustomize` of it. Only plain kustomize is used (bases,
# patchesStrategicMerge, configMapGenerator, images), which Debian's
# kubectl 1.20 renders as a current kubectl does.
#
#   render.sh --shards 2 --workers 4 [--config cluster.conf] | kubectl apply -f -
#
# With --reshard-from S0 it renders instead the Job that re-cuts the
# checkpoints of S0 shards for S (taups-ctl reshard over the shards'
# claims), and the claims of the new shards when S > S0 (README.md).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
shards=1
workers=1
config=$here/../cluster.conf
image=localhost/taups:latest
from=""
dir=""
storage=10Gi  # the shards' volumeClaimTemplates (base/shards.yaml)

usage() {
    echo "usage: render.sh --shards S --workers N [--config FILE] [--image IMAGE] [--reshard-from S0] [--dir DIR]" >&2
    exit 2
}
count() { # NAME VALUE: a whole number from 1
    case $2 in
    '' | *[!0-9]* | 0*) echo "render.sh: $1 must be a whole number from 1, not \"$2\"" >&2; exit 2 ;;
    esac
}
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
    --shards) shards=$2 ;;
    --workers) workers=$2 ;;
    --config) config=$2 ;;
    --image) image=$2 ;;
    --reshard-from) from=$2 ;;
    --dir) dir=$2 ;;
    *) usage ;;
    esac
    shift 2
done
count --shards "$shards"
count --workers "$workers"
[ -z "$from" ] || count --reshard-from "$from"
[ -r "$config" ] || { echo "render.sh: cannot read $config" >&2; exit 2; }

if [ -z "$dir" ]; then
    dir=$(mktemp -d "${TMPDIR:-/tmp}/taups-k8s.XXXXXX")
    trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"
cp "$config" "$dir/cluster.conf"
# kustomize takes a base by a relative path only.
rm -rf "$dir/base"
cp -R "$here/base" "$dir/base"

list() { # N SEP TEXT: TEXT for I = 0..N-1, each @ in it replaced by I, joined by SEP
    _i=0
    _out=""
    while [ "$_i" -lt "$1" ]; do
        _out="$_out${_out:+$2}$(echo "$3" | sed "s/@/$_i/g")"
        _i=$((_i + 1))
    done
    echo "$_out"
}

# Every shard by its stable name, in shard order; the Service's search
# domain makes the short name resolve in the namespace.
cluster=$(list "$shards" , "taups-shard-@.taups-shard:7070")
cat > "$dir/shape.conf" <<EOF
# Written by render.sh, read after cluster.conf (and so winning over it):
# this deployment's shards by their StatefulSet names, and its workers.
cluster = "$cluster"
workers = $workers
EOF

# The image, as kustomize's images transformer takes it.
name=${image%:*}
tag=${image##*:}
case $tag in
*/*) name=$image; tag=latest ;;
esac
[ "$name" != "$image" ] || tag=latest

# claim K: the volume of shard K's checkpoints, mounted at /claims/K.
reshard_job() {
    max=$from
    [ "$shards" -le "$max" ] || max=$shards
    mounts=""
    vols=""
    new=""
    links=""
    k=0
    while [ "$k" -lt "$max" ]; do
        mounts="$mounts
        - name: claim-$k
          mountPath: /claims/$k"
        vols="$vols
      - name: claim-$k
        persistentVolumeClaim:
          claimName: checkpoints-taups-shard-$k"
        if [ "$k" -lt "$shards" ]; then
            new="$new /claims/$k/shard-$k-of-$shards"
            links="$links ln -s /claims/$k/shard-$k-of-$shards /run/reshard/shard-$k;"
        fi
        k=$((k + 1))
    done
    old=" $(list "$from" " " "/claims/@/shard-@-of-$from")"
    k=$from
    while [ "$k" -lt "$shards" ]; do
        cat <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: checkpoints-taups-shard-$k
  labels:
    app.kubernetes.io/name: taups
    app.kubernetes.io/component: shard
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: $storage
---
EOF
        k=$((k + 1))
    done
    # taups-ctl reshard writes shard j into PREFIX-j: each PREFIX-j is a
    # link to the new shard's directory on its own claim.
    cat <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: taups-reshard
  labels:
    app.kubernetes.io/name: taups
    app.kubernetes.io/component: admin
spec:
  completions: 1
  backoffLimit: 0
  template:
    metadata:
      labels:
        app.kubernetes.io/name: taups
        app.kubernetes.io/component: admin
    spec:
      restartPolicy: Never
      automountServiceAccountToken: false
      enableServiceLinks: false
      securityContext:
        runAsNonRoot: true
        runAsUser: 10001
        runAsGroup: 10001
        fsGroup: 10001
        seccompProfile:
          type: RuntimeDefault
      containers:
      - name: reshard
        image: taups
        command:
        - sh
        - -ec
        - umask 077; mkdir -p$new;$links
          exec taups-ctl reshard /run/reshard/shard $shards$old
        securityContext:
          allowPrivilegeEscalation: false
          readOnlyRootFilesystem: true
          capabilities:
            drop: ["ALL"]
        resources:
          requests:
            cpu: "1"
            memory: 3Gi
          limits:
            memory: 3Gi
        volumeMounts:
        - name: links
          mountPath: /run/reshard$mounts
      volumes:
      - name: links
        emptyDir:
          medium: Memory
          sizeLimit: 1Mi$vols
EOF
}

if [ -n "$from" ]; then
    reshard_job > "$dir/reshard.yaml"
    cat > "$dir/kustomization.yaml" <<EOF
resources:
- reshard.yaml
images:
- name: taups
  newName: $name
  newTag: "$tag"
EOF
else
    cat > "$dir/shape.yaml" <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: taups-shard
spec:
  replicas: $shards
---
apiVersion: batch/v1
kind: Job
metadata:
  name: taups-worker
spec:
  completions: $workers
  parallelism: $workers
  backoffLimit: $((6 * workers))
EOF
    cat > "$dir/kustomization.yaml" <<EOF
bases:
- base
configMapGenerator:
- name: taups-config
  files:
  - cluster.conf
  - shape.conf
  literals:
  - shards=$shards
patchesStrategicMerge:
- shape.yaml
images:
- name: taups
  newName: $name
  newTag: "$tag"
EOF
fi
${KUBECTL:-kubectl} kustomize "$dir"
