#!/usr/bin/env bash
# hipc-kc, the kernel compiler (src/kc, docs/frontend.md): the lowered IR
# of tests/kc/kernels.hip has none of NVPTX's address spaces or intrinsics
# left and carries the image; its objects (x86-64 and AArch64) define no
# global symbol; tests/kc/harness.c runs the kernels from the object at
# each optimisation level and checks their results; inline PTX and
# unknown nvvm intrinsics are refused, naming the kernel and the line.
set -u
KC=$BUILD/bin/hipc-kc
command -v clang++-19 >/dev/null 2>&1 || exit 77
[ -x "$KC" ] || exit 77
src=$(realpath tests/kc)
inc=$(realpath include)
cc=${CC:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# The CPU device pass, as hipcc runs it (docs/frontend.md).
devcc() {
  clang++-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc \
    -nocudalib -Xclang -target-sdk-version=12.0 -Wno-unknown-cuda-version -w \
    -D__HIPCC__=1 -D__HIP__=1 -D__HIP_PLATFORM_HIPC__=1 \
    -D__HIP_DEVICE_COMPILE__=1 -D__HIPC_KC__=1 -std=c++17 -I"$inc" \
    -include hip/hipc/nvptx_prelude.h -include hip/hip_runtime.h -O3 \
    -Xclang -disable-llvm-optzns -emit-llvm "$@"
}

devcc -c "$src/kernels.hip" -o k.bc || { echo "clang failed"; exit 1; }
devcc -g -Xclang -debug-info-kind=constructor -c "$src/kernels.hip" \
  -o k_g.bc || exit 1

# 1. The lowered IR, before (-O0) and after (-O2) optimisation.
for o in 0 2; do
  "$KC" k.bc --id kc-test-id -o k$o.ll --emit-ll -O$o || bad "-O$o --emit-ll"
  grep -q 'addrspace(3)' k$o.ll && bad "-O$o: addrspace(3) left"
  grep -q 'llvm\.nvvm\.' k$o.ll && bad "-O$o: nvvm intrinsics left"
  grep -q 'nvptx64\|"target-cpu"="sm_' k$o.ll && bad "-O$o: NVPTX target left"
  grep -q '__nv_sinf\|__nv_fabsf' k$o.ll && bad "-O$o: __nv_ calls left"
  grep -q '^@hipc_kc.image = internal' k$o.ll || bad "-O$o: no image"
  grep -q '^@llvm.global_ctors = .*{ i32 101, ptr @hipc_kc.register' k$o.ll ||
    bad "-O$o: no constructor of priority 101"
  grep -q '^@hipc_tls = external thread_local(initialexec)' k$o.ll ||
    bad "-O$o: hipc_tls is not initial-exec TLS"
  grep -q '^define internal void @_Z8k_reduce5MixedPKfPf.thread(ptr' k$o.ll ||
    bad "-O$o: no thread function"
  grep -q '^define [a-z_]*[^l] ' k$o.ll && grep '^define' k$o.ll |
    grep -vq '^define internal' && bad "-O$o: a definition is not internal"
  grep -q 'convergent' k$o.ll && bad "-O$o: convergent left"
done
# Calls and instructions the table of docs/frontend.md asks for (-O0:
# nothing is folded away yet).
for pat in 'call void @hipc_cpu_syncthreads()' \
           'call i32 @hipc_cpu_syncthreads_count(i32' \
           'call [a-z ]*i32 @hipc_kc_atomic_inc32(ptr' \
           'call [a-z ]*i32 @hipc_kc_atomic_dec32(ptr' \
           'atomicrmw fadd ptr .* monotonic' 'atomicrmw max ptr .* monotonic' \
           'cmpxchg ptr .* monotonic monotonic' 'call [a-z ]*float @sinf(' \
           'call [a-z ]*float @llvm.fabs.f32(' 'load ptr, ptr @m_values,' \
           'load ptr, ptr getelementptr inbounds (i8, ptr @hipc_tls' \
           'call void @_Z8k_reduce5MixedPKfPf(ptr byval(%[^)]*) align 8 '; do
  grep -q -- "$pat" k0.ll || bad "-O0: no '$pat'"
done

# The rest of the table (tests/kc/lowering.ll), and a PHI with two edges
# from one block (tests/kc/phi.ll).
"$KC" "$src/lowering.ll" --id l -o l.ll --emit-ll -O0 || bad "lowering.ll"
for pat in 'urem i32 ' 'call i32 @hipc_kc_clock()' 'call i64 @hipc_kc_clock64()' \
           'call i64 @hipc_kc_globaltimer()' 'call void @hipc_kc_nanosleep(i32 100)' \
           'fence seq_cst' 'icmp eq i32 ' 'icmp ne i32 ' \
           'call i32 @hipc_kc_vprintf(ptr @fmt, ptr %buf)' \
           'call void @hipc_kc_assertfail(ptr @fmt, ptr @fmt, i32 7, ptr @fmt, i64 1)' \
           '%b4 = add i32 %b3, 0$' \
           '^@__hipc_dev_px = hidden externally_initialized global ptr @__hipc_dev_x, align 8' \
           '^@__hipc_dev_x = hidden externally_initialized global i32 3'; do
  grep -q -- "$pat" l.ll || bad "lowering.ll: no '$pat'"
done
# (In the ordinary forms; the checking form K.check has its own copies.)
[ "$(awk '/^define/ { c = /@"?hipc_check\./ } !c' l.ll |
     grep -c 'call i32 @hipc_cpu_syncthreads_count')" = 2 ] ||
  bad "lowering.ll: barrier0.and/or"
