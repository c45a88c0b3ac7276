; openmp-device-spmdize alone on generic kernels whose teams reduction's
; copy (%x) goes to a parallel region that reduces into it, with the
; __cot_gpu_combine_block that openmp-device-reductions put before the teams
; reduction. In @kernel each thread keeps its own copy: %x stays on the
; thread's stack, initialized by every thread, the region's reduction call
; becomes the plain case (its atomic case goes), and the combination stays,
; run by every thread before thread 0's atomic update. In @reads the team
; code reads the copy before the teams reduction and in @otherop the region
; reduces with another function: their combination goes with the lists only
; it read, and as the team code uses the copy with loads and stores alone
; and passes it only to a region that reduces into it, each thread still
; keeps its own (RegionReductionCopies.h): the region's reduction becomes
; __cot_gpu_reduce_all, which gives every thread the result, and
; __cot_gpu_guarded_copy_sync follows the fork. In @peeks the region reads
; the copy outside its reduction: the copy moves to shared memory and the
; region keeps __cot_gpu_reduce. @kernel's region writes only its own locals
; and the thread's copy: its fork needs no closing barrier (RegionEffects.h);
; the others' regions combine across the block, with barriers.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-spmdize -pass-remarks=openmp-device -pass-remarks-missed=openmp-device -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

; REMARK-DAG: remark: <unknown>:0:0: teams reduction in 'teams' keeps a copy per thread: its parallel regions update it without combining across the block, which combines the copies once before the teams reduction
; REMARK-DAG: remark: <unknown>:0:0: teams reduction in 'reads.teams' has its parallel regions combine their threads' copies per block: the team code reads it before the teams reduction
; REMARK-DAG: remark: <unknown>:0:0: teams reduction in 'otherop.teams' has its parallel regions combine their threads' copies per block: the parallel region 'otherop.region' reduces into it with other items or another operator
; REMARK-DAG: remark: <unknown>:0:0: a local of 'reads.teams' that the parallel region 'reads.region' reduces into keeps a copy per thread: the region gives every thread the reduction's result
; REMARK-DAG: remark: <unknown>:0:0: a local of 'otherop.teams' that the parallel region 'otherop.region' reduces into keeps a copy per thread: the region gives every thread the reduction's result

