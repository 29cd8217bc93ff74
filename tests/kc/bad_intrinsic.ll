; An nvvm intrinsic outside kc's table: hipc-kc must name it and fail.
target triple = "nvptx64-nvidia-cuda"

define void @k_bad(ptr %p) {
  %v = call i32 @llvm.nvvm.read.ptx.sreg.smid()
  store i32 %v, ptr %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.smid()

!nvvm.annotations = !{!0}
!0 = !{ptr @k_bad, !"kernel", i32 1}
