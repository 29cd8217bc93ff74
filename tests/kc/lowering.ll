; The rest of docs/frontend.md's table, one call each, for
; tests/shell/kc.sh to find lowered in hipc-kc's --emit-ll -O0 output.
target triple = "nvptx64-nvidia-cuda"

@x = addrspace(1) externally_initialized global i32 3, align 4
; A __device__ pointer to another __device__ variable: an initialiser
; that must follow @x into address space 0.
@px = addrspace(1) externally_initialized global ptr addrspacecast (ptr addrspace(1) @x to ptr), align 8
@fmt = private unnamed_addr constant [3 x i8] c"%d\00", align 1

define void @k_table(ptr %out, ptr %buf) {
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %ws = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %nz = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  %c32 = call i32 @llvm.nvvm.read.ptx.sreg.clock()
  %c64 = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  %gt = call i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
  call void @llvm.nvvm.nanosleep(i32 100)
  call void @llvm.nvvm.membar.gl()
  %and = call i32 @llvm.nvvm.barrier0.and(i32 %lane)
  %or = call i32 @llvm.nvvm.barrier0.or(i32 %ws)
  %r = call i32 @llvm.nvvm.reflect(ptr @fmt)
  %p = call i32 @vprintf(ptr @fmt, ptr %buf)
  call void @__assertfail(ptr @fmt, ptr @fmt, i32 7, ptr @fmt, i64 1)
  %a = add i32 %lane, %nz
  %b = add i32 %a, %c32
  %b2 = add i32 %b, %and
  %b3 = add i32 %b2, %or
  %b4 = add i32 %b3, %r
  store i32 %b4, ptr %out
  %t = add i64 %c64, %gt
  %q = load ptr, ptr addrspacecast (ptr addrspace(1) @px to ptr)
  store i64 %t, ptr %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.clock()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
declare void @llvm.nvvm.nanosleep(i32)
declare void @llvm.nvvm.membar.gl()
declare i32 @llvm.nvvm.barrier0.and(i32)
declare i32 @llvm.nvvm.barrier0.or(i32)
declare i32 @llvm.nvvm.reflect(ptr)
declare i32 @vprintf(ptr, ptr)
declare void @__assertfail(ptr, ptr, i32, ptr, i64)

!nvvm.annotations = !{!0}
!0 = !{ptr @k_table, !"kernel", i32 1}
