// The kinds of cooperative group, as HIP numbers them
// (cooperative_groups::internal::group_type): one definition for the CPU
// half (hip/hip_cooperative_groups.h) and the NVPTX half
// (hip/hipc/cg_nvptx.h).
#ifndef HIPC_CG_TYPES_H
#define HIPC_CG_TYPES_H

#include <cstdint>

namespace cooperative_groups {
namespace internal {
enum group_type : uint32_t {
  cg_multi_grid = 0,
  cg_grid = 1,
  cg_workgroup = 2,
  cg_tiled_group = 3,
  cg_coalesced_group = 4,
};
}  // namespace internal

}  // namespace cooperative_groups

#endif /* HIPC_CG_TYPES_H */
