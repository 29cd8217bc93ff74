/* What the registries tell the module API (src/runtime/module.c) while a
 * code object loads: hipModuleLoad dlopen()s it, and its constructors
 * register its kernels and variables exactly as a program's do. Each
 * registry calls the matching hook after a new registration; the hooks
 * only act on the thread that is loading a code object (thread-local
 * state, no lock). */
#ifndef HIPC_RUNTIME_MODULE_H
#define HIPC_RUNTIME_MODULE_H

#include <stddef.h>

#include "hip/hipc/kernel.h"

/* A kernel was registered (hipc_register_kernel). */
void hipc__module_note_kernel(const hipc_kernel_desc* d);
/* A __device__/__constant__/__managed__ variable was registered: its key
 * and its storage on the CPU device (the same but for clang's front end,
 * see symbol.c). */
void hipc__module_note_symbol(const void* host_addr, void* storage,
                              const char* name, size_t size, int kind);
/* Something was registered that cannot be unregistered (a GPU module):
 * the code object stays mapped after hipModuleUnload. */
void hipc__module_note_pin(void);

/* -- module.c and module_launch.c: the module API's handles. */
#define HIPC_MODULE_MAGIC 0x686d6f64u   /* "hmod" */
#define HIPC_FUNCTION_MAGIC 0x6866756eu /* "hfun" */

/* hipFunction_t: a kernel of a loaded module. Never freed (a stale handle
 * stays recognisable): the module's `alive` says whether it may run. */
struct ihipModuleSymbol_t {
  unsigned magic;
  struct ihipModule_t* module;
  const hipc_kernel_desc* desc; /* valid while the module is loaded */
  struct ihipModuleSymbol_t* next; /* the module's functions */
};

/* Whether `f` is a function of a module that is still loaded. */
int hipc__module_function_ok(const struct ihipModuleSymbol_t* f);
/* The kernel of `p` when it is a function handle of a loaded module, else
 * NULL; `p` may be any pointer (it is compared with the handles, never
 * read). Where AMD takes a hipFunction_t for a kernel's address (a graph's
 * kernel node), this finds it. */
const hipc_kernel_desc* hipc__module_function_desc(const void* p);

#endif /* HIPC_RUNTIME_MODULE_H */
