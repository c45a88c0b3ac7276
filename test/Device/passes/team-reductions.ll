; openmp-device-team-reductions alone: in an SPMD kernel the atomic sums of
; a teams reduction (the `case 2` path after __kmpc_reduce_nowait) become
; one combination per block; a generic kernel keeps its atomics.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-team-reductions -S %s | FileCheck %s

define void @spmd(ptr %sum) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @spmd.teams, ptr %sum)
  ret void
}

; CHECK-LABEL: define internal void @spmd.teams(
; CHECK: case2:
; CHECK-NEXT: call void @__cot_gpu_team_reduce_add_f64(ptr %sum, double 1.000000e+00)
; CHECK-NOT: atomicrmw
; CHECK: ret void
define internal void @spmd.teams(ptr %gtid, ptr %btid, ptr %sum) {
  %r = call i32 @__kmpc_reduce_nowait(ptr null, i32 0, i32 1, i64 8, ptr null, ptr null, ptr null)
  switch i32 %r, label %done [
    i32 1, label %case1
    i32 2, label %case2
  ]
case1:
  br label %done
case2:
  %old = atomicrmw fadd ptr %sum, double 1.0 monotonic
  br label %done
done:
  ret void
}

define void @generic(ptr %sum) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @generic.teams, ptr %sum)
  ret void
}

; CHECK-LABEL: define internal void @generic.teams(
; CHECK: atomicrmw add ptr %sum, i32 1 monotonic
define internal void @generic.teams(ptr %gtid, ptr %btid, ptr %sum) {
  %r = call i32 @__kmpc_reduce_nowait(ptr null, i32 0, i32 1, i64 8, ptr null, ptr null, ptr null)
  switch i32 %r, label %done [
    i32 2, label %case2
  ]
case2:
  %old = atomicrmw add ptr %sum, i32 1 monotonic
  br label %done
done:
  ret void
}

declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)
declare i32 @__kmpc_reduce_nowait(ptr, i32, i32, i64, ptr, ptr, ptr)

!cot.kernels = !{!0, !1}
!0 = !{ptr @spmd, !"spmd"}
!1 = !{ptr @generic, !"generic"}
