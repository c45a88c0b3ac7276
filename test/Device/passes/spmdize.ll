; openmp-device-spmdize alone: a generic kernel whose team code can be
; guarded becomes a guarded kernel. The local its parallel region writes
; becomes a static team-shared variable, the thread's own local stays on
; its stack, and so does a small local the region only reads (each thread
; of the region gets its own copy, directly or through Clang's spill of
; the pointer), what may write memory others see runs on thread 0 between
; __cot_gpu_guard_begin/end, and a value computed there and used later is
; broadcast through shared memory. Loads and arithmetic that only the
; guarded code uses go into its range; the guard after the parallel region
; then follows its barrier directly and skips its own. A kernel whose team code calls a
; function that starts a parallel region, and one without a parallel
; region, keep the control loop, with a missed remark saying why.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-spmdize -pass-remarks=openmp-device -pass-remarks-missed=openmp-device -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

; REMARK-DAG: remark: <unknown>:0:0: kernel 'kernel' runs its team code in every thread, with its side effects on thread 0 under guards (no control loop)
; REMARK-DAG: remark: <unknown>:0:0: generic kernel 'forks_in_callee' keeps its control loop: its team code calls 'starts_parallel', which may start a parallel region
; REMARK-DAG: remark: <unknown>:0:0: generic kernel 'sequential' keeps its control loop: its team code starts no parallel region

; CHECK-DAG: @teams.shared.team = internal addrspace(3) global [4 x i32] poison, align 4
; CHECK-DAG: @teams.broadcast = internal addrspace(3) global i32 poison, align 4

; CHECK-LABEL: define internal void @teams(
; CHECK: %own = alloca i32
; CHECK-NEXT: %bound = alloca i64
; CHECK-NOT: alloca
; CHECK: %n = call i32 @omp_get_team_num()
; CHECK-NEXT: store i32 %n, ptr %own
; CHECK-NEXT: %wide = sext i32 %n to i64
; CHECK-NEXT: store i64 %wide, ptr %bound
; CHECK-NEXT: [[MAIN:%.*]] = call i32 @__cot_gpu_guard_begin() #[[CONVERGENT:[0-9]+]]
; CHECK-NEXT: [[IS0:%.*]] = icmp ne i32 [[MAIN]], 0
; CHECK-NEXT: br i1 [[IS0]], label %team.guarded, label %team.join
; CHECK: team.guarded:
; CHECK-NEXT: %v = call i32 @helper(i32 %n)
; CHECK-NEXT: store i32 %v, ptr addrspacecast (ptr addrspace(3) @teams.shared.team to ptr)
; CHECK-NEXT: store i32 %v, ptr addrspacecast (ptr addrspace(3) @teams.broadcast to ptr)
; CHECK-NEXT: br label %team.join
; CHECK: team.join:
; CHECK-NEXT: call void @__cot_gpu_guard_end() #[[CONVERGENT]]
; CHECK-NEXT: %v.bc = load i32, ptr addrspacecast (ptr addrspace(3) @teams.broadcast to ptr)
; CHECK-NEXT: call void {{.*}}@__kmpc_fork_call(ptr null, i32 2, ptr @region, ptr addrspacecast (ptr addrspace(3) @teams.shared.team to ptr), ptr %bound)
; CHECK-NEXT: call i32 @__cot_gpu_guard_begin_after_barrier()
; CHECK: team.guarded1:
; CHECK-NEXT: %r = load i32, ptr addrspacecast (ptr addrspace(3) @teams.shared.team to ptr)
; CHECK-NEXT: %m = load i32, ptr %own
; CHECK-NEXT: %sum = add i32 %r, %m
; CHECK-NEXT: %again = add i32 %sum, %v.bc
; CHECK-NEXT: store i32 %again, ptr %a
; CHECK: call void @__cot_gpu_guard_end()
; CHECK-NEXT: ret void

; CHECK-LABEL: define void @sequential(
; CHECK-NEXT: store i32 1, ptr %a
; CHECK-NEXT: ret void

; CHECK: attributes #[[CONVERGENT]] = { convergent }
; CHECK: !{ptr @kernel, !"guarded", !"teams"}
; CHECK: !{ptr @forks_in_callee, !"generic"}
; CHECK: !{ptr @sequential, !"generic"}

define void @kernel(ptr %a) !cot.kernel !1 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @teams, ptr %a)
  ret void
}

define internal void @teams(ptr %gtid, ptr %btid, ptr %a) !cot.kernel !1 {
  %own = alloca i32
  %shared = alloca [4 x i32]
  %bound = alloca i64
  %n = call i32 @omp_get_team_num()
  store i32 %n, ptr %own
  %wide = sext i32 %n to i64
  store i64 %wide, ptr %bound
  %v = call i32 @helper(i32 %n)
  store i32 %v, ptr %shared
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 2, ptr @region, ptr %shared, ptr %bound)
  %r = load i32, ptr %shared
  %m = load i32, ptr %own
  %sum = add i32 %r, %m
  %again = add i32 %sum, %v
  store i32 %again, ptr %a
  ret void
}

define internal void @region(ptr %gtid, ptr %btid, ptr %s, ptr %b) !cot.kernel !1 {
  %b.addr = alloca ptr
  store ptr %b, ptr %b.addr
  %b.ptr = load ptr, ptr %b.addr
  %lo = load i64, ptr %b.ptr
  %i = trunc i64 %lo to i32
  store i32 %i, ptr %s
  ret void
}

define void @forks_in_callee() !cot.kernel !2 {
  call void @starts_parallel()
  ret void
}

define void @starts_parallel() {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @region2)
  ret void
}

define internal void @region2(ptr %gtid, ptr %btid) {
  ret void
}

define void @sequential(ptr %a) !cot.kernel !3 {
  store i32 1, ptr %a
  ret void
}

declare i32 @omp_get_team_num()
declare i32 @helper(i32)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)

!cot.kernels = !{!0, !4, !5}
!0 = !{ptr @kernel, !"generic", !"teams"}
!1 = !{ptr @kernel}
!2 = !{ptr @forks_in_callee}
!3 = !{ptr @sequential}
!4 = !{ptr @forks_in_callee, !"generic"}
!5 = !{ptr @sequential, !"generic"}
