#!/usr/bin/env bash
# hipcc's device pass (--offload-arch=sm_XX): the GPU table embedded in the
# host object (kernels paired with their host addresses, variables with
# their sizes and kinds, a cubin per architecture and the PTX), errors in
# device-only code at the user's file and line, a warning for a kernel the
# host object lacks, clear errors for a missing
# toolkit or clang and for unknown architectures, HIPC_OFFLOAD_ARCH, -v,
# -S, --genco, and that the program still runs on the CPU device.
# Skipped when clang-19 or the CUDA toolkit (CUDA_PATH, /usr/local/cuda)
# is not installed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/common.bash"
need_device_pass
# Under make test-asan / test-ubsan the programs get the sanitizer too.
TF=${TEST_CFLAGS:-}
# The program sees its GPU module whichever front end built it: the
# rewriter's table comes to hipc_register_gpu_module, which the program
# defines itself (it takes precedence over libhipc's); clang's host object
# hands a fat binary (docs/frontend.md) and then each kernel and variable
# to libhipc's __hipRegister* functions, which the program wraps (and
# calls through dlsym(RTLD_NEXT); the header declares them, as host and
# device functions in clang's host pass, and the device passes need no
# definition). It prints what it was given, then runs on the CPU device.
cat > prog.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <hip/hipc/gpu_module.h>
#include <hip/hipc/kc_abi.h>
#include <dlfcn.h>
#include <cstdio>
#include <cstring>

__global__ void k_add(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += i;
}
static __global__ void k_static(int* p) { p[0] = __shfl(7, 0); }
namespace {
__global__ void k_anon(int* p) { p[1] = 8; }
}
template <typename T>
__global__ void k_tmpl(T* p) { p[threadIdx.x] = T(2); }
__device__ int g_dev[5];
__constant__ double g_const[3];

static const hipc_gpu_module* mods[4];
static int nmods;
extern "C" void hipc_register_gpu_module(const hipc_gpu_module* m) {
  if (nmods < 4) mods[nmods++] = m;
}

// What clang's registrations gave, as a hipc_gpu_module (one fat binary).
static hipc_gpu_image c_images[8];
static hipc_gpu_kernel c_kernels[8];
static hipc_gpu_var c_vars[8];
static hipc_gpu_module c_mod = {1, 0, c_images, 0, c_kernels, 0, c_vars};
static void** c_handle;
#ifndef __HIP_DEVICE_COMPILE__
template <class F> static F next(F, const char* name) {
  return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}
extern "C" __host__ __device__ void** __hipRegisterFatBinary(
    const void* data) {
  struct wrapper { int magic, version; const unsigned char* blob; void* u; };
  const wrapper* w = static_cast<const wrapper*>(data);
  hipc_fatbin_header h;
  std::memcpy(&h, w->blob, sizeof h);
  void** r = next(&__hipRegisterFatBinary, "__hipRegisterFatBinary")(data);
  if (h.count == 0 || nmods == 4) return r;  // no GPU code
  for (uint32_t i = 0; i < h.count && i < 8; i++) {
    hipc_fatbin_entry e;
    std::memcpy(&e, w->blob + sizeof h + i * sizeof e, sizeof e);
    c_images[i] = {strndup(e.arch, sizeof e.arch), e.kind == HIPC_FATBIN_PTX,
                   w->blob + e.offset, (size_t)e.size};
  }
  c_mod.num_images = (int)(h.count < 8 ? h.count : 8);
  c_handle = r;
  mods[nmods++] = &c_mod;
  return r;
}
extern "C" __host__ __device__ int __hipRegisterFunction(
    void** h, const void* fn, char* dev, const char* name, unsigned limit,
    void* tid, void* bid, dim3* bd, dim3* gd, int* ws) {
  if (h == c_handle && c_mod.num_kernels < 8)
    c_kernels[c_mod.num_kernels++] = {fn, dev};
  return next(&__hipRegisterFunction, "__hipRegisterFunction")(
      h, fn, dev, name, limit, tid, bid, bd, gd, ws);
}
extern "C" __host__ __device__ void __hipRegisterVar(
    void** h, char* host, char* dev_addr, const char* name, int ext,
    size_t size, int constant, int global) {
  if (h == c_handle && c_mod.num_vars < 8)
    c_vars[c_mod.num_vars++] = {host, name, size, constant ? 1 : 0};
  next(&__hipRegisterVar, "__hipRegisterVar")(h, host, dev_addr, name, ext,
                                              size, constant, global);
}
#endif

