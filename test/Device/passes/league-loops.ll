; openmp-device-league-loops alone: in an SPMD kernel without schedule
; clauses, the distribute loop (91) and the thread loop of the parallel
; region it starts (33) become one cyclic loop over the league (220, 221).
; A kernel whose teams code pushes a num_threads value, a generic kernel,
; and the thread loop of a region another kernel starts too keep their
; kinds.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-league-loops -S %s | FileCheck %s

; CHECK-LABEL: define internal void @league.teams(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 220,
; CHECK-LABEL: define internal void @league.parallel(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 221,
; CHECK-LABEL: define internal void @shared.parallel(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33,
; CHECK-LABEL: define internal void @pushes.teams(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 91,
; CHECK-LABEL: define internal void @pushes.parallel(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33,
; CHECK-LABEL: define internal void @generic.teams(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 91,
; CHECK-LABEL: define internal void @shares.teams(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 91,

define void @league() !cot.kernel !10 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @league.teams)
  ret void
}

define internal void @league.teams(ptr %gtid, ptr %btid) !cot.kernel !10 {
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 256)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @league.parallel)
  ret void
}

define internal void @league.parallel(ptr %gtid, ptr %btid) !cot.kernel !10 {
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 1)
  ret void
}

define internal void @shared.parallel(ptr %gtid, ptr %btid) {
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 1)
  ret void
}

define void @pushes() !cot.kernel !11 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @pushes.teams)
  ret void
}

define internal void @pushes.teams(ptr %gtid, ptr %btid) !cot.kernel !11 {
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 256)
  call void @__kmpc_push_num_threads(ptr null, i32 0, i32 64)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @pushes.parallel)
  ret void
}

define internal void @pushes.parallel(ptr %gtid, ptr %btid) !cot.kernel !11 {
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 1)
  ret void
}

define void @generic() !cot.kernel !12 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @generic.teams)
  ret void
}

define internal void @generic.teams(ptr %gtid, ptr %btid) !cot.kernel !12 {
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 256)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @shared.parallel)
  ret void
}

define void @shares() !cot.kernel !13 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @shares.teams)
  ret void
}

define internal void @shares.teams(ptr %gtid, ptr %btid) !cot.kernel !13 {
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 256)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @shared.parallel)
  ret void
}

declare void @__kmpc_for_static_init_8(ptr, i32, i32, ptr, ptr, ptr, ptr, i64, i64)
declare void @__kmpc_push_num_threads(ptr, i32, i32)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)

!cot.kernels = !{!0, !1, !2, !3}
!0 = !{ptr @league, !"spmd", !"default-schedule", !"teams"}
!1 = !{ptr @pushes, !"spmd", !"default-schedule", !"teams"}
!2 = !{ptr @generic, !"generic", !"default-schedule", !"teams"}
!3 = !{ptr @shares, !"spmd", !"default-schedule", !"teams"}
!10 = !{ptr @league}
!11 = !{ptr @pushes}
!12 = !{ptr @generic}
!13 = !{ptr @shares}
