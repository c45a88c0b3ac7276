; openmp-device-indirect-calls alone: with a `declare target indirect`
; function in the program, calls through pointers translate the host
; address first; a direct call stays.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-indirect-calls -S %s | FileCheck %s

@__cot_indirect_f = constant ptr @f

define void @f() {
  ret void
}

; CHECK-LABEL: define void @region(
; CHECK: %1 = call ptr @__cot_gpu_indirect_function(ptr %fp)
; CHECK-NEXT: call void %1()
; CHECK-NEXT: call void @f()
define void @region(ptr %fp) {
  call void %fp()
  call void @f()
  ret void
}