; CHECK-LABEL: define internal void @teams(
; CHECK: %x = alloca double
; CHECK: store double 0.000000e+00, ptr %x
; CHECK-NOT: __cot_gpu_guard_begin
; CHECK: call void {{.*}}@__kmpc_fork_call(ptr null, i32 1, ptr @region, ptr %x), !cot.no_closing_barrier
; CHECK-NOT: __cot_gpu_guard_begin
; CHECK: call void @__cot_gpu_combine_block(ptr %list, ptr %scratch.list, ptr @sizes, i32 1, ptr @teams.reduce)
; CHECK-NOT: __cot_gpu_guard
; CHECK: call i32 @__cot_gpu_guard_begin()
; CHECK: team.guarded:
; CHECK: %final = load double, ptr %x
; CHECK-NEXT: atomicrmw fadd ptr %out, double %final monotonic

; CHECK-LABEL: define internal void @region(
; CHECK-NOT: __cot_gpu_reduce
; CHECK: plain:
; CHECK-NEXT: %old = load double, ptr %s.reload
; CHECK-NOT: atomicrmw
; CHECK: ret void

; CHECK-LABEL: define internal void @reads.teams(
; CHECK: %x = alloca double
; CHECK: store double 0.000000e+00, ptr %x
; CHECK-NOT: __cot_gpu_guard_begin
; CHECK: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @reads.region, ptr %x){{$}}
; CHECK-NEXT: call void @__cot_gpu_guarded_copy_sync(ptr %x, i32 8, i32 0)
; CHECK-NOT: __cot_gpu_combine_block
; CHECK-NOT: %list
; CHECK: ret void

; CHECK-LABEL: define internal void @reads.region(
; CHECK: call i32 @__cot_gpu_reduce_all(

; CHECK-LABEL: define internal void @otherop.teams(
; CHECK: %x = alloca double
; CHECK: @__kmpc_fork_call(ptr null, i32 1, ptr @otherop.region, ptr %x)
; CHECK-NEXT: call void @__cot_gpu_guarded_copy_sync(ptr %x, i32 8, i32 0)
; CHECK-NOT: __cot_gpu_combine_block
; CHECK: ret void

; CHECK-LABEL: define internal void @otherop.region(
; CHECK: call i32 @__cot_gpu_reduce_all(

; CHECK-LABEL: define internal void @peeks.teams(
; CHECK-NOT: alloca double
; CHECK-NOT: __cot_gpu_guarded_copy_sync
; CHECK: ret void

; CHECK-LABEL: define internal void @peeks.region(
; CHECK: call i32 @__cot_gpu_reduce(

; CHECK: !{ptr @kernel, !"guarded", !"teams"}
; CHECK: !{ptr @reads, !"guarded", !"teams"}
; CHECK: !{ptr @otherop, !"guarded", !"teams"}
; CHECK: !{ptr @peeks, !"guarded", !"teams"}

@sizes = private constant [1 x i32] [i32 8]

define void @kernel(ptr %out) !cot.kernel !1 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @teams, ptr %out)
  ret void
}

define internal void @teams(ptr %gtid, ptr %btid, ptr %out) !cot.kernel !1 {
  %x = alloca double
  %list = alloca [1 x ptr]
  %scratch.list = alloca [1 x ptr]
  %scratch = alloca double
  store double 0.0, ptr %x
  br label %loop

loop:
  %c = phi i32 [ 0, %0 ], [ %c.next, %loop ]
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @region, ptr %x)
  %c.next = add i32 %c, 1
  %more = icmp slt i32 %c.next, 4
  br i1 %more, label %loop, label %reduce

reduce:
  store ptr %x, ptr %list
  store ptr %scratch, ptr %scratch.list
  call void @__cot_gpu_combine_block(ptr %list, ptr %scratch.list, ptr @sizes, i32 1, ptr @teams.reduce)
  switch i32 2, label %done [
    i32 2, label %atomic
  ]

atomic:
  %final = load double, ptr %x
  %r = atomicrmw fadd ptr %out, double %final monotonic
  br label %done

done:
  ret void
}

; Clang's region at -O0: the shared copy's pointer spilled and reloaded.
define internal void @region(ptr %gtid, ptr %btid, ptr %s) !cot.kernel !1 {
  %s.addr = alloca ptr
  %priv = alloca double
  %rlist = alloca [1 x ptr]
  %rscratch.list = alloca [1 x ptr]
  %rscratch = alloca double
  store ptr %s, ptr %s.addr
  %s.reload = load ptr, ptr %s.addr
  store double 1.0, ptr %priv
  store ptr %priv, ptr %rlist
  store ptr %rscratch, ptr %rscratch.list
  %how = call i32 @__cot_gpu_reduce(ptr %rlist, ptr %rscratch.list, ptr @sizes, i32 1, ptr @region.reduce)
  switch i32 %how, label %end [
    i32 1, label %plain
    i32 2, label %atomic
  ]

plain:
  %old = load double, ptr %s.reload
  %mine = load double, ptr %priv
  %sum = fadd double %old, %mine
  store double %sum, ptr %s.reload
  br label %end

atomic:
  %mine2 = load double, ptr %priv
  %r = atomicrmw fadd ptr %s.reload, double %mine2 monotonic
  br label %end

end:
  ret void
}

define internal void @teams.reduce(ptr %lhs, ptr %rhs) {
  %l = load ptr, ptr %lhs
  %r = load ptr, ptr %rhs
  %a = load double, ptr %l
  %b = load double, ptr %r
  %s = fadd double %a, %b
  store double %s, ptr %l
  ret void
}

define internal void @region.reduce(ptr %lhs, ptr %rhs) {
  %l = load ptr, ptr %lhs
  %r = load ptr, ptr %rhs
  %a = load double, ptr %l
  %b = load double, ptr %r
  %s = fadd double %a, %b
  store double %s, ptr %l
  ret void
}

define internal void @region.max(ptr %lhs, ptr %rhs) {
  %l = load ptr, ptr %lhs
  %r = load ptr, ptr %rhs
  %a = load double, ptr %l
  %b = load double, ptr %r
  %s = call double @llvm.maxnum.f64(double %a, double %b)
  store double %s, ptr %l
  ret void
}

; The team code reads the copy after the parallel region, before the
; teams reduction.
define void @reads(ptr %out) !cot.kernel !3 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @reads.teams, ptr %out)
  ret void
}

define internal void @reads.teams(ptr %gtid, ptr %btid, ptr %out) !cot.kernel !3 {
  %x = alloca double
  %list = alloca [1 x ptr]
  %scratch.list = alloca [1 x ptr]
  %scratch = alloca double
  store double 0.0, ptr %x
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @reads.region, ptr %x)
  %seen = load double, ptr %x
  store double %seen, ptr %out
  store ptr %x, ptr %list
  store ptr %scratch, ptr %scratch.list
  call void @__cot_gpu_combine_block(ptr %list, ptr %scratch.list, ptr @sizes, i32 1, ptr @teams.reduce)
  %final = load double, ptr %x
  %r = atomicrmw fadd ptr %out, double %final monotonic
  ret void
}

define internal void @reads.region(ptr %gtid, ptr %btid, ptr %s) !cot.kernel !3 {
  %priv = alloca double
  %rlist = alloca [1 x ptr]
  %rscratch.list = alloca [1 x ptr]
  %rscratch = alloca double
  store double 1.0, ptr %priv
  store ptr %priv, ptr %rlist
  store ptr %rscratch, ptr %rscratch.list
  %how = call i32 @__cot_gpu_reduce(ptr %rlist, ptr %rscratch.list, ptr @sizes, i32 1, ptr @region.reduce)
  switch i32 %how, label %end [
    i32 1, label %plain
  ]

plain:
  %old = load double, ptr %s
  %mine = load double, ptr %priv
  %sum = fadd double %old, %mine
  store double %sum, ptr %s
  br label %end

end:
  ret void
}

; The region reduces into the copy with max, the teams with +.
define void @otherop(ptr %out) !cot.kernel !4 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @otherop.teams, ptr %out)
  ret void
}

define internal void @otherop.teams(ptr %gtid, ptr %btid, ptr %out) !cot.kernel !4 {
  %x = alloca double
  %list = alloca [1 x ptr]
  %scratch.list = alloca [1 x ptr]
  %scratch = alloca double
  store double 0.0, ptr %x
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @otherop.region, ptr %x)
  store ptr %x, ptr %list
  store ptr %scratch, ptr %scratch.list
  call void @__cot_gpu_combine_block(ptr %list, ptr %scratch.list, ptr @sizes, i32 1, ptr @teams.reduce)
  %final = load double, ptr %x
  %r = atomicrmw fadd ptr %out, double %final monotonic
  ret void
}

define internal void @otherop.region(ptr %gtid, ptr %btid, ptr %s) !cot.kernel !4 {
  %priv = alloca double
  %rlist = alloca [1 x ptr]
  %rscratch.list = alloca [1 x ptr]
  %rscratch = alloca double
  store double 1.0, ptr %priv
  store ptr %priv, ptr %rlist
  store ptr %rscratch, ptr %rscratch.list
  %how = call i32 @__cot_gpu_reduce(ptr %rlist, ptr %rscratch.list, ptr @sizes, i32 1, ptr @region.max)
  switch i32 %how, label %end [
    i32 1, label %plain
  ]

plain:
  %old = load double, ptr %s
  %mine = load double, ptr %priv
  %max = call double @llvm.maxnum.f64(double %old, double %mine)
  store double %max, ptr %s
  br label %end

end:
  ret void
}

; The region reads the team's local before reducing into it.
define void @peeks(ptr %out) !cot.kernel !7 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @peeks.teams, ptr %out)
  ret void
}

