; openmp-device-spmdize alone: a guard that every thread reaches right after
; a block barrier (a parallel region's end, a guard's end), with no access
; to memory other threads see in between, skips its own barrier
; (__cot_gpu_guard_begin_after_barrier). A guard at the head of a loop that
; follows the previous iteration's parallel region gets one barrier where
; the path into the loop starts instead of one per iteration. A guard after
; a load of memory others see keeps its barrier, unless the loads are of
; team-shared variables that the guarded range does not write (a loop's
; bound, loaded at its head): a guard that writes what was loaded keeps it.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-spmdize -S %s | FileCheck %s

; CHECK-LABEL: define internal void @teams(
; CHECK: entry:
; CHECK-NEXT: %own = alloca i32
; CHECK-NEXT: store i32 0, ptr %own
; CHECK-NEXT: call void @__cot_gpu_guard_end()
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %i = phi i32
; CHECK-NEXT: call i32 @__cot_gpu_guard_begin_after_barrier()
; CHECK: store i32 %i, ptr %b
; CHECK: call void @__cot_gpu_guard_end()
; CHECK-NEXT: call void {{.*}}@__kmpc_fork_call(
; CHECK: exit:
; CHECK-NEXT: call i32 @__cot_gpu_guard_begin_after_barrier()
; CHECK: store i32 %n, ptr %b
; CHECK: call void @__cot_gpu_guard_end()
; CHECK-NEXT: call void {{.*}}@__kmpc_fork_call(
; CHECK-NEXT: %v = load i32, ptr %a
; CHECK: call i32 @__cot_gpu_guard_begin() #
; CHECK: store i32 %w, ptr %p
; CHECK: call void @__cot_gpu_guard_end()
; CHECK-NEXT: ret void

; The loop's head loads the team-shared %bound; the guard that clears %sum
; does not write it and skips its barrier, as does the guard after the
; parallel region.
; CHECK-LABEL: define internal void @bounded(
; CHECK: loop:
; CHECK: call i32 @__cot_gpu_guard_begin_after_barrier()
; CHECK: store i32 0, ptr addrspacecast (ptr addrspace(3) @bounded.sum.team to ptr)
; CHECK: call void @__cot_gpu_guard_end()
; CHECK-NEXT: call void {{.*}}@__kmpc_fork_call(ptr null, i32 1, ptr @add, ptr addrspacecast (ptr addrspace(3) @bounded.sum.team to ptr))
; CHECK: call i32 @__cot_gpu_guard_begin_after_barrier()
; CHECK: store i32 %s, ptr %p
; CHECK: call void @__cot_gpu_guard_end()
; CHECK-NEXT: %next = add i32 %i, 1
; CHECK-NEXT: %last = load i32, ptr addrspacecast (ptr addrspace(3) @bounded.bound.team to ptr)

; The guard in the loop writes the %bound its head loaded: the other
; threads may not have read it yet, so the guard keeps its barrier.
; CHECK-LABEL: define internal void @rebounded(
; CHECK: loop:
; CHECK: call i32 @__cot_gpu_guard_begin() #
; CHECK: store i32 %i, ptr addrspacecast (ptr addrspace(3) @rebounded.bound.team to ptr)
; CHECK: call void @__cot_gpu_guard_end()
; CHECK-NEXT: call void {{.*}}@__kmpc_fork_call(

define void @kernel(ptr %a, ptr %b, i32 %n) !cot.kernel !1 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 3, ptr @teams, ptr %a, ptr %b, i32 %n)
  ret void
}

define internal void @teams(ptr %gtid, ptr %btid, ptr %a, ptr %b, i32 %n) !cot.kernel !1 {
entry:
  %own = alloca i32
  store i32 0, ptr %own
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  store i32 %i, ptr %b
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @region, ptr %a)
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit

exit:
  store i32 %n, ptr %b
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @region, ptr %a)
  %v = load i32, ptr %a
  store i32 %v, ptr %own
  %w = load i32, ptr %own
  %p = getelementptr i32, ptr %b, i32 1
  store i32 %w, ptr %p
  ret void
}

define internal void @region(ptr %gtid, ptr %btid, ptr %a) !cot.kernel !1 {
  %old = atomicrmw add ptr %a, i32 1 monotonic
  ret void
}

define void @bounded_kernel(ptr %a, i32 %n) !cot.kernel !3 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 2, ptr @bounded, ptr %a, i32 %n)
  ret void
}

define internal void @bounded(ptr %gtid, ptr %btid, ptr %a, i32 %n) !cot.kernel !3 {
entry:
  %sum = alloca i32
  %bound = alloca i32
  store i32 %n, ptr %bound
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @add, ptr %bound)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  store i32 0, ptr %sum
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @add, ptr %sum)
  %s = load i32, ptr %sum
  %p = getelementptr i32, ptr %a, i32 %i
  store i32 %s, ptr %p
  %next = add i32 %i, 1
  %last = load i32, ptr %bound
  %more = icmp slt i32 %next, %last
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

define void @rebounded_kernel(ptr %a, i32 %n) !cot.kernel !4 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 2, ptr @rebounded, ptr %a, i32 %n)
  ret void
}

define internal void @rebounded(ptr %gtid, ptr %btid, ptr %a, i32 %n) !cot.kernel !4 {
entry:
  %bound = alloca i32
  store i32 %n, ptr %bound
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @add, ptr %bound)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  store i32 %i, ptr %bound
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @add, ptr %bound)
  %next = add i32 %i, 1
  %last = load i32, ptr %bound
  %more = icmp slt i32 %next, %last
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

define internal void @add(ptr %gtid, ptr %btid, ptr %x) {
  %old = atomicrmw add ptr %x, i32 1 monotonic
  ret void
}

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)

!cot.kernels = !{!0, !2, !5}
!0 = !{ptr @kernel, !"generic", !"teams"}
!1 = !{ptr @kernel}
!2 = !{ptr @bounded_kernel, !"generic", !"teams"}
!3 = !{ptr @bounded_kernel}
!4 = !{ptr @rebounded_kernel}
!5 = !{ptr @rebounded_kernel, !"generic", !"teams"}
