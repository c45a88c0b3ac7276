; openmp-device-spmdize alone, team code with a sequential loop that reads
; memory: thread 0 runs the whole loop under one guard (not a guard per
; iteration, not every thread repeating its loads), and the thread's own
; locals the loop wrote are copied to every thread after it. The guard
; after it writes none of the broadcast slots the copies read and skips its
; barrier.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-spmdize -S %s | FileCheck %s

; CHECK-LABEL: define internal void @teams(
; CHECK: entry:
; CHECK: store i32 0, ptr %sum
; CHECK-NEXT: store i32 0, ptr %i
; CHECK-NEXT: [[MAIN:%.*]] = call i32 @__cot_gpu_guard_begin()
; CHECK-NEXT: [[IS0:%.*]] = icmp ne i32 [[MAIN]], 0
; CHECK-NEXT: br i1 [[IS0]], label %cond, label %done
; CHECK: cond:
; CHECK: br i1 %more, label %body, label %team.loop.done
; CHECK: body:
; CHECK-NOT: __cot_gpu_guard
; CHECK: br label %cond
; CHECK: team.loop.done:
; CHECK-NEXT: %sum.final = load i32, ptr %sum
; CHECK-NEXT: store i32 %sum.final, ptr addrspacecast (ptr addrspace(3) @[[SUM:teams.broadcast[.0-9]*]] to ptr)
; CHECK: br label %done
; CHECK: done:
; CHECK-NEXT: call void @__cot_gpu_guard_end()
; CHECK-NEXT: %sum.final.bc = load i32, ptr addrspacecast (ptr addrspace(3) @[[SUM]] to ptr)
; CHECK-NEXT: store i32 %sum.final.bc, ptr %sum
; CHECK: call i32 @__cot_gpu_guard_begin_after_barrier()
; CHECK: team.guarded:
; CHECK-NEXT: %total = load i32, ptr %sum
; CHECK-NEXT: store i32 %total, ptr addrspacecast (ptr addrspace(3) @teams.shared.team to ptr)
; CHECK: call void {{.*}}@__kmpc_fork_call(

define void @kernel(ptr %a, i32 %n) !cot.kernel !1 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 2, ptr @teams, ptr %a, i32 %n)
  ret void
}

define internal void @teams(ptr %gtid, ptr %btid, ptr %a, i32 %n) !cot.kernel !1 {
entry:
  %sum = alloca i32
  %i = alloca i32
  %shared = alloca i32
  store i32 0, ptr %sum
  store i32 0, ptr %i
  br label %cond

cond:
  %iv = load i32, ptr %i
  %more = icmp slt i32 %iv, %n
  br i1 %more, label %body, label %done

body:
  %p = getelementptr i32, ptr %a, i32 %iv
  %x = load i32, ptr %p
  %s = load i32, ptr %sum
  %s2 = add i32 %s, %x
  store i32 %s2, ptr %sum
  %next = add i32 %iv, 1
  store i32 %next, ptr %i
  br label %cond

done:
  %total = load i32, ptr %sum
  store i32 %total, ptr %shared
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @region, ptr %shared)
  ret void
}

define internal void @region(ptr %gtid, ptr %btid, ptr %s) !cot.kernel !1 {
  %old = atomicrmw add ptr %s, i32 1 monotonic
  ret void
}

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)

!cot.kernels = !{!0}
!0 = !{ptr @kernel, !"generic", !"teams"}
!1 = !{ptr @kernel}
