; openmp-device-conditional-lastprivates gives each run of a parallel region
; its own copy of Clang's bookkeeping for `lastprivate(conditional: x)`
; (@.pl_cond.x_7.iv, @pl_cond_x_7): the forking function allocates and
; zeroes it, the microtask gets it as two more arguments, forked or called
; directly (a serialized region). A pair that other code uses stays global,
; and so does one whose region the kernel itself forks (`!cot.kernel`
; naming the function: a combined `target parallel for`, whose SPMD kernel
; every thread runs, would give each thread its own slot).
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-conditional-lastprivates -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.pl_cond.x_7.iv = common hidden global i32 0, align 4
@pl_cond_x_7 = global double 0.000000e+00, align 8
@.pl_cond.y_8.iv = common hidden global i64 0, align 8
@pl_cond_y_8 = global i32 0, align 4
@.pl_cond.z_9.iv = common hidden global i32 0, align 4
@pl_cond_z_9 = global i32 0, align 4
@lock = common hidden global [8 x i32] zeroinitializer, align 8

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)

; The globals stay (the host's offload entries name the value's), unused.
; CHECK: @.pl_cond.x_7.iv = common hidden global i32 0
; CHECK: @pl_cond_x_7 = global double 0.0
; CHECK: @.pl_cond.y_8.iv = common hidden global i64 0
; CHECK: @pl_cond_y_8 = global i32 0
; CHECK: @.pl_cond.z_9.iv = common hidden global i32 0

; CHECK-LABEL: define void @team(ptr %out)
; CHECK-DAG: %[[IV2:pl_cond.x_7.iv[0-9]+]] = alloca i32
; CHECK-DAG: %[[VAL2:pl_cond_x_7[0-9]+]] = alloca double
; CHECK-DAG: %[[IV:pl_cond.x_7.iv]] = alloca i32
; CHECK-DAG: %[[VAL:pl_cond_x_7]] = alloca double
; CHECK-DAG: store i32 0, ptr %[[IV]]
; CHECK-DAG: store double 0.000000e+00, ptr %[[VAL]]
; CHECK: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 3, ptr @region.lastprivate_slots, ptr %out, ptr %[[IV]], ptr %[[VAL]])
; CHECK-NEXT: store i32 0, ptr %[[IV2]]
; CHECK-NEXT: store double 0.000000e+00, ptr %[[VAL2]]
; CHECK-NEXT: call void @region.lastprivate_slots(ptr null, ptr null, ptr %out, ptr %[[IV2]], ptr %[[VAL2]])
define void @team(ptr %out) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @region, ptr %out)
  call void @region(ptr null, ptr null, ptr %out)
  ret void
}

; CHECK-LABEL: define void @other
; CHECK: load i64, ptr @.pl_cond.y_8.iv
; CHECK-LABEL: define void @kernel
; CHECK-NEXT: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @region3)
; CHECK-LABEL: define internal void @region3
; CHECK: store i32 1, ptr @.pl_cond.z_9.iv
; CHECK-NOT: define internal void @region(
; CHECK-NOT: @.pl_cond.x_7.iv
; CHECK-NOT: @pl_cond_x_7
; CHECK-LABEL: define internal void @region.lastprivate_slots(ptr %gtid, ptr %btid, ptr %out, ptr %pl_cond.x_7.iv, ptr %pl_cond_x_7)
; CHECK: load i32, ptr %pl_cond.x_7.iv
; CHECK: store i32 %i, ptr %pl_cond.x_7.iv
; CHECK: store double 1.000000e+00, ptr %pl_cond_x_7
; CHECK: load double, ptr %pl_cond_x_7
define internal void @region(ptr %gtid, ptr %btid, ptr %out) {
  %i = load i32, ptr %gtid
  %last = load i32, ptr @.pl_cond.x_7.iv
  %later = icmp sle i32 %last, %i
  br i1 %later, label %update, label %done
update:
  store i32 %i, ptr @.pl_cond.x_7.iv
  store double 1.0, ptr @pl_cond_x_7
  br label %done
done:
  %v = load double, ptr @pl_cond_x_7
  store double %v, ptr %out
  ret void
}

; @.pl_cond.y_8.iv is also read outside a microtask: both stay.
define void @other(ptr %out) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @region2, ptr %out)
  %last = load i64, ptr @.pl_cond.y_8.iv
  ret void
}

define internal void @region2(ptr %gtid, ptr %btid, ptr %out) {
  store i64 1, ptr @.pl_cond.y_8.iv
  store i32 2, ptr @pl_cond_y_8
  ret void
}

define void @kernel() !cot.kernel !0 {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @region3)
  ret void
}

define internal void @region3(ptr %gtid, ptr %btid) !cot.kernel !0 {
  store i32 1, ptr @.pl_cond.z_9.iv
  store i32 3, ptr @pl_cond_z_9
  ret void
}

!0 = !{ptr @kernel}
