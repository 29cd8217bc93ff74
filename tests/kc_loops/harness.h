/* Shared by the region form's test harness (harness.c, harness_ported.c):
 * the launch of a grid through K.run, one block at a time, and the checks.
 * With -DKC_IMAGE the kernels come from hipc-kc's object (found by name in
 * the image it registers), else from the driver's module (NAME_run). */
#ifndef KC_LOOPS_HARNESS_H
#define KC_LOOPS_HARNESS_H

#include <stdio.h>

#include "hip/hipc/kernel.h"

typedef void (*run_fn)(hipc_cpu_block*);

#ifdef KC_IMAGE
run_fn find_run(const char* name);
#define RUN(k) find_run(#k)
#else
#define RUN(k) k##_run
#endif
/* The K.run of kernel k (the driver's module). */
#define KERNEL(k) void k##_run(hipc_cpu_block*)

extern int failures;
/* The warp size launch() runs blocks at (32 unless a test changes it). */
extern int harness_warp_size;
#define EXPECT(cond, ...)                           \
  do {                                              \
    if (!(cond)) {                                  \
      if (failures++ < 20) {                        \
        printf("FAIL %s:%d: ", __FILE__, __LINE__); \
        printf(__VA_ARGS__);                        \
        printf("\n");                               \
      }                                             \
    }                                               \
  } while (0)

dim3 d3(unsigned x, unsigned y, unsigned z);
/* Runs the grid, block by block, as a CPU-device worker would. */
void launch(run_fn f, dim3 grid, dim3 block, void* args);

/* harness_ported.c: the kernels of tests/kernels/syncthreads.hip and
 * regions.hip. */
void test_ported(void);
/* harness_warp.c: the warp kernels, at warp sizes 32 and 64. */
void test_warp(void);

#endif
