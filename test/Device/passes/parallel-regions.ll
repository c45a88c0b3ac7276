; openmp-device-parallel-regions alone: the league fork becomes a direct
; call; a parallel region of an SPMD kernel a direct call bracketed by
; __cot_gpu_spmd_parallel_begin/end, one of a generic kernel a
; __cot_gpu_parallel call of the microtask's wrapper. In the team code of a
; guarded kernel the threads __cot_gpu_guarded_parallel_begin picks call
; the microtask, and __cot_gpu_guarded_parallel_end closes the region
; (__cot_gpu_guarded_parallel_end_nowait, without a barrier, where spmdize
; marked the fork !cot.no_closing_barrier); a region nested in it is
; lowered as in SPMD kernels. The num_threads value
; Clang pushes just before the fork goes to the runtime with the region. The body of a region
; that only SPMD or guarded team code starts asks the runtime for its thread
; number, team size and barrier through the __cot_gpu_region_* entries; a
; nested region's body keeps the general ones. A region that always has the
; whole block (SPMD kernels' regions) uses the block's size and barrier.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-parallel-regions -S %s | FileCheck %s

; CHECK-LABEL: define void @spmd(
; CHECK: call void @spmd.teams(ptr %gtid.slot, ptr %zero.slot, ptr %a)
; CHECK-NOT: call {{.*}} @__kmpc_fork_teams(
define void @spmd(ptr %a) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @spmd.teams, ptr %a)
  ret void
}

; CHECK-LABEL: define internal void @spmd.teams(
; CHECK: call void @__cot_gpu_spmd_parallel_begin()
; CHECK-NEXT: call void @spmd.parallel(ptr %gtid.slot, ptr %zero.slot, ptr %a)
; CHECK-NEXT: call void @__cot_gpu_spmd_parallel_end()
; CHECK-NOT: call {{.*}} @__kmpc_fork_call(
define internal void @spmd.teams(ptr %gtid, ptr %btid, ptr %a) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @spmd.parallel, ptr %a)
  ret void
}

; The body of an SPMD kernel's region has the whole block.
; CHECK-LABEL: define internal void @spmd.parallel(
; CHECK-NEXT: %tid = call i32 @__cot_gpu_region_thread_num()
; CHECK-NEXT: %nth = call i32 @__cot_gpu_block_num_threads()
; CHECK-NEXT: call void @__cot_gpu_block_barrier() #[[CONVERGENT:[0-9]+]]
define internal void @spmd.parallel(ptr %gtid, ptr %btid, ptr %a) {
  %tid = call i32 @omp_get_thread_num()
  %nth = call i32 @omp_get_num_threads()
  call void @__kmpc_barrier(ptr null, i32 0)
  ret void
}

; CHECK-LABEL: define void @generic(
; CHECK: %parallel.args = alloca [2 x ptr]
; CHECK: store ptr %a, ptr
; CHECK: inttoptr i64
; CHECK: call void @__cot_gpu_parallel(ptr @generic.parallel.wrapper, ptr %parallel.args, i32 2, i32 0, i32 1)
; CHECK-NOT: call {{.*}} @__kmpc_fork_call(
define void @generic(ptr %a, i64 %n) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 2, ptr @generic.parallel, ptr %a, i64 %n)
  ret void
}

define internal void @generic.parallel(ptr %gtid, ptr %btid, ptr %a, i64 %n) {
  ret void
}


; CHECK-LABEL: define internal void @guarded.teams(
; CHECK-NOT: __kmpc_push_num_threads
; CHECK: %parallel.ran = call i32 @__cot_gpu_guarded_parallel_begin(i32 64) #[[CONVERGENT]]
; CHECK-NEXT: [[RAN:%.*]] = icmp ne i32 %parallel.ran, 0
; CHECK-NEXT: br i1 [[RAN]], label %parallel.region, label %parallel.end
; CHECK: parallel.region:
; CHECK-NEXT: call void @guarded.parallel(ptr %gtid.slot, ptr %zero.slot, ptr %a)
; CHECK-NEXT: br label %parallel.end
; CHECK: parallel.end:
; CHECK-NEXT: call void @__cot_gpu_guarded_parallel_end(i32 %parallel.ran) #[[CONVERGENT]]
; CHECK-NEXT: ret void
define void @guarded(ptr %a) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @guarded.teams, ptr %a)
  ret void
}

define internal void @guarded.teams(ptr %gtid, ptr %btid, ptr %a) {
  call void @__kmpc_push_num_threads(ptr null, i32 0, i32 64)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @guarded.parallel, ptr %a)
  ret void
}

; CHECK-LABEL: define internal void @quiet.teams(
; CHECK: %parallel.ran = call i32 @__cot_gpu_guarded_parallel_begin(i32 0) #[[CONVERGENT]]
; CHECK: call void @quiet.parallel(ptr %gtid.slot, ptr %zero.slot)
; CHECK: call void @__cot_gpu_guarded_parallel_end_nowait(i32 %parallel.ran) #[[CONVERGENT]]
define void @quiet(ptr %a) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @quiet.teams)
  ret void
}

define internal void @quiet.teams(ptr %gtid, ptr %btid) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @quiet.parallel), !cot.no_closing_barrier !4
  ret void
}

define internal void @quiet.parallel(ptr %gtid, ptr %btid) {
  ret void
}

; CHECK-LABEL: define internal void @guarded.parallel(
; CHECK: %tid = call i32 @__cot_gpu_region_thread_num()
; CHECK-NEXT: %nth = call i32 @__cot_gpu_region_num_threads()
; CHECK-NEXT: call void @__cot_gpu_region_barrier() #[[CONVERGENT]]
; CHECK: call void @__cot_gpu_spmd_parallel_begin()
; CHECK-NEXT: call void @guarded.nested(
; CHECK-NEXT: call void @__cot_gpu_spmd_parallel_end()
define internal void @guarded.parallel(ptr %gtid, ptr %btid, ptr %a) {
  %tid = call i32 @omp_get_thread_num()
  %nth = call i32 @omp_get_num_threads()
  call void @__kmpc_barrier(ptr null, i32 0)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @guarded.nested)
  ret void
}

; CHECK-LABEL: define internal void @guarded.nested(
; CHECK-NEXT: call i32 @omp_get_thread_num()
; CHECK-NEXT: call void @__kmpc_barrier(
define internal void @guarded.nested(ptr %gtid, ptr %btid) {
  %tid = call i32 @omp_get_thread_num()
  call void @__kmpc_barrier(ptr null, i32 0)
  ret void
}

declare void @__kmpc_push_num_threads(ptr, i32, i32)
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
declare void @__kmpc_barrier(ptr, i32)

; CHECK-LABEL: define internal void @generic.parallel.wrapper(ptr %0)
; CHECK: call void @generic.parallel(ptr %gtid.slot, ptr %zero.slot, ptr %{{.*}}, i64 %{{.*}})

; CHECK: attributes #[[CONVERGENT]] = { convergent }

declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)

!cot.kernels = !{!0, !1, !2, !3}
!0 = !{ptr @spmd, !"spmd"}
!1 = !{ptr @generic, !"generic"}
!2 = !{ptr @guarded, !"guarded", !"teams"}
!3 = !{ptr @quiet, !"guarded", !"teams"}
!4 = !{}
