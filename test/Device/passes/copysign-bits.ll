; openmp-device-copysign-bits alone: llvm.copysign on float and double
; becomes the magnitude's bits without their sign bit or'ed with the sign
; operand's sign bit (LLVM 19's NVPTX back end would expand the call into
; six instructions). Vector and half copysigns stay.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-copysign-bits -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-copysign-bits %s -o - | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck --check-prefix=PTX %s

; CHECK-LABEL: define float @copysign_f32(
; CHECK-NEXT:    %1 = bitcast float %m to i32
; CHECK-NEXT:    %2 = and i32 %1, 2147483647
; CHECK-NEXT:    %3 = bitcast float %s to i32
; CHECK-NEXT:    %4 = and i32 %3, -2147483648
; CHECK-NEXT:    %5 = or i32 %2, %4
; CHECK-NEXT:    %r = bitcast i32 %5 to float
; CHECK-NEXT:    ret float %r
; PTX-LABEL: copysign_f32(
; PTX-NOT:     selp
; PTX:         and.b32 {{.*}}, 2147483647;
; PTX:         and.b32 {{.*}}, -2147483648;
; PTX:         or.b32
; PTX-NOT:     selp
; PTX:         ret;
define float @copysign_f32(float %m, float %s) {
  %r = call float @llvm.copysign.f32(float %m, float %s)
  ret float %r
}

; CHECK-LABEL: define double @copysign_f64(
; CHECK:         and i64 %{{.*}}, 9223372036854775807
; CHECK:         and i64 %{{.*}}, -9223372036854775808
; CHECK:         %r = bitcast i64 %{{.*}} to double
; CHECK-NOT:     llvm.copysign
; CHECK:         ret double %r
; PTX-LABEL: copysign_f64(
; PTX-NOT:     selp
; PTX:         or.b64
; PTX-NOT:     selp
; PTX:         ret;
define double @copysign_f64(double %m, double %s) {
  %r = call double @llvm.copysign.f64(double %m, double %s)
  ret double %r
}

; CHECK-LABEL: define <2 x float> @copysign_v2f32(
; CHECK:         call <2 x float> @llvm.copysign.v2f32(
; CHECK-LABEL: define half @copysign_f16(
; CHECK:         call half @llvm.copysign.f16(
define <2 x float> @copysign_v2f32(<2 x float> %m, <2 x float> %s) {
  %r = call <2 x float> @llvm.copysign.v2f32(<2 x float> %m, <2 x float> %s)
  ret <2 x float> %r
}

define half @copysign_f16(half %m, half %s) {
  %r = call half @llvm.copysign.f16(half %m, half %s)
  ret half %r
}

declare float @llvm.copysign.f32(float, float)
declare double @llvm.copysign.f64(double, double)
declare <2 x float> @llvm.copysign.v2f32(<2 x float>, <2 x float>)
declare half @llvm.copysign.f16(half, half)
