#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the taups container image without a registry: a Debian root file
# system from Debian's archive (debootstrap, minbase) with the runtime
# libraries alone, taups installed into it from a build directory
# (make install DESTDIR=), the runtime user 10001, then `podman import`.
# Without podman it leaves the root file system and its tarball, for
# `docker import` or `ctr image import` elsewhere. Run as root.
#
#   deploy/kubernetes/build-image.sh [--builddir build] [--tag localhost/taups:latest]
#       [--suite bookworm] [--mirror http://deb.debian.org/debian]
#       [--out DIR] [--no-data]
#
# --no-data leaves out dataset-fashion-mnist, which the built-in worker's
# softmax and mlp models read.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
builddir=$here/../../build
tag=localhost/taups:latest
suite=bookworm
mirror=http://deb.debian.org/debian
out=""
data=dataset-fashion-mnist
# The libraries the programs link (README.md, "Running a cluster by hand").
runtime=libuv1,libprotobuf-c1,libzstd1,libjansson4,libsodium23,libsystemd0,libxxhash0,zlib1g,libmicrohttpd12

while [ $# -gt 0 ]; do
    case $1 in
    --builddir) builddir=$2; shift ;;
    --tag) tag=$2; shift ;;
    --suite) suite=$2; shift ;;
    --mirror) mirror=$2; shift ;;
    --out) out=$2; shift ;;
    --no-data) data="" ;;
    *) echo "usage: build-image.sh [--builddir DIR] [--tag TAG] [--suite SUITE] [--mirror URL] [--out DIR] [--no-data]" >&2; exit 2 ;;
    esac
    shift
done
[ "$(id -u)" = 0 ] || { echo "build-image.sh: debootstrap and chroot need root" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "build-image.sh: apt-get install debootstrap" >&2; exit 1; }
[ -x "$builddir/server/taups-server" ] || { echo "build-image.sh: no build in $builddir (./build.sh)" >&2; exit 1; }
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/taups-image.XXXXXX")
root=$out/rootfs
mkdir -p "$out"

echo "build-image.sh: debootstrap $suite into $root"
debootstrap --variant=minbase --include="$runtime${data:+,$data}" \
    "$suite" "$root" "$mirror" > "$out/debootstrap.log" 2>&1 ||
    { tail -20 "$out/debootstrap.log" >&2; exit 1; }

echo "build-image.sh: make install DESTDIR=$out/stage"
make -C "$builddir" install DESTDIR="$out/stage" > "$out/install.log" 2>&1 ||
    { tail -20 "$out/install.log" >&2; exit 1; }
# The programs, the library and its data; no headers, units, man pages or
# Python package (the image has no Python).
cp -a "$out/stage/usr/local/." "$root/usr/local/"
rm -rf "$root/usr/local/include" "$root/usr/local/share/man" \
    "$root/usr/local/lib/pkgconfig" "$root/usr/local/lib/python"*
chroot "$root" ldconfig

# The runtime user the manifests name (runAsUser 10001); no home, no shell.
echo "taups:x:10001:10001:taups:/nonexistent:/usr/sbin/nologin" >> "$root/etc/passwd"
echo "taups:x:10001:" >> "$root/etc/group"

# What a container never uses: package lists and caches, documentation
# (each package's copyright stays), locales.
rm -rf "$root/var/cache/apt/"* "$root/var/lib/apt/lists/"* "$root/var/log/"*
find "$root/usr/share/doc" -type f ! -name copyright -delete
rm -rf "$root/usr/share/man" "$root/usr/share/info" "$root/usr/share/locale"

# The image runs what it should: every library found, as the runtime user.
if chroot "$root" sh -c 'ldd /usr/local/bin/taups-server /usr/local/bin/taups-worker /usr/local/bin/taups-ctl' | grep 'not found'; then
    echo "build-image.sh: a library is missing from the image" >&2
    exit 1
fi
for p in taups-server taups-worker taups-ctl; do
    chroot --userspec=10001:10001 "$root" "$p" --version > /dev/null ||
        { echo "build-image.sh: $p does not run in the image" >&2; exit 1; }
done

tar -C "$root" --numeric-owner -cf "$out/rootfs.tar" .
echo "build-image.sh: root file system $(du -sh "$root" | cut -f1), tarball $out/rootfs.tar"
if command -v podman >/dev/null; then
    podman import --change 'USER 10001:10001' --change 'WORKDIR /' \
        --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin' \
        --change 'CMD ["taups-server", "--help"]' "$out/rootfs.tar" "$tag"
    podman image ls "$tag"
else
    echo "build-image.sh: podman is not installed: import $out/rootfs.tar as $tag elsewhere"
fi
