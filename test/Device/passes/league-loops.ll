; openmp-device-league-loops alone: in an SPMD kernel without schedule
; clauses, the distribute loop (91) and the thread loop of the parallel
; region it starts (33) become one cyclic loop over the league (220, 221),
; also when the teams code pushes a num_threads value (the launch makes the
; blocks that size). A generic kernel and the thread loop of a region
; another kernel starts too keep their kinds. The chunk loop that
; openmp-device-cyclic-schedules put around the league's thread loop
; becomes a counted one (ChunkLoops.h) unless the per-iteration code has a
; loop of its own (then the distribute level's chunk loop is told that it
; runs once), and so do the chunk loops of the other cyclic thread
; loops of default-scheduled kernels (a parallel for in team code), which
; keep their kind (33); a kernel with a schedule clause has no chunk loop of
; ours to count.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-league-loops -S %s | FileCheck %s

; CHECK-LABEL: define internal void @league.teams(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 220,
; Its thread level's chunks are counted: the distribute level's chunk loop
; keeps its test (openmp-device-league-loops says why).
; CHECK: br i1 %more, label %chunk.header, label %chunk.exit, !cot.chunk-loop
; The league's grid-stride loop is counted, so that LLVM can unroll it:
; skipped when the thread's first iteration is past the end, each chunk
; assumed within the loop, the thread-number reload for static_fini moved
; after it.
; CHECK-LABEL: define internal void @league.parallel(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 221,
; CHECK-NEXT: %[[FIRST:.*]] = load i64, ptr %lb
; CHECK-NEXT: %[[STRIDE:.*]] = load i64, ptr %st
; CHECK-NEXT: %[[ANY:.*]] = icmp sle i64 %[[FIRST]], %orig.ub
; One or two chunks need no division; more are weighted as rare, so that
; the back end keeps the division in its block.
; CHECK: %[[STEP:.*]] = call i64 @llvm.umax.i64(i64 %[[STRIDE]], i64 1)
; CHECK: %chunks.few = select i1 %{{.*}}, i64 1, i64 2
; CHECK: br i1 %{{.*}}, label %chunks.divide, label %chunk.enter, !prof ![[RARE:[0-9]+]]
; CHECK: chunks.divide:
; CHECK-NEXT: %[[DIV:.*]] = udiv i64 %{{.*}}, %[[STEP]]
; CHECK-NEXT: %chunks.many = add i64 %[[DIV]], 1
; CHECK: chunk.enter:
; CHECK-NEXT: %chunks = phi i64 [ %chunks.few, %entry ], [ %chunks.many, %chunks.divide ]
; CHECK-NEXT: br i1 %[[ANY]], label %chunk.header, label %chunk.exit
; CHECK: chunk.header:
; CHECK-NEXT: %chunk = phi i64 [ 0, %chunk.enter ], [ %chunk.next, %tail ]
; CHECK-NEXT: %[[LB:.*]] = load i64, ptr %lb
; CHECK-NEXT: %[[IN:.*]] = icmp sle i64 %[[LB]], %orig.ub
; CHECK-NEXT: call void @llvm.assume(i1 %[[IN]])
; CHECK: tail:
; CHECK-NOT: load i32
; CHECK: %chunk.next = add nuw nsw i64 %chunk, 1
; CHECK-NEXT: %[[MORE:.*]] = icmp ult i64 %chunk.next, %chunks
; CHECK-NEXT: br i1 %[[MORE]], label %chunk.header, label %chunk.exit
; CHECK: chunk.exit:
; CHECK-NEXT: %tidp = load ptr, ptr %tid
; CHECK-NEXT: %g = load i32, ptr %tidp
; CHECK-NEXT: call void @__kmpc_for_static_fini(ptr null, i32 %g)
; CHECK-LABEL: define internal void @shared.parallel(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33,
; CHECK-LABEL: define internal void @pushes.teams(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 220,
; Per-iteration code with a loop of its own: the thread level's chunk loop
; stays as it is, and the distribute level's, which hands out one chunk (the
; whole range), ends after it.
; CHECK-NOT: icmp
; CHECK: br i1 false, label %chunk.header, label %chunk.exit, !cot.chunk-loop
; CHECK-LABEL: define internal void @pushes.parallel(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 221,
; CHECK-NOT: %chunks
; CHECK: %more = icmp sle i64 %lbv, %last.lb
; An unsigned loop: its thread level's chunks are counted, and its
; distribute level's chunk loop ends after its one chunk all the same (LLVM
; cannot tell that Clang's `iv < ub + 1` over the whole range runs once).
; CHECK-LABEL: define internal void @unsigned.teams(
; CHECK: call void @__kmpc_for_static_init_4u(ptr null, i32 0, i32 220,
; CHECK-NOT: icmp
; CHECK: br i1 false, label %chunk.header, label %chunk.exit, !cot.chunk-loop
; CHECK-LABEL: define internal void @unsigned.parallel(
; CHECK: call void @__kmpc_for_static_init_4u(ptr null, i32 0, i32 221,
; CHECK: %[[ANY:.*]] = icmp ule i32 %{{.*}}, %orig.ub
; A loop of fewer than 64 bits counts in its own type, up to the index of
; its last chunk (the bounds' difference, 0 where the thread runs none,
; over the stride), which fits where the count may not.
; CHECK-NEXT: %[[DIFF:.*]] = sub i32 %orig.ub, %{{.*}}
; CHECK-NEXT: %chunks.span = select i1 %[[ANY]], i32 %[[DIFF]], i32 0
; CHECK: %chunks.few = select i1 %{{.*}}, i32 0, i32 1
; CHECK: %chunks.many = udiv i32 %chunks.span,
; CHECK: %chunks.last = phi i32 [ %chunks.few, %entry ], [ %chunks.many, %chunks.divide ]
; CHECK: chunk.header:
; CHECK-NEXT: %chunk = phi i32 [ 0, %chunk.enter ], [ %chunk.next, %{{.*}} ]
; CHECK: %[[LB:.*]] = load i32, ptr %lb
; CHECK-NEXT: %[[IN:.*]] = icmp ule i32 %[[LB]], %orig.ub
; CHECK-NEXT: call void @llvm.assume(i1 %[[IN]])
; CHECK-NEXT: %[[NOTMAX:.*]] = icmp ne i32 %[[LB]], -1
; CHECK-NEXT: call void @llvm.assume(i1 %[[NOTMAX]])
; CHECK: %chunk.next = add nuw i32 %chunk, 1
; CHECK-NEXT: %[[MORE:.*]] = icmp ult i32 %chunk, %chunks.last
; CHECK-LABEL: define internal void @generic.teams(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 91,
; CHECK-LABEL: define internal void @shares.teams(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 91,
; CHECK-LABEL: define internal void @team.parallel(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33,
; CHECK-NEXT: %[[FIRST:.*]] = load i64, ptr %lb
; CHECK: %chunks = phi i64 [ %chunks.few, %entry ], [ %chunks.many, %chunks.divide ]
; CHECK: %chunk.next = add nuw nsw i64 %chunk, 1
; CHECK-NEXT: %[[MORE:.*]] = icmp ult i64 %chunk.next, %chunks
; CHECK-LABEL: define internal void @scheduled.parallel(
; CHECK: call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33,
; CHECK-NOT: %chunks
; CHECK: %more = icmp sle i64 %lbv, %last.lb

define void @league() !cot.kernel !10 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @league.teams)
  ret void
}

define internal void @league.teams(ptr %gtid, ptr %btid) !cot.kernel !10 {
entry:
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  %orig.ub = load i64, ptr %ub
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 256)
  br label %chunk.header
chunk.header:
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @league.parallel)
  %stv = load i64, ptr %st
  %lbv = load i64, ptr %lb
  %next = add i64 %lbv, %stv
  store i64 %next, ptr %lb
  %last.lb = sub i64 %orig.ub, %stv
  %more = icmp sle i64 %lbv, %last.lb
  br i1 %more, label %chunk.header, label %chunk.exit, !cot.chunk-loop !20
chunk.exit:
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

define internal void @league.parallel(ptr %gtid, ptr %btid, ptr %a, ptr %sum, ptr %tid) !cot.kernel !10 {
entry:
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  %orig.ub = load i64, ptr %ub
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 1)
  br label %chunk.header
chunk.header:
  %l = load i64, ptr %lb
  %u = load i64, ptr %ub
  %in = icmp sle i64 %l, %u
  br i1 %in, label %body, label %tail
body:
  %p = getelementptr i32, ptr %a, i64 %l
  %v = load i32, ptr %p
  %s = load i32, ptr %sum
  %n = add i32 %s, %v
  store i32 %n, ptr %sum
  br label %tail
tail:
  %tidp = load ptr, ptr %tid
  %g = load i32, ptr %tidp
  %stv = load i64, ptr %st
  %lbv = load i64, ptr %lb
  %next = add i64 %lbv, %stv
  store i64 %next, ptr %lb
  store i64 %next, ptr %ub
  %last.lb = sub i64 %orig.ub, %stv
  %more = icmp sle i64 %lbv, %last.lb
  br i1 %more, label %chunk.header, label %chunk.exit, !cot.chunk-loop !20
chunk.exit:
  call void @__kmpc_for_static_fini(ptr null, i32 %g)
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
entry:
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  %orig.ub = load i64, ptr %ub
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 256)
  br label %chunk.header
chunk.header:
  call void @__kmpc_push_num_threads(ptr null, i32 0, i32 64)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @pushes.parallel)
  %stv = load i64, ptr %st
  %lbv = load i64, ptr %lb
  %next = add i64 %lbv, %stv
  store i64 %next, ptr %lb
  %last.lb = sub i64 %orig.ub, %stv
  %more = icmp sle i64 %lbv, %last.lb
  br i1 %more, label %chunk.header, label %chunk.exit, !cot.chunk-loop !20
chunk.exit:
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

define internal void @pushes.parallel(ptr %gtid, ptr %btid, ptr %a, ptr %sum) !cot.kernel !11 {
entry:
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  %orig.ub = load i64, ptr %ub
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 1)
  br label %chunk.header
chunk.header:
  %l = load i64, ptr %lb
  br label %iter
iter:
  %iv = phi i64 [ %l, %chunk.header ], [ %iv.next, %iter.end ]
  %u = load i64, ptr %ub
  %in = icmp sle i64 %iv, %u
  br i1 %in, label %inner, label %tail
inner:
  %k = phi i64 [ 0, %iter ], [ %k.next, %inner ]
  %p = getelementptr i32, ptr %a, i64 %k
  %v = load i32, ptr %p
  store i32 %v, ptr %sum
  %k.next = add i64 %k, 1
  %k.more = icmp slt i64 %k.next, %iv
  br i1 %k.more, label %inner, label %iter.end
iter.end:
  %iv.next = add i64 %iv, 1
  br label %iter
tail:
  %stv = load i64, ptr %st
  %lbv = load i64, ptr %lb
  %next = add i64 %lbv, %stv
  store i64 %next, ptr %lb
  store i64 %next, ptr %ub
  %last.lb = sub i64 %orig.ub, %stv
  %more = icmp sle i64 %lbv, %last.lb
  br i1 %more, label %chunk.header, label %chunk.exit, !cot.chunk-loop !20
chunk.exit:
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

define void @unsigned() !cot.kernel !16 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @unsigned.teams)
  ret void
}

define internal void @unsigned.teams(ptr %gtid, ptr %btid) !cot.kernel !16 {
entry:
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  %orig.ub = load i32, ptr %ub
  call void @__kmpc_for_static_init_4u(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 256)
  br label %chunk.header
chunk.header:
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @unsigned.parallel)
  %stv = load i32, ptr %st
  %lbv = load i32, ptr %lb
  %next = add i32 %lbv, %stv
  store i32 %next, ptr %lb
  %last.lb = sub i32 %orig.ub, %stv
  %more = icmp ule i32 %lbv, %last.lb
  %fits = icmp uge i32 %orig.ub, %stv
  %more.fits = select i1 %fits, i1 %more, i1 false
  br i1 %more.fits, label %chunk.header, label %chunk.exit, !cot.chunk-loop !20
chunk.exit:
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

define internal void @unsigned.parallel(ptr %gtid, ptr %btid, ptr %a, ptr %sum) !cot.kernel !16 {
entry:
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  %orig.ub = load i32, ptr %ub
  call void @__kmpc_for_static_init_4u(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  br label %chunk.header
chunk.header:
  %l = load i32, ptr %lb
  %u = load i32, ptr %ub
  %u1 = add i32 %u, 1
  %in = icmp ult i32 %l, %u1
  br i1 %in, label %body, label %tail
body:
  %i = zext i32 %l to i64
  %p = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %s = load i32, ptr %sum
  %n = add i32 %s, %v
  store i32 %n, ptr %sum
  br label %tail
tail:
  %stv = load i32, ptr %st
  %lbv = load i32, ptr %lb
  %next = add i32 %lbv, %stv
  store i32 %next, ptr %lb
  store i32 %next, ptr %ub
  %last.lb = sub i32 %orig.ub, %stv
  %more = icmp ule i32 %lbv, %last.lb
  %fits = icmp uge i32 %orig.ub, %stv
  %more.fits = select i1 %fits, i1 %more, i1 false
  br i1 %more.fits, label %chunk.header, label %chunk.exit, !cot.chunk-loop !20
chunk.exit:
  call void @__kmpc_for_static_fini(ptr null, i32 0)
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

; The parallel region of a generic kernel's team code (inside a standalone
; distribute), and the same loop in a kernel whose construct has a schedule
; clause.
define void @team() !cot.kernel !14 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @team.teams)
  ret void
}

define internal void @team.teams(ptr %gtid, ptr %btid) !cot.kernel !14 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @team.parallel)
  ret void
}

define internal void @team.parallel(ptr %gtid, ptr %btid, ptr %a, ptr %sum) !cot.kernel !14 {
entry:
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  %orig.ub = load i64, ptr %ub
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 1)
  br label %chunk.header
chunk.header:
  %l = load i64, ptr %lb
  %u = load i64, ptr %ub
  %in = icmp sle i64 %l, %u
  br i1 %in, label %body, label %tail
body:
  %p = getelementptr i32, ptr %a, i64 %l
  %v = load i32, ptr %p
  store i32 %v, ptr %sum
  br label %tail
tail:
  %stv = load i64, ptr %st
  %lbv = load i64, ptr %lb
  %next = add i64 %lbv, %stv
  store i64 %next, ptr %lb
  store i64 %next, ptr %ub
  %last.lb = sub i64 %orig.ub, %stv
  %more = icmp sle i64 %lbv, %last.lb
  br i1 %more, label %chunk.header, label %chunk.exit, !cot.chunk-loop !20
chunk.exit:
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

define void @scheduled() !cot.kernel !15 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @scheduled.parallel)
  ret void
}

