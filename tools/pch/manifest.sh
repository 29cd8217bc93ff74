#!/bin/sh
# The lists beside the precompiled header PCH that hipcc reads before it
# uses it (src/hipcc/pch.c): PCH.deps, the files clang read to make it
# (from clang's PCH.d), and PCH.words, every identifier those files spell,
# one a line after an empty first line.
# Usage: tools/pch/manifest.sh PCH
set -e
pch=$1
sed -e '1s/^[^:]*: *//' -e 's/\\$//' "$pch.d" | tr -s ' \t' '\n' |
  grep -v '^$' >"$pch.deps.tmp"
{ echo; xargs cat <"$pch.deps.tmp" | tr -cs 'A-Za-z0-9_' '\n' | sort -u; } \
  >"$pch.words.tmp"
mv "$pch.words.tmp" "$pch.words"
mv "$pch.deps.tmp" "$pch.deps"
rm -f "$pch.d"
