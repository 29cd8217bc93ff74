/* ThreadSanitizer's fiber annotations for the scheduler's context switches
 * (sched.c). Under -fsanitize=thread every fiber is announced to TSan and
 * each switch is reported before it happens, so that TSan follows the
 * fibers' stacks and sees a switch as the synchronisation it is. In other
 * builds these are empty inline functions. */
#ifndef HIPC_CPU_TSAN_FIBER_H
#define HIPC_CPU_TSAN_FIBER_H

#if defined(__SANITIZE_THREAD__)
#define HIPC_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define HIPC_TSAN 1
#endif
#endif

#ifdef HIPC_TSAN
#include <sanitizer/tsan_interface.h>

static inline void* hipc_tsan_current(void) {
  return __tsan_get_current_fiber();
}
static inline void* hipc_tsan_create(void) { return __tsan_create_fiber(0); }
static inline void hipc_tsan_destroy(void* f) {
  if (f) __tsan_destroy_fiber(f);
}
static inline void hipc_tsan_switch(void* to) {
  __tsan_switch_to_fiber(to, 0);
}
static inline void hipc_tsan_release(void* a) { __tsan_release(a); }
static inline void hipc_tsan_acquire(void* a) { __tsan_acquire(a); }
#else
/* A program built with -fsanitize=thread has TSan's runtime even where
 * libhipc was built without it: TSan then sees the memcpy and memset that
 * the workers call (intercepted), but not the atomics by which a waiting
 * host thread learns that they are done. libhipc tells it: each unit of
 * work a worker completes is a release, each wait that returns an
 * acquire, on the device. Weak references, null without TSan. */
extern void __tsan_release(void* addr)
    __attribute__((weak, visibility("default")));
extern void __tsan_acquire(void* addr)
    __attribute__((weak, visibility("default")));
static inline void hipc_tsan_release(void* a) {
  if (__tsan_release) __tsan_release(a);
}
static inline void hipc_tsan_acquire(void* a) {
  if (__tsan_acquire) __tsan_acquire(a);
}
static inline void* hipc_tsan_current(void) { return 0; }
static inline void* hipc_tsan_create(void) { return 0; }
static inline void hipc_tsan_destroy(void* f) { (void)f; }
static inline void hipc_tsan_switch(void* to) { (void)to; }
#endif

#endif /* HIPC_CPU_TSAN_FIBER_H */
