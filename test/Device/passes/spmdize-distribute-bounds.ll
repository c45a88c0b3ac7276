; openmp-device-spmdize alone, on the shape Clang gives a `teams distribute`
; around a parallel region: the static init, then `ub > last ? last : ub`
; as a branch whose sides load the candidates, then the store of the
; clamped bound. The branch folds into a select, so that the init and the
; store are one guarded range (one guard: two block barriers, not four).
; The static loop's end does nothing in the runtime: it runs in every
; thread and needs no guard of its own.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-spmdize -S %s | FileCheck %s

; CHECK-LABEL: define internal void @teams(
; CHECK: call i32 @__cot_gpu_guard_begin()
; CHECK: team.guarded:
; CHECK: call void @__kmpc_distribute_static_init_4(
; CHECK-NEXT: %ub.now = load i32
; CHECK-NEXT: %last = load i32, ptr %last.addr
; CHECK-NEXT: %over = icmp sgt i32 %ub.now, %last
; CHECK-NEXT: %last.again = load i32, ptr %last.addr
; CHECK-NEXT: %ub.again = load i32
; CHECK-NEXT: %clamped = select i1 %over, i32 %last.again, i32 %ub.again
; CHECK-NEXT: store i32 %clamped
; CHECK-NEXT: br label %team.join
; CHECK: team.join:
; CHECK-NEXT: call void @__cot_gpu_guard_end()
; CHECK-NOT: __cot_gpu_guard_begin
; CHECK: call void {{.*}}@__kmpc_fork_call(
; CHECK-NOT: __cot_gpu_guard_begin
; CHECK: call void @__kmpc_distribute_static_fini(
; CHECK-NEXT: ret void

define void @kernel(ptr %a, i32 %n) !cot.kernel !1 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 2, ptr @teams, ptr %a, i32 %n)
  ret void
}

define internal void @teams(ptr %gtid, ptr %btid, ptr %a, i32 %n) !cot.kernel !1 {
entry:
  %lb = alloca i32
  %ub = alloca i32
  %stride = alloca i32
  %lastiter = alloca i32
  %last.addr = alloca i32
  %iv = alloca i32
  %n1 = sub i32 %n, 1
  store i32 %n1, ptr %last.addr
  store i32 0, ptr %lb
  store i32 %n1, ptr %ub
  store i32 1, ptr %stride
  store i32 0, ptr %lastiter
  %tid = load i32, ptr %gtid
  call void @__kmpc_distribute_static_init_4(ptr null, i32 %tid, i32 92, ptr %lastiter, ptr %lb, ptr %ub, ptr %stride, i32 1, i32 1)
  %ub.now = load i32, ptr %ub
  %last = load i32, ptr %last.addr
  %over = icmp sgt i32 %ub.now, %last
  br i1 %over, label %cond.true, label %cond.false

cond.true:
  %last.again = load i32, ptr %last.addr
  br label %cond.end

cond.false:
  %ub.again = load i32, ptr %ub
  br label %cond.end

cond.end:
  %clamped = phi i32 [ %last.again, %cond.true ], [ %ub.again, %cond.false ]
  store i32 %clamped, ptr %ub
  %first = load i32, ptr %lb
  store i32 %first, ptr %iv
  br label %loop

loop:
  %i = load i32, ptr %iv
  %bound = load i32, ptr %ub
  %more = icmp sle i32 %i, %bound
  br i1 %more, label %body, label %exit

body:
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @region, ptr %a)
  %next = add i32 %i, 1
  store i32 %next, ptr %iv
  br label %loop

exit:
  %tid.end = load i32, ptr %gtid
  call void @__kmpc_distribute_static_fini(ptr null, i32 %tid.end)
  ret void
}

define internal void @region(ptr %gtid, ptr %btid, ptr %a) !cot.kernel !1 {
  %old = atomicrmw add ptr %a, i32 1 monotonic
  ret void
}

declare void @__kmpc_distribute_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_distribute_static_fini(ptr, i32)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)

!cot.kernels = !{!0}
!0 = !{ptr @kernel, !"generic", !"teams"}
!1 = !{ptr @kernel}
