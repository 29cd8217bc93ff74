/* Fiber stacks and new contexts. The frame layouts written here mirror what
 * hipc_fiber_switch pops in fiber_<arch>.S.
 *
 * Where valgrind's headers are there at build time, each stack is
 * registered with valgrind (a client request: a few no-op instructions
 * outside valgrind), so that memcheck knows a switch to it for a stack
 * switch rather than a wild change of the stack pointer. libhipc does not
 * depend on valgrind. */
#define _GNU_SOURCE
#include "fiber.h"

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define HIPC_VALGRIND 1
#endif
#endif

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void hipc_fiber_trampoline(void);

static size_t page_size(void) {
  static size_t ps; /* workers race to set it, to the same value */
  size_t v = __atomic_load_n(&ps, __ATOMIC_RELAXED);
  if (!v) {
    v = (size_t)sysconf(_SC_PAGESIZE);
    __atomic_store_n(&ps, v, __ATOMIC_RELAXED);
  }
  return v;
}

void* hipc__fiber_stack_alloc(size_t size, unsigned* vg_id) {
  *vg_id = 0;
  size_t guard = page_size();
  /* MAP_NORESERVE: only the pages a thread touches cost memory. */
  char* p = mmap(NULL, size + guard, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1,
                 0);
  if (p == MAP_FAILED) return NULL;
  if (mprotect(p, guard, PROT_NONE) != 0) {
    munmap(p, size + guard);
    return NULL;
  }
#ifdef HIPC_VALGRIND
  *vg_id = VALGRIND_STACK_REGISTER(p + guard, p + guard + size);
#endif
  return p + guard;
}

void hipc__fiber_stack_free(void* stack, size_t size, unsigned vg_id) {
  if (!stack) return;
#ifdef HIPC_VALGRIND
  VALGRIND_STACK_DEREGISTER(vg_id);
#else
  (void)vg_id;
#endif
  munmap((char*)stack - page_size(), size + page_size());
}

int hipc__fiber_in_guard(const void* stack, size_t size, const void* addr) {
  (void)size;
  uintptr_t lo = (uintptr_t)stack - page_size(), a = (uintptr_t)addr;
  return a >= lo && a < (uintptr_t)stack;
}

#if defined(__x86_64__)
void* hipc_fiber_make(void* stack, size_t size, void (*entry)(void*),
                      void* arg) {
  uintptr_t top = ((uintptr_t)stack + size) & ~(uintptr_t)15;
  /* After the final `ret` into the trampoline, rsp must be 16-byte aligned
   * so that its `call` gives entry() the ABI's alignment. */
  uint64_t* sp = (uint64_t*)top - 3;   /* sp[0]: return address */
  sp[0] = (uint64_t)(uintptr_t)hipc_fiber_trampoline;
  sp[1] = sp[2] = 0;
  sp -= 6;                              /* r15 r14 r13 r12 rbx rbp */
  memset(sp, 0, 6 * sizeof *sp);
  sp[2] = (uint64_t)(uintptr_t)entry;   /* r13 */
  sp[3] = (uint64_t)(uintptr_t)arg;     /* r12 */
  return sp;
}
#elif defined(__aarch64__)
void* hipc_fiber_make(void* stack, size_t size, void (*entry)(void*),
                      void* arg) {
  uintptr_t top = ((uintptr_t)stack + size) & ~(uintptr_t)15;
  uint64_t* sp = (uint64_t*)(top - 176);
  memset(sp, 0, 176);
  sp[0] = (uint64_t)(uintptr_t)arg;                    /* x19 */
  sp[1] = (uint64_t)(uintptr_t)entry;                  /* x20 */
  sp[11] = (uint64_t)(uintptr_t)hipc_fiber_trampoline; /* x30 */
  uint64_t fpcr;
  __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
  sp[20] = fpcr;
  return sp;
}
#else
#error "hipc: no fiber implementation for this architecture"
#endif
