// hipCUB for hipc: every block, warp and device primitive and iterator.
#ifndef HIPCUB_HIPCUB_HPP
#define HIPCUB_HIPCUB_HPP

#include "hipcub/config.hpp"
#include "hipcub/util/util_type.hpp"
#include "hipcub/util_allocator.hpp"
#include "hipcub/thread/thread_operators.hpp"

#include "hipcub/iterator/arg_index_input_iterator.hpp"
#include "hipcub/iterator/cache_modified_input_iterator.hpp"
#include "hipcub/iterator/constant_input_iterator.hpp"
#include "hipcub/iterator/counting_input_iterator.hpp"
#include "hipcub/iterator/discard_output_iterator.hpp"
#include "hipcub/iterator/transform_input_iterator.hpp"

#include "hipcub/warp/warp_load.hpp"
#include "hipcub/warp/warp_reduce.hpp"
#include "hipcub/warp/warp_scan.hpp"
#include "hipcub/warp/warp_store.hpp"

#include "hipcub/block/block_adjacent_difference.hpp"
#include "hipcub/block/block_discontinuity.hpp"
#include "hipcub/block/block_exchange.hpp"
#include "hipcub/block/block_histogram.hpp"
#include "hipcub/block/block_load.hpp"
#include "hipcub/block/block_radix_sort.hpp"
#include "hipcub/block/block_reduce.hpp"
#include "hipcub/block/block_scan.hpp"
#include "hipcub/block/block_store.hpp"


#include "hipcub/device/device_adjacent_difference.hpp"
#include "hipcub/device/device_histogram.hpp"
#include "hipcub/device/device_merge_sort.hpp"
#include "hipcub/device/device_partition.hpp"
#include "hipcub/device/device_radix_sort.hpp"
#include "hipcub/device/device_reduce.hpp"
#include "hipcub/device/device_run_length_encode.hpp"
#include "hipcub/device/device_scan.hpp"
#include "hipcub/device/device_segmented_radix_sort.hpp"
#include "hipcub/device/device_segmented_reduce.hpp"
#include "hipcub/device/device_select.hpp"

#endif  // HIPCUB_HIPCUB_HPP
