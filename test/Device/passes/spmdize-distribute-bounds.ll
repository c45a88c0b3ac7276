; openmp-device-spmdize alone, on the shape Clang gives a `teams distribute`
; around a parallel region: the static init, then `ub > last ? last : ub`
; as a branch whose sides load the candidates, then the store of the
; clamped bound.
;
; In @teams the init's bounds, flag and stride are locals that only plain
; loads and stores reach otherwise: the device runtime computes the team's
; part from the block's id, the same in every thread, so every thread makes
; the call on its own copies. No guard, no block barrier, the locals stay
; on each thread's stack. @teams.for is the same with the
; __kmpc_for_static_init_4 of schedule 92 (distribute static) that Clang
; emits for `target teams distribute`.
;
; In @teams.shared a region also gets the last-chunk flag's address and
; writes through it: the flag is one team-shared copy, so thread 0 alone
; makes the init, and the bounds it writes go with it. The branch folds into
; a select, so that the init and the store are one guarded range (one
; guard: two block barriers, not four). @teams.worksharing's init is a
; thread schedule (34), whose part depends on the thread: guarded too.
;
; The static loop's end does nothing in the runtime: it runs in every
; thread and needs no guard of its own.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-spmdize -S %s | FileCheck %s

; CHECK-LABEL: define internal void @teams(
; CHECK-NEXT: entry:
; CHECK-NEXT: %lb = alloca i32
; CHECK-NEXT: %ub = alloca i32
; CHECK-NEXT: %stride = alloca i32
; CHECK-NEXT: %lastiter = alloca i32
; CHECK-NOT: __cot_gpu_guard
; CHECK: call void @__kmpc_distribute_static_init_4(ptr null, i32 %tid, i32 92, ptr %lastiter, ptr %lb, ptr %ub, ptr %stride, i32 1, i32 1)
; CHECK-NOT: __cot_gpu_guard
; CHECK: call void {{.*}}@__kmpc_fork_call(
; CHECK-NOT: __cot_gpu_guard
; CHECK: call void @__kmpc_distribute_static_fini(
; CHECK-NEXT: ret void

; CHECK-LABEL: define internal void @teams.for(
; CHECK-NOT: __cot_gpu_guard
; CHECK: call void @__kmpc_for_static_init_4(ptr null, i32 %tid, i32 92, ptr %lastiter, ptr %lb, ptr %ub, ptr %stride, i32 1, i32 1)
; CHECK-NOT: __cot_gpu_guard
; CHECK: ret void

; CHECK-LABEL: define internal void @teams.shared(
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

; CHECK-LABEL: define internal void @teams.worksharing(
; CHECK: call i32 @__cot_gpu_guard_begin()
; CHECK: call void @__kmpc_for_static_init_4(ptr null, i32 %tid, i32 34,
; CHECK: call void @__cot_gpu_guard_end()

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

define void @kernel.for(ptr %a, i32 %n) !cot.kernel !2 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 2, ptr @teams.for, ptr %a, i32 %n)
  ret void
}

define internal void @teams.for(ptr %gtid, ptr %btid, ptr %a, i32 %n) !cot.kernel !2 {
entry:
  %lb = alloca i32
  %ub = alloca i32
  %stride = alloca i32
  %lastiter = alloca i32
  %n1 = sub i32 %n, 1
  store i32 0, ptr %lb
  store i32 %n1, ptr %ub
  store i32 1, ptr %stride
  store i32 0, ptr %lastiter
  %tid = load i32, ptr %gtid
  call void @__kmpc_for_static_init_4(ptr null, i32 %tid, i32 92, ptr %lastiter, ptr %lb, ptr %ub, ptr %stride, i32 1, i32 1)
  %first = load i32, ptr %lb
  %bound = load i32, ptr %ub
  %any = icmp sle i32 %first, %bound
  br i1 %any, label %body, label %exit

body:
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @region, ptr %a)
  br label %exit

exit:
  ret void
}

define void @kernel.shared(ptr %a, i32 %n) !cot.kernel !3 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 2, ptr @teams.shared, ptr %a, i32 %n)
  ret void
}

define internal void @teams.shared(ptr %gtid, ptr %btid, ptr %a, i32 %n) !cot.kernel !3 {
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
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @region.last, ptr %lastiter)
  %next = add i32 %i, 1
  store i32 %next, ptr %iv
  br label %loop

exit:
  %tid.end = load i32, ptr %gtid
  call void @__kmpc_distribute_static_fini(ptr null, i32 %tid.end)
  ret void
}

define void @kernel.worksharing(ptr %a, i32 %n) !cot.kernel !4 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 2, ptr @teams.worksharing, ptr %a, i32 %n)
  ret void
}

define internal void @teams.worksharing(ptr %gtid, ptr %btid, ptr %a, i32 %n) !cot.kernel !4 {
entry:
  %lb = alloca i32
  %ub = alloca i32
  %stride = alloca i32
  %lastiter = alloca i32
  %n1 = sub i32 %n, 1
  store i32 0, ptr %lb
  store i32 %n1, ptr %ub
  store i32 1, ptr %stride
  store i32 0, ptr %lastiter
  %tid = load i32, ptr %gtid
  call void @__kmpc_for_static_init_4(ptr null, i32 %tid, i32 34, ptr %lastiter, ptr %lb, ptr %ub, ptr %stride, i32 1, i32 1)
  %first = load i32, ptr %lb
  %bound = load i32, ptr %ub
  %any = icmp sle i32 %first, %bound
  br i1 %any, label %body, label %exit

body:
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @region, ptr %a)
  br label %exit

exit:
  ret void
}

define internal void @region(ptr %gtid, ptr %btid, ptr %a) !cot.kernel !1 {
  %old = atomicrmw add ptr %a, i32 1 monotonic
  ret void
}

define internal void @region.last(ptr %gtid, ptr %btid, ptr %last) !cot.kernel !3 {
  store i32 1, ptr %last
  ret void
}

declare void @__kmpc_distribute_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_distribute_static_fini(ptr, i32)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)

!cot.kernels = !{!0, !5, !6, !7}
!0 = !{ptr @kernel, !"generic", !"teams"}
!1 = !{ptr @kernel}
!2 = !{ptr @kernel.for}
!3 = !{ptr @kernel.shared}
!4 = !{ptr @kernel.worksharing}
!5 = !{ptr @kernel.for, !"generic", !"teams"}
!6 = !{ptr @kernel.shared, !"generic", !"teams"}
!7 = !{ptr @kernel.worksharing, !"generic", !"teams"}