static void kernel(const hipc_gpu_module* m, const char* what,
                   const void* fn) {
  for (int i = 0; i < m->num_kernels; i++)
    if (m->kernels[i].host_fn == fn)
      std::printf("kernel %s %s\n", what, m->kernels[i].name);
}

// A cubin is an ELF file; PTX is text with entry points (the rewriter's
// copy ends with a NUL, the fat binary's may not).
static bool valid(const hipc_gpu_image* im) {
  const char* d = static_cast<const char*>(im->data);
  if (!im->is_ptx) return im->size > 4 && std::memcmp(d, "\177ELF", 4) == 0;
  size_t text = strnlen(d, im->size);
  return im->size > 0 && memmem(d, im->size, ".entry", 6) != nullptr &&
         (text == im->size || text + 1 == im->size);
}

int main() {
  std::printf("modules %d\n", nmods);
  const hipc_gpu_module* m = mods[0];
  std::printf("version %d images %d kernels %d vars %d\n", m->version,
              m->num_images, m->num_kernels, m->num_vars);
  for (int i = 0; i < m->num_images; i++) {
    const hipc_gpu_image* im = &m->images[i];
    std::printf("image %s %s %s\n", im->arch, im->is_ptx ? "ptx" : "cubin",
                valid(im) ? "valid" : "INVALID");
  }
  kernel(m, "k_add", reinterpret_cast<const void*>(&k_add));
  kernel(m, "k_static", reinterpret_cast<const void*>(&k_static));
  kernel(m, "k_anon", reinterpret_cast<const void*>(&k_anon));
  kernel(m, "k_tmpl<float>", reinterpret_cast<const void*>(&k_tmpl<float>));
  for (int i = 0; i < m->num_vars; i++) {
    const hipc_gpu_var* v = &m->vars[i];
    const char* what = v->host_addr == static_cast<const void*>(g_dev) ? "g_dev"
                     : v->host_addr == static_cast<const void*>(g_const)
                         ? "g_const" : "?";
    std::printf("var %s %s %zu %d\n", what, v->name, v->size, v->kind);
  }
  // The same program on the CPU device.
  int* d;
  int h[64];
  if (hipMalloc(&d, sizeof h) != hipSuccess) return 1;
  if (hipMemset(d, 0, sizeof h) != hipSuccess) return 1;
  k_add<<<2, 32>>>(d, 64);
  k_static<<<1, 1>>>(d);
  k_anon<<<1, 1>>>(d);
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess)
    return 1;
  std::printf("cpu %d %d %d\n", h[0], h[1], h[63]);
  return 0;
}
SRC
"$HIPCC" -v --offload-arch=sm_80 --offload-arch=sm_90 -O2 $TF prog.hip \
  -o prog 2> verbose.txt
rc=$?
check "prog.hip builds for sm_80 and sm_90 ($(tail -3 verbose.txt))" \
  [ $rc -eq 0 ]
check "-v shows the device compile" \
  grep -q -- '--cuda-device-only.*--cuda-gpu-arch=sm_90' verbose.txt
