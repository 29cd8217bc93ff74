; Two edges from one block into a PHI whose value uses a __shared__
; variable: both must get the same instruction (tests/shell/kc.sh).
target triple = "nvptx64-nvidia-cuda"
@sh = internal addrspace(3) global [16 x i32] undef, align 4
define void @k_phi(ptr %p, i32 %s) {
entry:
  switch i32 %s, label %out [ i32 1, label %join
                              i32 2, label %join ]
out:
  br label %join
join:
  %q = phi ptr [ getelementptr (i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 2), %entry ], [ getelementptr (i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 2), %entry ], [ %p, %out ]
  store i32 %s, ptr %q
  %v = load i32, ptr getelementptr (i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 2)
  store i32 %v, ptr %p
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k_phi, !"kernel", i32 1}
