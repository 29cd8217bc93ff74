#!/usr/bin/env bash
# include/hiprand/hipc/jump_tables.h is what src/lib/hiprand/gen_jump.c
# writes (make hiprand-tables regenerates it).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
check "gen_jump builds" ${CC:-cc} -std=c11 -Wall -Wextra -Werror -O2 \
  "$REPO/src/lib/hiprand/gen_jump.c" -o gen_jump
check "gen_jump runs" sh -c './gen_jump > tables.h'
check "the committed tables are gen_jump's" \
  diff -u "$REPO/include/hiprand/hipc/jump_tables.h" tables.h
exit $fail
