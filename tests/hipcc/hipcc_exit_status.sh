#!/usr/bin/env bash
# hipcc exits with the status of the first failing sub-command, and with 1
# when a sub-command crashes.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"

printf '#!/bin/sh\nexit 42\n' > exit42
printf '#!/bin/sh\nkill -SEGV $$\n' > crash
chmod +x exit42 crash
echo 'int f(void) { return 1; }' > f.c

HIPC_CC=$dir/exit42 "$HIPCC" -c f.c 2> err.txt
rc=$?
if [ $rc -ne 42 ]; then
  echo "FAIL: C compiler exiting 42: hipcc exited $rc"
  fail=1
fi

HIPC_CC=$dir/crash "$HIPCC" -c f.c 2> err.txt
rc=$?
if [ $rc -ne 1 ]; then
  echo "FAIL: crashing C compiler: hipcc exited $rc"
  fail=1
fi
if ! grep -q 'terminated by signal' err.txt; then
  echo "FAIL: crashing C compiler: no message; got:"
  cat err.txt
  fail=1
fi

# A failing link (the C++ compiler links) propagates too.
gcc -c f.c -o f.o 2> /dev/null || cc -c f.c -o f.o
HIPC_CXX=$dir/exit42 "$HIPCC" f.o -o prog 2> err.txt
rc=$?
if [ $rc -ne 42 ]; then
  echo "FAIL: linker exiting 42: hipcc exited $rc"
  fail=1
fi

# A compiler that cannot be found is an error, not a crash.
HIPC_CC=$dir/no-such-compiler "$HIPCC" -c f.c 2> err.txt
rc=$?
if [ $rc -ne 1 ] || ! grep -q "cannot run" err.txt; then
  echo "FAIL: missing compiler: exit $rc, message:"
  cat err.txt
  fail=1
fi
exit $fail
