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
"""
import argparse
import os
import re
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
    ffi = cffi.FFI()
    ffi.cdef(cdef_of(os.path.join(a.include, "taups_error.h")))
    ffi.cdef(cdef_of(os.path.join(a.include, "taups.h")))
    ffi.cdef("void free(void *);")
    ffi.set_source(
        "taups._taups_cffi",
        '#include <stdlib.h>\n#include "taups.h"\n',
        include_dirs=[a.include],
        library_dirs=[a.lib_dir],
        libraries=["taups"],
        extra_link_args=["-Wl,-rpath," + a.rpath],
    )
    # --out is the directory that holds the package: the module lands in
    # OUT/taups/, beside __init__.py.
    os.makedirs(os.path.join(a.out, "taups"), exist_ok=True)
    ffi.compile(tmpdir=a.out, verbose=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
