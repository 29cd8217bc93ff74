#!/usr/bin/env bash
# hipc's MTGP32 parameter sets (include/hiprand/hipc/mtgp32_11213.h, a
# compact form) expand to exactly cuRAND's mtgp32dc_params_fast_11213, read
# from the CUDA toolkit's header where it is installed (skipped otherwise).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../hipcc/common.bash"
CUDA_INC=${CUDA_PATH:-/usr/local/cuda}/include
if [ ! -e "$CUDA_INC/curand_mtgp32dc_p_11213.h" ]; then
  echo "skip: no $CUDA_INC/curand_mtgp32dc_p_11213.h"
  exit 77
fi
dump() {
  cat <<SRC
#include <cstdio>
#include <$1>
int main() {
  for (int i = 0; i < 200; i++) {
    const mtgp32_params_fast_t& p = mtgp32dc_params_fast_11213[i];
    std::printf("%d %d %d %d %x", p.mexp, p.pos, p.sh1, p.sh2, p.mask);
    for (int j = 0; j < 16; j++)
      std::printf(" %x %x %x", p.tbl[j], p.tmp_tbl[j], p.flt_tmp_tbl[j]);
    std::printf("\n");
  }
  return 0;
}
SRC
}
dump curand_mtgp32dc_p_11213.h > cuda.cpp
dump hiprand/hiprand_mtgp32_host.h > hipc.hip
check "cuRAND's table builds" ${CXX:-c++} -std=c++17 -I"$CUDA_INC" cuda.cpp -o cuda
check "hipc's table builds" "$HIPCC" -O1 hipc.hip -o hipc
check "both run" sh -c './cuda > cuda.txt && ./hipc > hipc.txt'
check "the tables agree" cmp cuda.txt hipc.txt
check "200 sets" test "$(wc -l < hipc.txt)" -eq 200
exit $fail