define internal void @peeks.teams(ptr %gtid, ptr %btid, ptr %out) !cot.kernel !7 {
  %x = alloca double
  store double 2.0, ptr %x
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @peeks.region, ptr %x)
  %final = load double, ptr %x
  store double %final, ptr %out
  ret void
}

define internal void @peeks.region(ptr %gtid, ptr %btid, ptr %s) !cot.kernel !7 {
  %priv = alloca double
  %rlist = alloca [1 x ptr]
  %rscratch.list = alloca [1 x ptr]
  %rscratch = alloca double
  %start = load double, ptr %s
  store double %start, ptr %priv
  store ptr %priv, ptr %rlist
  store ptr %rscratch, ptr %rscratch.list
  %how = call i32 @__cot_gpu_reduce(ptr %rlist, ptr %rscratch.list, ptr @sizes, i32 1, ptr @region.reduce)
  switch i32 %how, label %end [
    i32 1, label %plain
  ]

plain:
  %old = load double, ptr %s
  %mine = load double, ptr %priv
  %sum = fadd double %old, %mine
  store double %sum, ptr %s
  br label %end

end:
  ret void
}

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)
declare i32 @__cot_gpu_reduce(ptr, ptr, ptr, i32, ptr) convergent
declare void @__cot_gpu_combine_block(ptr, ptr, ptr, i32, ptr) convergent
declare double @llvm.maxnum.f64(double, double)

!cot.kernels = !{!0, !2, !5, !6}
!0 = !{ptr @kernel, !"generic", !"teams"}
!1 = !{ptr @kernel}
!2 = !{ptr @reads, !"generic", !"teams"}
!3 = !{ptr @reads}
!4 = !{ptr @otherop}
!5 = !{ptr @otherop, !"generic", !"teams"}
!6 = !{ptr @peeks, !"generic", !"teams"}
!7 = !{ptr @peeks}
