#!/usr/bin/env bash
# Independent shuffles grouped (src/kc/form_loops_group.c): in a kernel
# with 64 shuffles or more, a run of shuffles of one kind, lane operand and
# width, none reading another's result and only pure code between them,
# becomes one shuffle of a vector of up to 32 words, one cut of the
# regions instead of one each. tests/kernels/shfl_group.hip: its butterfly
# (5 steps of 32 float shuffles) is five 32-word shuffles in the working
# copy of every body, none left alone; its 64-bit xor row is cut in two by
# a store (11 and 13 words); its __shfl row is one of 24; the double row,
# whose array stays in memory, keeps its shuffles apart. With
# HIPC_KC_NO_SHFL_GROUP=1 nothing is grouped. Both builds give the host's
# values at warp size 64 and 32.
# test-timeout: 300
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
command -v "${HIPC_CLANG:-clang-19}" > /dev/null ||
  { echo "skip: needs clang-19"; exit 77; }
KC=$BUILD/bin/hipc-kc
src=$REPO/tests/kernels/shfl_group.hip

"$HIPCC" -O2 -I"$REPO/tests/kernels" -save-temps "$src" -o grouped 2> err.txt
check "shfl_group.hip builds ($(head -3 err.txt))" [ -x grouped ]
[ -x grouped ] || exit 1
HIPC_KC_NO_SHFL_GROUP=1 "$HIPCC" -O2 -I"$REPO/tests/kernels" "$src" \
  -o apart 2> err.txt
check "shfl_group.hip builds apart ($(head -3 err.txt))" [ -x apart ]
for b in grouped apart; do
  for w in 64 32; do
    check "$b, warp $w: $(HIPC_WARP_SIZE=$w ./$b 2>&1 | tail -2)" \
      env HIPC_WARP_SIZE=$w ./$b
  done
done

# The working copies of the region form (KC_LOOPS_DEBUG), per kernel:
# how many calls of each shuffle made of a group, and how many alone.
KC_LOOPS_DEBUG=1 "$KC" shfl_group.cpu.bc --id t -O2 -o k.o 2> dbg.txt
HIPC_KC_NO_SHFL_GROUP=1 KC_LOOPS_DEBUG=1 "$KC" shfl_group.cpu.bc --id t \
  -O2 -o k.o 2> dbg0.txt
count() { # FILE KERNEL PATTERN
  awk -v k="$2" -v p="$3" '/^define/ { on = index($0, k) > 0 }
    /^}/ { on = 0 } on && $0 ~ p { n++ } END { print n + 0 }' "$1"
}
bodies=$(grep -c '^define.*k_butterfly.*loops.tmp' dbg.txt)
check "butterfly: bodies made, $bodies" [ "$bodies" -ge 2 ]
g=$(count dbg.txt k_butterfly 'call <32 x i32> @__hipc_kc_shfl_xor.g32.i32')
alone=$(count dbg.txt k_butterfly 'call i64 @__hipc_kc_shfl_xor\(')
check "butterfly: 5 groups of 32 per body ($g in $bodies), $alone alone" \
  [ "$g" -eq $((5 * bodies)) -a "$alone" -eq 0 ]
x11=$(count dbg.txt k_words 'call <11 x i64> @__hipc_kc_shfl_xor.g11.i64')
x13=$(count dbg.txt k_words 'call <13 x i64> @__hipc_kc_shfl_xor.g13.i64')
i24=$(count dbg.txt k_words 'call <24 x i32> @__hipc_kc_shfl_idx.g24.i32')
words=$(grep -c '^define.*k_words.*loops.tmp' dbg.txt)
check "words: xor 11 + 13 and idx 24 in each of $words bodies ($x11 $x13 $i24)" \
  [ "$words" -ge 1 -a "$x11" -eq "$words" -a "$x13" -eq "$words" \
    -a "$i24" -eq "$words" ]
down=$(count dbg.txt k_words 'call i64 @__hipc_kc_shfl_down\(')
check "words: the double row apart ($down = 24 per body)" \
  [ "$down" -eq $((24 * words)) ]
none=$(grep -c '@__hipc_kc_shfl_[a-z]*\.g' dbg0.txt)
check "HIPC_KC_NO_SHFL_GROUP=1: no group ($none)" [ "$none" -eq 0 ]
exit $fail
