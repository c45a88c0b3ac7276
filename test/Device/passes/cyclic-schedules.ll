; openmp-device-cyclic-schedules alone: the blocked static loops of the
; functions outlined from a kernel without a schedule clause (!cot.kernel)
; become chunked ones; a function of the program that the region calls
; keeps its schedule even though its name extends the kernel's (membership
; is metadata, not a name prefix), and so does a kernel with a schedule
; clause. A loop the pass cannot rewrite is a missed remark.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-cyclic-schedules -pass-remarks-missed=openmp-device -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

; CHECK-LABEL: define void @k_l1(
; CHECK: call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
; CHECK: chunk.header:
; CHECK: br i1 %{{.*}}, label %chunk.header, label %chunk.exit
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

declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_fini(ptr, i32)

!cot.kernels = !{!10, !11, !12}
!10 = !{ptr @k_l1, !"spmd", !"default-schedule"}
!11 = !{ptr @k_l12, !"spmd"}
!12 = !{ptr @k_l2, !"spmd", !"default-schedule"}
!1 = !{ptr @k_l1}
!2 = !{ptr @k_l12}
!3 = !{ptr @k_l2}
