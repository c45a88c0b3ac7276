; openmp-device-math-intrinsics alone (no libdevice): __nv_* functions the
; NVPTX back end implements become intrinsics; the others stay.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-math-intrinsics -S %s | FileCheck %s

; CHECK-LABEL: define double @math(
; CHECK: call double @llvm.sqrt.f64(double %x)
; CHECK: call float @llvm.fma.f32(float %y, float %y, float %y)
; CHECK: call double @__nv_sin(double %x)
; CHECK-NOT: @__nv_sqrt(
define double @math(double %x, float %y) {
  %r = call double @__nv_sqrt(double %x)
  %f = call float @__nv_fmaf(float %y, float %y, float %y)
  %s = call double @__nv_sin(double %x)
  ret double %r
}

declare double @__nv_sqrt(double)
declare float @__nv_fmaf(float, float, float)
declare double @__nv_sin(double)
