// What the CPU half of cooperative groups (hip/hip_cooperative_groups.h)
// reads of the CPU device's per-thread state, in kc's device pass
// (__HIPC_KC__): the indices from the NVPTX special registers (which kc
// lowers to hipc_tls), the cooperative launch and the grid barrier from
// libhipc (src/backend/cpu/kc_coop.c), lane collectives from
// __hipc_kc_exchange (hip/hipc/kc_warp.h).
#ifndef HIPC_CG_KC_H
#define HIPC_CG_KC_H

#include <stdint.h>

#include "hip/hipc/coop.h"
#include "hip/hipc/kc_lib.h"
#include "hip/hipc/kc_warp.h"
#include "hip/hipc/qualifiers_nvptx.h"

namespace cooperative_groups {
namespace detail {

HIPC_NVPTX_FN dim3 block_dim() {
  return dim3(__nvvm_read_ptx_sreg_ntid_x(), __nvvm_read_ptx_sreg_ntid_y(),
              __nvvm_read_ptx_sreg_ntid_z());
}
HIPC_NVPTX_FN dim3 block_idx() {
  return dim3(__nvvm_read_ptx_sreg_ctaid_x(), __nvvm_read_ptx_sreg_ctaid_y(),
              __nvvm_read_ptx_sreg_ctaid_z());
}
HIPC_NVPTX_FN dim3 grid_dim() {
  return dim3(__nvvm_read_ptx_sreg_nctaid_x(),
              __nvvm_read_ptx_sreg_nctaid_y(),
              __nvvm_read_ptx_sreg_nctaid_z());
}
HIPC_NVPTX_FN dim3 thread_idx() {
  return dim3(__nvvm_read_ptx_sreg_tid_x(), __nvvm_read_ptx_sreg_tid_y(),
              __nvvm_read_ptx_sreg_tid_z());
}
HIPC_NVPTX_FN uint32_t linear_tid() {
  return __nvvm_read_ptx_sreg_tid_x() +
         __nvvm_read_ptx_sreg_ntid_x() *
             (__nvvm_read_ptx_sreg_tid_y() +
              __nvvm_read_ptx_sreg_ntid_y() * __nvvm_read_ptx_sreg_tid_z());
}
HIPC_NVPTX_FN uint32_t warp_size() {
  return static_cast<uint32_t>(__hipc_kc_read_warpsize());
}
HIPC_NVPTX_FN const hipc_coop_info* coop() { return hipc_kc_coop_info(); }
HIPC_NVPTX_FN const hipc_warp_snapshot* exchange(uint64_t v, uintptr_t site) {
  return __hipc_kc_exchange(~0ull, v, site);
}
HIPC_NVPTX_FN void syncthreads() { __syncthreads(); }
HIPC_NVPTX_FN void grid_sync(int multi) { hipc_kc_grid_sync(multi); }
HIPC_NVPTX_FN void kernel_error(const char* msg) { hipc_kc_kernel_error(msg); }

}  // namespace detail
}  // namespace cooperative_groups

#endif  // HIPC_CG_KC_H
