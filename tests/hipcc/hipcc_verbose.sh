#!/usr/bin/env bash
# -v prints each command, shell-quoted, before running it.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
if ! command -v gcc > /dev/null; then
  echo "skip: gcc is not installed"
  exit 77
fi

cat > f.c <<'SRC'
const char *msg(void) { return MSG; }
SRC
HIPC_CC=gcc "$HIPCC" -v -c f.c '-DMSG="a b"' 2> err.txt
rc=$?
if [ $rc -ne 0 ]; then
  echo "FAIL: hipcc -v -c f.c exited $rc:"
  cat err.txt
  fail=1
fi
if ! grep -q "^gcc -c .*'-DMSG=\"a b\"' .*f\.c -o f\.o\$" err.txt; then
  echo "FAIL: -v did not print the quoted command; got:"
  cat err.txt
  fail=1
fi
if [ ! -f f.o ]; then
  echo "FAIL: -c f.c did not write f.o in the current directory"
  fail=1
fi
exit $fail
