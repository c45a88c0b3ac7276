; openmp-device-spmdize alone: the bounds of a distribute loop in team code
; (what __kmpc_for_static_init gives with a distribute kind, or
; __kmpc_distribute_static_init) depend on the team alone, so in a guarded
; kernel every thread calls the init with its own copies: the bounds stay
; locals, and neither the init nor the loop's updates of them need a guard
; (a team-shared copy would take a guard and two block barriers each). The
; static fini runs in every thread too. A worksharing kind in team code
; (its bounds depend on the thread) keeps shared bounds and a guarded init.
; With the bounds private, the guard at the top of a team loop (a team-shared
; sum reset before each iteration's parallel region) follows the barrier
; that ends the previous iteration with nothing between: it skips its own
; barrier, and the loop's preheader gets one instead (the path into the
; loop starts at a branch that also skips it).
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-spmdize -S %s | FileCheck %s --implicit-check-not=@distribute_teams.

; CHECK-DAG: @for_kind_teams.lb.team = internal addrspace(3) global i32 poison
; CHECK-DAG: @for_kind_teams.ub.team = internal addrspace(3) global i32 poison

; CHECK-LABEL: define internal void @distribute_teams(
; CHECK-NEXT: %last = alloca i32
; CHECK-NEXT: %lb = alloca i32
; CHECK-NEXT: %ub = alloca i32
; CHECK-NEXT: %st = alloca i32
; CHECK-NEXT: store i32 0, ptr %lb
; CHECK-NEXT: store i32 999, ptr %ub
; CHECK-NEXT: call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 92, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
; CHECK-NEXT: %lo = load i32, ptr %lb
; CHECK-NEXT: br label %loop
; CHECK-NOT: __cot_gpu_guard
; CHECK: call void @__kmpc_for_static_fini(ptr null, i32 0)
; CHECK-NEXT: ret void


define void @distribute_kernel(ptr %a) !cot.kernel !1 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @distribute_teams, ptr %a)
  ret void
}

define internal void @distribute_teams(ptr %gtid, ptr %btid, ptr %a) !cot.kernel !1 {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  store i32 0, ptr %lb
  store i32 999, ptr %ub
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 92, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  %lo = load i32, ptr %lb
  br label %loop

loop:
  %i = phi i32 [ %lo, %0 ], [ %i.next, %loop ]
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @region, ptr %a)
  %i.next = add i32 %i, 1
  %hi = load i32, ptr %ub
  %more = icmp sle i32 %i.next, %hi
  br i1 %more, label %loop, label %done

done:
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

; CHECK-LABEL: define internal void @window_teams(
; CHECK: pre:
; CHECK-NEXT: call void @__cot_gpu_guard_end()
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %i = phi i32
; CHECK-NEXT: call i32 @__cot_gpu_guard_begin_after_barrier()
; CHECK: team.join:
; CHECK-NEXT: call void @__cot_gpu_guard_end()
; CHECK-NEXT: call void {{.*}}@__kmpc_fork_call(

define void @window_kernel(ptr %out) !cot.kernel !5 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @window_teams, ptr %out)
  ret void
}

define internal void @window_teams(ptr %gtid, ptr %btid, ptr %out) !cot.kernel !5 {
entry:
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  %sum = alloca float
  %g = load i32, ptr %gtid
  store i32 0, ptr %lb
  store i32 999, ptr %ub
  call void @__kmpc_for_static_init_4(ptr null, i32 %g, i32 92, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  %lo = load i32, ptr %lb
  %hi0 = load i32, ptr %ub
  %any = icmp sle i32 %lo, %hi0
  br i1 %any, label %pre, label %done

pre:
  br label %loop

loop:
  %i = phi i32 [ %lo, %pre ], [ %i.next, %loop ]
  store float 0.0, ptr %sum
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @adds, ptr %sum)
  %s = load float, ptr %sum
  %p = getelementptr float, ptr %out, i32 %i
  store float %s, ptr %p
  %i.next = add i32 %i, 1
  %hi = load i32, ptr %ub
  %more = icmp sle i32 %i.next, %hi
  br i1 %more, label %loop, label %done

done:
  ret void
}

define internal void @adds(ptr %gtid, ptr %btid, ptr %sum) !cot.kernel !5 {
  %v = atomicrmw fadd ptr %sum, float 1.0 monotonic
  ret void
}

; CHECK-LABEL: define internal void @for_kind_teams(
; CHECK: call i32 @__cot_gpu_guard_begin()
; CHECK: team.guarded:
; CHECK: call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 34, ptr addrspacecast (ptr addrspace(3) @for_kind_teams.last.team to ptr), ptr addrspacecast (ptr addrspace(3) @for_kind_teams.lb.team to ptr)

define void @for_kind_kernel(ptr %a) !cot.kernel !2 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @for_kind_teams, ptr %a)
  ret void
}

define internal void @for_kind_teams(ptr %gtid, ptr %btid, ptr %a) !cot.kernel !2 {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  store i32 0, ptr %lb
  store i32 999, ptr %ub
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 34, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  %lo = load i32, ptr %lb
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @region, ptr %a)
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

define internal void @region(ptr %gtid, ptr %btid, ptr %a) !cot.kernel !1 {
  store i32 1, ptr %a
  ret void
}

declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_fini(ptr, i32)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)

!cot.kernels = !{!0, !3, !6}
!0 = !{ptr @distribute_kernel, !"generic", !"teams"}
!1 = !{ptr @distribute_kernel}
!2 = !{ptr @for_kind_kernel}
!3 = !{ptr @for_kind_kernel, !"generic", !"teams"}
!5 = !{ptr @window_kernel}
!6 = !{ptr @window_kernel, !"generic", !"teams"}