define internal void @scheduled.parallel(ptr %gtid, ptr %btid, ptr %a, ptr %sum) !cot.kernel !15 {
entry:
  %last = alloca i32
  %lb = alloca i64
  %ub = alloca i64
  %st = alloca i64
  %orig.ub = load i64, ptr %ub
  call void @__kmpc_for_static_init_8(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i64 1, i64 1)
  br label %chunk.header
chunk.header:
  %l = load i64, ptr %lb
  %u = load i64, ptr %ub
  %in = icmp sle i64 %l, %u
  br i1 %in, label %body, label %tail
body:
  %p = getelementptr i32, ptr %a, i64 %l
  %v = load i32, ptr %p
  store i32 %v, ptr %sum
  br label %tail
tail:
  %stv = load i64, ptr %st
  %lbv = load i64, ptr %lb
  %next = add i64 %lbv, %stv
  store i64 %next, ptr %lb
  store i64 %next, ptr %ub
  %last.lb = sub i64 %orig.ub, %stv
  %more = icmp sle i64 %lbv, %last.lb
  br i1 %more, label %chunk.header, label %chunk.exit, !cot.chunk-loop !20
chunk.exit:
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

declare void @__kmpc_for_static_fini(ptr, i32)
declare void @__kmpc_for_static_init_8(ptr, i32, i32, ptr, ptr, ptr, ptr, i64, i64)
declare void @__kmpc_for_static_init_4u(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_push_num_threads(ptr, i32, i32)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)

!cot.kernels = !{!0, !1, !2, !3, !4, !5, !6}
!0 = !{ptr @league, !"spmd", !"default-schedule", !"teams"}
!1 = !{ptr @pushes, !"spmd", !"default-schedule", !"teams"}
!2 = !{ptr @generic, !"generic", !"default-schedule", !"teams"}
!3 = !{ptr @shares, !"spmd", !"default-schedule", !"teams"}
!4 = !{ptr @team, !"generic", !"default-schedule", !"teams"}
!5 = !{ptr @scheduled, !"generic"}
!6 = !{ptr @unsigned, !"spmd", !"default-schedule", !"teams"}
!20 = !{}
!10 = !{ptr @league}
!11 = !{ptr @pushes}
!12 = !{ptr @generic}
!13 = !{ptr @shares}
!14 = !{ptr @team}
!15 = !{ptr @scheduled}
!16 = !{ptr @unsigned}

; CHECK: ![[RARE]] = !{!"branch_weights", i32 1, i32 1000000}
