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
