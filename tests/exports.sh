#!/bin/bash
# SPDX-License-Identifier: MIT
# libtaups.so exports exactly the functions include/taups.h and
# include/taups_error.h declare: `nm -D --defined-only` of the built library,
# and of the copy `make install` puts in DESTDIR, against the names read from
# the headers themselves (no list kept by hand). Names each symbol exported
# but not declared, and each declared but not exported. Skipped (exit 77)
# when shared libraries are disabled or nm is missing.
set -eu
# sort and comm must agree on one order.
export LC_ALL=C
B=${TAUPS_BUILDDIR:-$(pwd)}
SRC=${TAUPS_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
NM=${NM:-nm}
LA=$B/libtaups.la
[ -f "$LA" ] || { echo "missing $LA: build first" >&2; exit 99; }
# libtool's own record of what it built: dlname is empty without a shared
# library, and libdir is where make install puts it.
dlname=$(sed -n "s/^dlname='\(.*\)'$/\1/p" "$LA")
libdir=$(sed -n "s/^libdir='\(.*\)'$/\1/p" "$LA")
if [ -z "$dlname" ]; then
    echo "SKIP: exports: no shared libtaups (configured with --disable-shared)"
    exit 77
fi
if ! command -v "$NM" > /dev/null 2>&1; then
    echo "SKIP: exports: no $NM to list the library's symbols"
    exit 77
fi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/taups-exports.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# Function names declared in the headers: comments and preprocessor lines
# (with their continuations) removed, then every tps_NAME followed by "(".
# A function-pointer type, (*tps_x_cb)(, is not followed by "(" and so is
# not taken.
declared() {
    awk '
    { line = $0; out = "" }
    incomment {
        i = index(line, "*/")
        if (i == 0) { print ""; next }
        line = substr(line, i + 2); incomment = 0
    }
    {
        while ((i = index(line, "/*")) > 0) {
            out = out substr(line, 1, i - 1) " "
            line = substr(line, i + 2)
            j = index(line, "*/")
            if (j == 0) { line = ""; incomment = 1; break }
            line = substr(line, j + 2)
        }
        out = out line
        if (cont || out ~ /^[ \t]*#/) {
            cont = (out ~ /\\$/); print ""; next
        }
        print out
    }' "$SRC/include/taups.h" "$SRC/include/taups_error.h" |
        grep -oE '(^|[^A-Za-z0-9_])tps_[a-z][A-Za-z0-9_]*[[:space:]]*\(' |
        sed -E 's/^[^t]*//; s/[[:space:]]*\($//' | sort -u
}

declared > "$WORK/declared"
[ -s "$WORK/declared" ] || { echo "FAIL: no function found in include/" >&2; exit 99; }

# check LIBRARY WHAT: its dynamic symbols against the headers.
bad=0
check() {
    "$NM" -D --defined-only "$1" > "$WORK/nm.out" ||
        { echo "FAIL: $NM -D --defined-only $1 failed" >&2; bad=1; return; }
    awk 'NF >= 3 { sub(/@.*/, "", $3); print $3 }' "$WORK/nm.out" | sort -u > "$WORK/exported"
    echo "# $2 ($1): $(wc -l < "$WORK/exported") symbols exported, $(wc -l < "$WORK/declared") functions declared"
    local s
    for s in $(comm -23 "$WORK/exported" "$WORK/declared"); do
        echo "FAIL: $2 exports $s, which include/ does not declare" >&2
        bad=1
    done
    for s in $(comm -13 "$WORK/exported" "$WORK/declared"); do
        echo "FAIL: $2 does not export $s, declared in include/" >&2
        bad=1
    done
}

check "$B/.libs/$dlname" "the built libtaups"

# The installed copy, through the real install rule of the library alone
# (libtool may relink at install time, and installs what it relinked). The
# parent make's jobserver is not this make's.
if command -v "${MAKE:-make}" > /dev/null 2>&1; then
    if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "${MAKE:-make}" -C "$B" \
        install-libLTLIBRARIES DESTDIR="$WORK/dest" > "$WORK/install.log" 2>&1; then
        check "$WORK/dest$libdir/$dlname" "the installed libtaups"
    else
        echo "FAIL: make install-libLTLIBRARIES DESTDIR=... failed:" >&2
        tail -n 20 "$WORK/install.log" >&2
        bad=1
    fi
else
    echo "# no make: the installed copy is not checked"
fi
exit $bad
