/* thrust/system/hip/detail/per_device_resource.h: none; Thrust's generic
 * per-device resource is used. */
#pragma once
