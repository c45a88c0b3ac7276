; openmp-device-printf alone: printf calls become vprintf with the
; arguments in a buffer.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-printf -S %s | FileCheck %s

@fmt = private constant [6 x i8] c"%d %f\00"

; CHECK-LABEL: define void @region(
; CHECK: %printf.args = alloca { i32, double }
; CHECK: store i32 %i, ptr
; CHECK: store double %d, ptr
; CHECK: call i32 @vprintf(ptr @fmt, ptr %printf.args)
; CHECK-NOT: call {{.*}} @printf(
define void @region(i32 %i, double %d) {
  %n = call i32 (ptr, ...) @printf(ptr @fmt, i32 %i, double %d)
  ret void
}

declare i32 @printf(ptr, ...)
