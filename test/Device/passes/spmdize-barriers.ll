; openmp-device-spmdize alone: a guard that every thread reaches right after
; a block barrier (a parallel region's end, a guard's end), with no access
; to memory other threads see in between, skips its own barrier
; (__cot_gpu_guard_begin_after_barrier). A guard at the head of a loop that
; follows the previous iteration's parallel region gets one barrier where
; the path into the loop starts instead of one per iteration. A guard after
; a load of memory others see keeps its barrier.
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

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)

!cot.kernels = !{!0}
!0 = !{ptr @kernel, !"generic", !"teams"}
!1 = !{ptr @kernel}