check "-v shows ptxas" grep -q 'ptxas.*-arch=sm_80' verbose.txt
./prog > out.txt 2>&1
rc=$?
check "prog runs ($(cat out.txt))" [ $rc -eq 0 ]
expect() {  # expect LINE: out.txt has exactly this line
  check "output has '$1'; got: $(tr '\n' '|' < out.txt)" grep -qxF "$1" out.txt
}
expect "modules 1"
expect "version 1 images 3 kernels 4 vars 2"
expect "image sm_80 cubin valid"
expect "image sm_90 cubin valid"
expect "image sm_90 ptx valid"
expect "kernel k_add _Z5k_addPii"
expect "kernel k_static _ZL8k_staticPi"
expect "kernel k_anon _ZN12_GLOBAL__N_16k_anonEPi"
expect "kernel k_tmpl<float> _Z6k_tmplIfEvPT_"
expect "var g_dev g_dev 20 0"
expect "var g_const g_const 24 1"
expect "cpu 7 8 63"

# HIPC_OFFLOAD_ARCH is the default; -c, then a link of the object.
HIPC_OFFLOAD_ARCH=sm_90 "$HIPCC" $TF -c prog.hip -o env.o 2> err.txt
rc=$?
check "HIPC_OFFLOAD_ARCH builds ($(cat err.txt))" [ $rc -eq 0 ]
"$HIPCC" $TF env.o -o env 2> err.txt && ./env > out.txt 2>&1
check "the object links and runs" [ $? -eq 0 ]
expect "version 1 images 2 kernels 4 vars 2"

# Host code may call the integer and float intrinsics, as on the CPU
# device (the device pass keeps hipc's definitions for the host side).
cat > host_intrin.hip <<'SRC'
#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void k(unsigned* p) { p[0] = __brev(p[1]) + umax(p[2], 3u); }
int main() {
  unsigned a = __brev(1u) + umax(2u, 3u) + __popc(7u) + __clz(1) + __ffs(8);
  float f = __saturatef(2.0f) + __fdividef(1.0f, 4.0f) + __frsqrt_rn(4.0f);
  std::printf("%u %g\n", a, f);
  return 0;
}
SRC
"$HIPCC" --offload-arch=sm_90 $TF host_intrin.hip -o host_intrin 2> err.txt
rc=$?
check "host code calls intrinsics ($(head -3 err.txt))" [ $rc -eq 0 ]
./host_intrin > out.txt 2>&1
check "with the CPU's values ($(cat out.txt))" \
  [ "$(cat out.txt)" = "2147483689 1.75" ]

# -S: the assembly holds the images itself, so it can be assembled later.
"$HIPCC" --offload-arch=sm_90 -S prog.hip -o prog.s 2> err.txt
rc=$?
check "-S builds ($(cat err.txt))" [ $rc -eq 0 ]
check "-S names no temporary file" [ -z "$(grep -l incbin prog.s)" ]

# A kernel whose declaration differs between the two passes (so that the
# host object has no stub of that name) is named in a warning, and so is
# the host's kernel, which has no GPU code.
cat > mismatch.hip <<'SRC'
#include <hip/hip_runtime.h>
#ifdef __HIP_DEVICE_COMPILE__
typedef int T;
#else
typedef long T;
#endif
__global__ void k_mismatch(T* p) { p[0] = 1; }
__global__ void k_fine(int* p) { p[0] = 1; }
SRC
"$HIPCC" --offload-arch=sm_90 -c mismatch.hip -o mismatch.o 2> err.txt
check "a mismatched kernel still builds" [ $? -eq 0 ]
check "a mismatched kernel is named ($(cat err.txt))" \
  grep -q "warning: mismatch.hip: kernel '_Z10k_mismatchPi' is in the GPU \
code but not in the host object" err.txt
# The host's kernel of that name has no GPU code: named too.
check "the host's mismatched kernel is named ($(cat err.txt))" \
  grep -q "warning: mismatch.hip: kernel '_Z10k_mismatchPl' is registered \
by the host object but has no GPU code" err.txt
check "only the mismatched kernel is named" [ "$(wc -l < err.txt)" -eq 2 ]

