; openmp-device-libdevice-math alone: C math calls and math intrinsics the
; NVPTX back end cannot select call libdevice's __nv_* functions.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-libdevice-math -S %s | FileCheck %s

; CHECK-LABEL: define double @math(
; CHECK: call double @__nv_sin(double %x)
; CHECK: call float @__nv_expf(float %y)
; CHECK: call double @llvm.fabs.f64(double %x)
; CHECK-NOT: @sin(
; CHECK-NOT: call float @llvm.exp.f32(
define double @math(double %x, float %y) {
  %s = call double @sin(double %x)
  %e = call float @llvm.exp.f32(float %y)
  %a = call double @llvm.fabs.f64(double %x)
  ret double %s
}

declare double @sin(double)
declare float @llvm.exp.f32(float)
declare double @llvm.fabs.f64(double)

; lround and lrint, which libdevice lacks, call its llround and llrint (long
; is 64 bits); scalbln stays for the device runtime's definition.
; CHECK-LABEL: define i64 @rounding(
; CHECK: call i64 @__nv_llround(double %x)
; CHECK: call i64 @__nv_llrintf(float %y)
; CHECK: call double @scalbln(double %x, i64 3)
define i64 @rounding(double %x, float %y) {
  %r = call i64 @lround(double %x)
  %i = call i64 @lrintf(float %y)
  %s = call double @scalbln(double %x, i64 3)
  ret i64 %r
}

declare i64 @lround(double)
declare i64 @lrintf(float)
declare double @scalbln(double, i64)
