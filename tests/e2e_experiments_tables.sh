#!/bin/bash
# SPDX-License-Identifier: MIT
# experiments/README.md's tables are made from the committed results by
# experiments/tables.py: each marked table must equal what the script makes
# of its source now, and --update must bring back one that was edited by
# hand. Reads files only; a tarball without the results skips.
. "$(dirname "$0")/lib.sh"

SRC=${TAUPS_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
[ -d "$SRC/experiments/results" ] ||
    { echo "# SKIP: no committed results (a release tarball)"; exit 77; }
command -v python3 > /dev/null || { echo "# SKIP: no python3"; exit 77; }

python3 "$SRC/experiments/tables.py" --check ||
    fail "experiments/README.md's tables differ from their sources (above)"
n=$(grep -c '^<!-- begin table ' "$SRC/experiments/README.md")
[ "$n" -ge 10 ] || fail "only $n marked tables in experiments/README.md"

# A copy with one number changed by hand: --check names it, --update
# restores it and nothing else.
mkdir -p "$WORK/experiments"
cp "$SRC/experiments/tables.py" "$WORK/experiments/"
ln -s "$SRC/experiments/results" "$WORK/experiments/results"
sed '/^<!-- begin table e1-ssp: /,/^<!-- end table e1-ssp -->/s/^| 0 | 12000 /| 0 | 11999 /' \
    "$SRC/experiments/README.md" > "$WORK/experiments/README.md"
! cmp -s "$SRC/experiments/README.md" "$WORK/experiments/README.md" ||
    fail "the test's edit did not apply"
st=0
python3 "$WORK/experiments/tables.py" --check > "$WORK/check.out" || st=$?
[ $st = 1 ] && grep -q "table e1-ssp differs" "$WORK/check.out" ||
    fail "an edited table: status $st, $(cat "$WORK/check.out")"
python3 "$WORK/experiments/tables.py" --update > /dev/null || fail "--update failed"
cmp -s "$SRC/experiments/README.md" "$WORK/experiments/README.md" ||
    fail "--update: $(diff "$SRC/experiments/README.md" "$WORK/experiments/README.md")"
echo "e2e_experiments_tables: 1 passed, 0 failed"