# --genco: a code object (a shared object) that carries the GPU images,
# the PTX of the newest architecture among them; without an architecture,
# one for the CPU device only.
"$HIPCC" --genco --offload-arch=sm_80,sm_90 prog.hip -o prog.co 2> err.txt
rc=$?
check "--genco builds ($(cat err.txt))" [ $rc -eq 0 ]
check "--genco writes a shared object" \
  [ "$(od -An -tx1 -N4 prog.co 2>/dev/null | tr -d ' ')" = 7f454c46 ]
check "--genco embeds the GPU code" grep -q "^.target sm_90" prog.co
HIPC_OFFLOAD_ARCH= "$HIPCC" --genco prog.hip -o none.co 2> err.txt
rc=$?
check "--genco without an arch builds ($(cat err.txt))" [ $rc -eq 0 ]
check "--genco without an arch has no GPU code" \
  sh -c '! grep -q "^.target sm_" none.co'

# An error in device-only code (a kernel calling a host function) is
# reported at the user's file and line, once.
cat > bad.hip <<'SRC'
#include <hip/hip_runtime.h>

int host_only(int x) { return x + 1; }

__global__ void k(int* p) {
  p[0] = host_only(p[0]);
}
SRC
"$HIPCC" --offload-arch=sm_90 -c bad.hip -o bad.o 2> err.txt
check "a device-side error fails the build" [ $? -ne 0 ]
check "the error names bad.hip:6 ($(head -3 err.txt))" \
  grep -q '^bad\.hip:6:[0-9]*: error: .*host_only' err.txt
check "the error is reported once" \
  [ "$(grep -c ': error: ' err.txt)" -eq 1 ]
HIPC_OFFLOAD_ARCH= "$HIPCC" -c bad.hip -o bad.o 2> err.txt
rc=$?
if [ "${HIPC_FRONTEND:-clang}" = clang ]; then
  # The clang front end compiles kernels for the CPU device with clang's
  # CUDA rules too (docs/frontend.md): the same error, without an arch.
  check "without an arch the CPU pass has the same error" [ $rc -ne 0 ]
  check "... at bad.hip:6 ($(head -3 err.txt))" \
    grep -q '^bad\.hip:6:[0-9]*: error: .*host_only' err.txt
else
  check "without an arch the same file builds for the CPU" [ $rc -eq 0 ]
fi

# A missing toolkit or clang, an unknown or too old architecture.
CUDA_PATH=$dir/nowhere "$HIPCC" --offload-arch=sm_90 -c prog.hip \
  -o x.o 2> err.txt
check "no toolkit fails with 1" [ $? -eq 1 ]
check "no toolkit says so ($(cat err.txt))" \
  grep -q "^hipcc: error: --offload-arch=sm_90 needs the CUDA toolkit: \
'$dir/nowhere/bin/ptxas' was not found" err.txt
HIPC_CLANG=no-such-clang "$HIPCC" --offload-arch=sm_90 -c prog.hip \
  -o x.o 2> err.txt
check "no clang fails with 1" [ $? -eq 1 ]
check "no clang says so ($(cat err.txt))" \
  grep -q "^hipcc: error: --offload-arch=sm_90 needs clang-19" err.txt
"$HIPCC" --offload-arch=sm_9x -c prog.hip -o x.o 2> err.txt
check "an unknown arch fails with 1" [ $? -eq 1 ]
check "an unknown arch says so" \
  grep -q "unsupported GPU architecture 'sm_9x'" err.txt
"$HIPCC" --offload-arch=sm_50 -c prog.hip -o x.o 2> err.txt
check "sm_50 is refused" grep -q "'sm_50' is older than hipc supports" err.txt
"$HIPCC" --offload-arch=gfx90a -c prog.hip -o gfx.o 2> err.txt
check "an AMD arch builds for the CPU only" [ $? -eq 0 ]
check "an AMD arch is ignored with a warning" \
  grep -q "hipcc: warning: --offload-arch=gfx90a: hipc builds no code for AMD" \
  err.txt
exit $fail
