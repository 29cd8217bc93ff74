/* Fibers: stacks and the context switch (fiber_<arch>.S).
 *
 * A context is just a saved stack pointer: hipc_fiber_switch() pushes the
 * callee-saved registers on the current stack, stores the stack pointer in
 * *from, loads `to` and pops the registers saved there. */
#ifndef HIPC_CPU_FIBER_H
#define HIPC_CPU_FIBER_H

#include <stddef.h>

/* Switches from the running context (whose stack pointer is saved to *from)
 * to the context saved as `to`. Returns when some context switches back. */
void hipc_fiber_switch(void** from, void* to);

/* Prepares `stack` (of `size` bytes, growing down) so that switching to the
 * returned context calls entry(arg) on it. `entry` must never return. */
void* hipc_fiber_make(void* stack, size_t size, void (*entry)(void*),
                      void* arg);

/* Stacks with a guard page below them; `vg_id` is valgrind's id of the
 * stack (0 where libhipc was built without valgrind's headers). */
void* hipc__fiber_stack_alloc(size_t size, unsigned* vg_id);
void hipc__fiber_stack_free(void* stack, size_t size, unsigned vg_id);

/* Whether `addr` lies in the guard page of a stack of `size` bytes. */
int hipc__fiber_in_guard(const void* stack, size_t size, const void* addr);

#endif /* HIPC_CPU_FIBER_H */
