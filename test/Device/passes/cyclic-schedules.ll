; openmp-device-cyclic-schedules alone: the blocked static loops of the
; functions outlined from a kernel without a schedule clause (!cot.kernel)
; become chunked ones; a function of the program that the region calls
; keeps its schedule even though its name extends the kernel's (membership
; is metadata, not a name prefix), and so does a kernel with a schedule
; clause. A loop the pass cannot rewrite is a missed remark.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-cyclic-schedules -pass-remarks-missed=openmp-device -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

; The chunk loop: whether the next lower bound (current + stride) is
; within the loop is current <= upper - stride, which cannot wrap around
; past the type's end as the sum would.
; CHECK-LABEL: define void @k_l1(
; CHECK: call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
; CHECK: chunk.header:
; CHECK: %[[STRIDE:.*]] = load i32, ptr %st
; CHECK-NEXT: %[[CURRENT:.*]] = load i32, ptr %lb
; CHECK-NEXT: %[[NEXT:.*]] = add i32 %[[CURRENT]], %[[STRIDE]]
; CHECK-NEXT: store i32 %[[NEXT]], ptr %lb
; CHECK-NEXT: store i32 %[[NEXT]], ptr %ub
; CHECK-NEXT: %last.lb = sub i32 %orig.ub, %[[STRIDE]]
; CHECK-NEXT: %more = icmp sle i32 %[[CURRENT]], %last.lb
; CHECK-NEXT: br i1 %more, label %chunk.header, label %chunk.exit
; CHECK: chunk.exit:
; CHECK-NEXT: call void @__kmpc_for_static_fini(
define void @k_l1() !cot.kernel !1 {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 34, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  call void @k_l1.omp_outlined()
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

; CHECK-LABEL: define internal void @k_l1.omp_outlined(
; CHECK: call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 34,
; CHECK-NOT: chunk.header
define internal void @k_l1.omp_outlined() {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 34, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

; CHECK-LABEL: define void @k_l12(
; CHECK: call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 34,
; CHECK-NOT: chunk.header
define void @k_l12() !cot.kernel !2 {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 34, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

; CHECK-LABEL: define void @k_l2(
; CHECK: call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 34,
; CHECK-NOT: chunk.header
define void @k_l2(i1 %c) !cot.kernel !3 {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 34, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  br i1 %c, label %a, label %b
a:
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
b:
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}
; REMARK: remark: <unknown>:0:0: loop without a schedule clause keeps the blocked schedule in 'k_l2'

; The distribute loop of a composite `distribute parallel for` passes its
; chunk's bounds to the parallel region: chunks of a block's worth of
; iterations, which the block's threads share.
; CHECK-LABEL: define void @k_l3(
; CHECK: %[[NTID:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK: call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 91, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 %[[NTID]])
; CHECK: chunk.header:
; A team's chunk: its upper bound advances saturating.
; CHECK: call i32 @llvm.sadd.sat.i32(
define void @k_l3() !cot.kernel !4 {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 92, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  %l = load i32, ptr %lb
  %l64 = zext i32 %l to i64
  %u = load i32, ptr %ub
  %u64 = zext i32 %u to i64
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 2, ptr @k_l3.omp_outlined, i64 %l64, i64 %u64)
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

; A standalone distribute, whose body is team code (here with a parallel
; region of its own bounds), keeps the blocked schedule: one contiguous
; share of the iterations per team, every team busy.
; CHECK-LABEL: define void @k_l4(
; CHECK: call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 92, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
; CHECK-NOT: chunk.header
define void @k_l4(ptr %lo) !cot.kernel !5 {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 92, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  %l = load i32, ptr %lb
  store i32 %l, ptr %lo
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @k_l3.omp_outlined, ptr %lo)
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

define internal void @k_l3.omp_outlined(ptr, ptr, i64, i64) {
  ret void
}

; An unsigned loop: upper - stride is only taken when the stride fits.
; CHECK-LABEL: define void @k_l5(
; CHECK: call void @__kmpc_for_static_init_4u(ptr null, i32 0, i32 33,
; CHECK: %last.lb = sub i32 %orig.ub, %[[STRIDE:.*]]
; CHECK-NEXT: %more = icmp ule i32 %{{.*}}, %last.lb
; CHECK-NEXT: %[[FITS:.*]] = icmp uge i32 %orig.ub, %[[STRIDE]]
; CHECK-NEXT: %more.fits = select i1 %[[FITS]], i1 %more, i1 false
; CHECK-NEXT: br i1 %more.fits, label %chunk.header, label %chunk.exit
define void @k_l5() !cot.kernel !6 {
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  call void @__kmpc_for_static_init_4u(ptr null, i32 0, i32 34, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  call void @k_l1.omp_outlined()
  call void @__kmpc_for_static_fini(ptr null, i32 0)
  ret void
}

declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_init_4u(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_fini(ptr, i32)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)

!cot.kernels = !{!10, !11, !12, !13, !14, !15}
!10 = !{ptr @k_l1, !"spmd", !"default-schedule"}
!11 = !{ptr @k_l12, !"spmd"}
!12 = !{ptr @k_l2, !"spmd", !"default-schedule"}
!13 = !{ptr @k_l3, !"generic", !"default-schedule"}
!14 = !{ptr @k_l4, !"generic", !"default-schedule"}
!15 = !{ptr @k_l5, !"spmd", !"default-schedule"}
!1 = !{ptr @k_l1}
!2 = !{ptr @k_l12}
!3 = !{ptr @k_l2}
!4 = !{ptr @k_l3}
!5 = !{ptr @k_l4}
!6 = !{ptr @k_l5}
