; openmp-device-globalize alone: in a generic kernel, a local whose address
; reaches a parallel region moves to team-shared storage, freed before the
; return; a local the region does not see stays on the stack. A remark
; names the local and says why. A local of one of the kernel's own
; outlined functions (`!cot.kernel`), which run once per team, becomes a
; static team-shared variable in shared memory instead; an array
; allocation past the static budget (Clang's scan buffer, `alloca i64, i64
; 100000`) gets storage for all of its elements.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-globalize -pass-remarks=openmp-device -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

; REMARK: remark: <unknown>:0:0: local 'shared' of 'generic' (4 bytes) moved to team-shared storage (shared memory, or global memory when the block's shared stack is full): its address reaches the parallel region started by a call of '__kmpc_fork_call', whose workers cannot see the main thread's stack
; REMARK: remark: <unknown>:0:0: local 'tile' of 'member' (1024 bytes) moved to a team-shared variable in shared memory: its address reaches the parallel region started by a call of '__kmpc_fork_call', whose workers cannot see the main thread's stack
; REMARK-NOT: local 'own'

; CHECK: @member.tile.team = internal addrspace(3) global [256 x float] poison, align 16

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

; CHECK-LABEL: define void @member(
; CHECK-NOT: alloca
; CHECK-NOT: __cot_gpu_alloc_shared
; CHECK: call void {{.*}} @__kmpc_fork_call(ptr null, i32 1, ptr @generic.parallel, ptr addrspacecast (ptr addrspace(3) @member.tile.team to ptr))
; CHECK-NEXT: ret void
define void @member() !cot.kernel !2 {
  %tile = alloca [256 x float], align 16
  call void @llvm.lifetime.start.p0(i64 1024, ptr %tile)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @generic.parallel, ptr %tile)
  call void @llvm.lifetime.end.p0(i64 1024, ptr %tile)
  ret void
}

; CHECK-LABEL: define void @scan_buffer(
; CHECK: %buffer.shared = call ptr @__cot_gpu_alloc_shared(i64 800000)
; CHECK: call void @__cot_gpu_free_shared(ptr %buffer.shared, i64 800000)
; CHECK-NEXT: ret void
define void @scan_buffer() !cot.kernel !4 {
  %buffer = alloca i64, i64 100000, align 16
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @generic.parallel, ptr %buffer)
  ret void
}

declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)

!cot.kernels = !{!0, !1, !3}
!0 = !{ptr @generic, !"generic"}
!1 = !{ptr @member, !"generic"}
!2 = !{ptr @member}
!3 = !{ptr @scan_buffer, !"generic"}
!4 = !{ptr @scan_buffer}
