/* The register cap of kernels without launch bounds (docs/nvidia.md,
 * "Registers"). HIP kernels launch with up to 1024 threads a block unless
 * `__launch_bounds__` says otherwise, so a kernel must fit the 64K-register
 * file at 1024 threads: at most 64 registers a thread, the bound AMD's
 * compiler guarantees by default. ptxas with `-maxrregcount=64` applies the
 * cap to every kernel, and then schedules for it: a tiled matmul that needs
 * 32 registers took 62 and ran 20% slower, and a kernel that keeps 64
 * values in registers (HeCBench pnpoly's tile of 64 points: 210 registers
 * with nvcc) spilled and ran 4 times slower. So the GPU pass runs ptxas
 * without a cap first and reads how many registers each kernel took; each
 * kernel over the cap that has no launch bounds keeps its uncapped entry
 * and gets a copy, named with HIPC_GPU_CAPPED_SUFFIX, with a `.maxnreg`
 * directive; ptxas then compiles the PTX again. The runtime launches the
 * copy only for blocks larger than the uncapped kernel can run. With
 * HIPC_NVPTX_REGCAP=inplace the kernel itself gets the directive. */
#ifndef HIPC_HIPCC_PTX_REGCAP_H
#define HIPC_HIPCC_PTX_REGCAP_H

/* The cap: registers a thread of a 1024-thread block may have. */
#define HIPC_PTX_REG_CAP 64

/* `log` is what `ptxas -v` printed on the PTX file `path`. Every kernel
 * the log shows using more than `cap` registers whose entry in the PTX has
 * no `.maxntid`, `.reqntid` or `.maxnreg` gets a copy with `.maxnreg cap`
 * after it (or the directive itself: HIPC_NVPTX_REGCAP=inplace); the file
 * is rewritten when one did. `*capped` gets how many. 0, or -1 after an
 * error message. */
int hipc__ptx_cap_registers(const char *path, const char *log, int cap,
                            int *capped);

#endif /* HIPC_HIPCC_PTX_REGCAP_H */
