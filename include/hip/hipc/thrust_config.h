/* thrust_config.h: makes hipc's "hip" system Thrust's device system.
 *
 * Thrust (Debian's libthrust-dev, /usr/include/thrust) picks its device
 * system from THRUST_DEVICE_SYSTEM and finds that system's headers under
 * thrust/system/__THRUST_DEVICE_SYSTEM_NAMESPACE/. Its own list knows
 * CUDA, OMP, TBB and CPP only, and defines the namespace for those; for
 * any other value it leaves the namespace to whoever defined the value.
 * hipc's system is THRUST_DEVICE_SYSTEM_HIP (5, rocThrust's value), whose
 * headers are include/thrust/system/hip/ (docs/thrust.md); it is the
 * default, and a program may also name it
 * (-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_HIP). A program that sets
 * another (OMP, CPP, TBB) keeps its choice. Included by hip/hip_runtime.h, which hipcc includes first. */
#ifndef HIPC_THRUST_CONFIG_H
#define HIPC_THRUST_CONFIG_H

#define THRUST_DEVICE_SYSTEM_HIP 5
#ifndef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_HIP
#endif
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_HIP && \
    !defined(__THRUST_DEVICE_SYSTEM_NAMESPACE)
#define __THRUST_DEVICE_SYSTEM_NAMESPACE hip
#endif

#endif
