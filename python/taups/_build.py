# SPDX-License-Identifier: MIT
"""Builds taups._taups_cffi, the C half of the Python package, with cffi in
its API (out-of-line) mode: a C extension compiled against the real
include/taups.h, so the compiler checks every structure and call against
the header instead of trusting a layout copied by hand (what ctypes would
need). The declarations cffi reads (its cdef) are generated here from the
headers, never written out: comments, include lines and the C++ guards
are dropped, the export marker TPS_API (a compiler attribute) too, and
each integer #define becomes "#define NAME ...", whose value the compiler
supplies.

Usage (from the build, Makefile.am):
  python3 _build.py --include DIR --lib-dir DIR --rpath DIR --out PYDIR
From pip (python/setup.py), ffi_from_pkgconfig builds against the
libtaups that make install installed, found by pkg-config (taups.pc, on
PKG_CONFIG_PATH; $PKG_CONFIG names another pkg-config).
"""
import argparse
import os
import re
import shlex
import subprocess
import sys

import cffi


def cdef_of(path):
    text = open(path).read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"\bTPS_API\b", "", text)
    out, skip = [], 0
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("#ifdef __cplusplus"):
            skip = 1
            continue
        if skip:
            if s.startswith("#endif"):
                skip = 0
            continue
        m = re.match(r"#\s*define\s+(TPS_\w+)\s+\(?-?\d+\)?\s*$", s)
        if m:
            out.append("#define %s ..." % m.group(1))
            continue
        if s.startswith("#"):
            continue
        out.append(line)
    return "\n".join(out)


def make_ffi(include, lib_dir, rpath):
    """The FFI of taups._taups_cffi: declarations from the headers in
    include, linked against lib_dir's libtaups, which it finds at run time
    in rpath."""
    ffi = cffi.FFI()
    ffi.cdef(cdef_of(os.path.join(include, "taups_error.h")))
    ffi.cdef(cdef_of(os.path.join(include, "taups.h")))
    ffi.cdef("void free(void *);")
    ffi.set_source(
        "taups._taups_cffi",
        '#include <stdlib.h>\n#include "taups.h"\n',
        include_dirs=[include],
        library_dirs=[lib_dir],
        libraries=["taups"],
        extra_link_args=["-Wl,-rpath," + rpath],
    )
    return ffi


def pkgconfig(*args):
    """What pkg-config says about taups, or an error that says how to
    make it find the installed library."""
    cmd = shlex.split(os.environ.get("PKG_CONFIG") or "pkg-config")
    try:
        r = subprocess.run(cmd + list(args) + ["taups"], capture_output=True,
                           text=True)
    except OSError as e:
        raise RuntimeError("taups: cannot run %s (%s): pkg-config finds the "
                           "installed libtaups (Debian: apt-get install "
                           "pkg-config)" % (cmd[0], e)) from None
    if r.returncode != 0:
        raise RuntimeError(
            "taups: %s %s taups failed: %s. The package builds against an "
            "installed libtaups: run make install in the taups build, and "
            "set PKG_CONFIG_PATH to PREFIX/lib/pkgconfig when PREFIX is not "
            "one pkg-config searches" % (" ".join(cmd), " ".join(args),
                                         r.stderr.strip() or "no output"))
    return r.stdout.strip()


def ffi_from_pkgconfig():
    """For setup.py's cffi_modules: against the installed libtaups."""
    lib_dir = pkgconfig("--variable=libdir")
    return make_ffi(pkgconfig("--variable=includedir"), lib_dir, lib_dir)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--include", required=True)
    ap.add_argument("--lib-dir", required=True)
    ap.add_argument("--rpath", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    # cffi compiles from inside the output directory: relative paths would
    # point elsewhere from there.
    a.include, a.lib_dir, a.out = (os.path.abspath(p) for p in
                                   (a.include, a.lib_dir, a.out))
    ffi = make_ffi(a.include, a.lib_dir, a.rpath)
    # --out is the directory that holds the package: the module lands in
    # OUT/taups/, beside __init__.py.
    os.makedirs(os.path.join(a.out, "taups"), exist_ok=True)
    ffi.compile(tmpdir=a.out, verbose=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
