#!/usr/bin/env bash
# examples/makefile, a Makefile written as for ROCm (everything from
# hipconfig on PATH), builds and runs against an installed, moved tree.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_libhipc
P=$dir/p
install_hipc "$P"
cp -R "$REPO/examples/makefile" proj
if PATH=$P/bin:$PATH make -s -C proj > build.txt 2>&1; then
  expect_output "the Makefile project's program" "reduce ok 5000050000" \
    proj/reduce
else
  echo "FAIL: make in examples/makefile:"
  cat build.txt
  fail=1
fi
# The hipconfig the Makefile ran is the installed one.
check "hipconfig on PATH is the installed one" \
  test "$(PATH=$P/bin:$PATH hipconfig --path)" = "$P"
exit $fail