grep -q 'llvm\.nvvm\|@vprintf(\|@__assertfail' l.ll && bad "lowering.ll: leftovers"
"$KC" "$src/phi.ll" --id p -o p.ll --emit-ll -O0 || bad "phi.ll"
grep -Eq 'phi ptr \[ (%[0-9]+), %entry \], \[ \1, %entry \]' p.ll ||
  bad "phi.ll: the two edges differ"
grep -q 'addrspace(3)' p.ll && bad "phi.ll: addrspace(3) left"

# __ldg and the _rn operations of libdevice are plain IR (unfused: no
# `contract` on the fadd and fmul).
devcc -c "$src/inline_ops.hip" -o io.bc || exit 1
"$KC" io.bc --id io -o io.ll --emit-ll -O0 || bad "inline_ops.hip"
for pat in 'load float, ptr ' 'sitofp i32 .* to float' 'fadd float ' \
           'fdiv float 1.000000e+00, ' 'fmul float '; do
  grep -q -- "$pat" io.ll || bad "inline_ops: no '$pat'"
done
grep -q 'llvm\.nvvm\|@__nv_' io.ll && bad "inline_ops: calls left"

# 2. Objects define nothing global but the device code other translation
# units may share (hidden, named __hipc_dev_*) and the slot of a managed
# variable they may name (hidden, under its own name: m_values), on x86-64
# and AArch64.
"$KC" k.bc --id kc-test-id -o k.o -O2 || bad "object"
defined=$(nm --defined-only -g k.o 2>&1 | grep -v ' __hipc_dev_\| m_values$')
[ -z "$defined" ] || bad "global definitions in the object: $defined"
readelf -s k.o | grep ' m_values$' | grep -q HIDDEN ||
  bad "the managed slot m_values is not a hidden symbol"
nm k.o | grep -q ' U hipc_kc_register_image$' || bad "no registration call"
if "$KC" k.bc --id a -o a64.o -O2 --triple aarch64-linux-gnu; then
  readelf -h a64.o | grep -q 'Machine:.*AArch64' || bad "not an AArch64 object"
  [ -z "$(nm --defined-only -g a64.o | grep -v ' __hipc_dev_\| m_values$')" ] ||
    bad "AArch64: global definitions"
else
  bad "AArch64 object"
fi

# --cpu native (hipcc's -march=native) is this machine's CPU.
"$KC" k.bc --id kc-test-id -o native.o -O2 --cpu native || bad "--cpu native"

# 3. The kernels run, at each level, and with debug information.
for o in -O0 -O1 -O2 -O3 "-O2 -g"; do
  bc=k.bc
  case $o in *-g*) bc=k_g.bc ;; esac
  "$KC" $bc --id kc-test-id -o run.o $o || { bad "$o: hipc-kc"; continue; }
  $cc -std=c11 -Wall -Wextra -Werror -I"$inc" "$src/harness.c" run.o \
    -o harness -pthread -lm || { bad "$o: harness link"; continue; }
  ./harness || bad "$o: harness"
done
"$KC" k_g.bc --id kc-test-id -o g.o -O2 -g &&
  readelf -S g.o | grep -q '\.debug_info' || bad "-g: no .debug_info"

# 4. -v names each kernel's form.
"$KC" k.bc --id kc-test-id -o v.o -v 2>v.txt || bad "-v"
for k in _Z8k_reduce5MixedPKfPf _Z9k_atomicsPjPiPyPf _Z7k_votesPi \
         _Z9k_dynamicPfi _Z6k_mathIfEvPT_; do
  grep -Eq "^hipc-kc: kernel $k: (fibers|loops)( \(.*\))?$" v.txt ||
    bad "-v: $k"
done

# 5. Errors: inline PTX (with the source line), an unknown intrinsic, usage.
devcc -g -c "$src/bad_asm.hip" -o bad.bc || exit 1
"$KC" bad.bc --id x -o bad.o 2>err.txt && bad "inline asm accepted"
grep -q "^hipc-kc: .*bad_asm.hip:6: kernel _Z10k_uses_asmPi: inline assembly, which the CPU device cannot run (" err.txt ||
  { bad "inline asm message"; cat err.txt; }
[ -e bad.o ] && bad "an object was written despite the error"
# With --ptx-asm-aborts (hipcc's builds for GPUs too) the assembly becomes
# the CPU device's assert failure (tests/hipcc/hipcc_ptx_asm_cpu.sh runs it).
"$KC" bad.bc --id x -o abort.o --ptx-asm-aborts 2>err.txt ||
  { bad "--ptx-asm-aborts"; cat err.txt; }
nm abort.o | grep -q ' U hipc_kc_assertfail$' ||
  bad "--ptx-asm-aborts: no call of hipc_kc_assertfail"
"$KC" "$src/bad_intrinsic.ll" --id x -o bad.o 2>err.txt && bad "smid accepted"
grep -q "kernel k_bad: unsupported intrinsic llvm.nvvm.read.ptx.sreg.smid$" err.txt ||
  { bad "intrinsic message"; cat err.txt; }
"$KC" k.bc -o x.o 2>err.txt; [ $? -eq 1 ] || bad "no --id: status"
grep -q '^usage: hipc-kc' err.txt || bad "no --id: usage"
"$KC" missing.bc --id x -o x.o 2>err.txt; [ $? -eq 1 ] || bad "missing input"
grep -q '^hipc-kc: missing.bc: ' err.txt || bad "missing input: message"
exit $fail
