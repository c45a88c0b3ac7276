; openmp-device-globalize alone: in a generic kernel, a local whose address
; reaches a parallel region moves to team-shared storage, freed before the
; return; a local the region does not see stays on the stack. A remark
; names the local and says why.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-globalize -pass-remarks=openmp-device -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

; REMARK: remark: <unknown>:0:0: local 'shared' of 'generic' (4 bytes) moved to team-shared storage (shared memory, or global memory when the block's shared stack is full): its address reaches the parallel region started by a call of '__kmpc_fork_call', whose workers cannot see the main thread's stack
; REMARK-NOT: local 'own'

; CHECK-LABEL: define void @generic(
; CHECK: %shared.shared = call ptr @__cot_gpu_alloc_shared(i64 4)
; CHECK: %own = alloca i32
; CHECK: call void {{.*}} @__kmpc_fork_call(ptr null, i32 1, ptr @generic.parallel, ptr %shared.shared)
; CHECK: call void @__cot_gpu_free_shared(ptr %shared.shared, i64 4)
; CHECK-NEXT: ret void
define void @generic() {
  %shared = alloca i32
  %own = alloca i32
  store i32 1, ptr %own
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @generic.parallel, ptr %shared)
  ret void
}

define internal void @generic.parallel(ptr %gtid, ptr %btid, ptr %x) {
  ret void
}

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)

!cot.kernels = !{!0}
!0 = !{ptr @generic, !"generic"}
