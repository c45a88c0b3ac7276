; openmp-device-complex-math alone: C99 complex functions that device code
; declares with the host's x86-64 signatures get bodies of real math calls
; (which openmp-device-libdevice-math then binds to libdevice): cabs of two
; double parts is hypot, cexpf of a <2 x float> is expf times cosf and
; sinf, cpow multiplies the exponent by clog's parts. A declaration of
; another signature stays a declaration (the extern check reports it).
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-complex-math -S %s | FileCheck %s

; CHECK-LABEL: define internal double @cabs(double %0, double %1)
; CHECK-NEXT: entry:
; CHECK-NEXT: %2 = call double @hypot(double %0, double %1)
; CHECK-NEXT: ret double %2

; CHECK-LABEL: define internal <2 x float> @cexpf(<2 x float> %0)
; CHECK: %1 = extractelement <2 x float> %0, i64 0
; CHECK-NEXT: %2 = extractelement <2 x float> %0, i64 1
; CHECK-NEXT: %3 = call float @expf(float %1)
; CHECK-NEXT: %4 = call float @cosf(float %2)
; CHECK-NEXT: %5 = fmul float %3, %4
; CHECK-NEXT: %6 = call float @sinf(float %2)
; CHECK-NEXT: %7 = fmul float %3, %6
; CHECK-NEXT: %8 = insertelement <2 x float> poison, float %5, i64 0
; CHECK-NEXT: %9 = insertelement <2 x float> %8, float %7, i64 1
; CHECK-NEXT: ret <2 x float> %9

; CHECK-LABEL: define internal { double, double } @cpow(double %0, double %1, double %2, double %3)
; CHECK: call double @hypot(double %0, double %1)
; CHECK: call double @log(
; CHECK: call double @atan2(double %1, double %0)
; CHECK: call double @exp(
; CHECK: insertvalue { double, double }

; CHECK: declare { float, float } @csqrtf(<2 x float>)

define void @user(double %x, double %y, <2 x float> %z) {
  %a = call double @cabs(double %x, double %y)
  %b = call <2 x float> @cexpf(<2 x float> %z)
  %c = call { double, double } @cpow(double %x, double %y, double %y, double %x)
  %d = call { float, float } @csqrtf(<2 x float> %z)
  ret void
}

declare double @cabs(double, double)
declare <2 x float> @cexpf(<2 x float>)
declare { double, double } @cpow(double, double, double, double)
declare { float, float } @csqrtf(<2 x float>)
