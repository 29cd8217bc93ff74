// WarpStore lives with WarpLoad.
#include "hipcub/warp/warp_load.hpp"
