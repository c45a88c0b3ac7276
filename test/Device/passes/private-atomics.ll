; openmp-device-private-atomics alone: atomics on a thread's own stack
; become plain accesses; atomics on other memory stay.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes='function(openmp-device-private-atomics)' -S %s | FileCheck %s

; CHECK-LABEL: define double @sum(
; CHECK-NOT: atomicrmw fadd ptr %priv
; CHECK: fadd double
; CHECK: atomicrmw fadd ptr %shared
define double @sum(ptr %shared, double %x) {
  %priv = alloca double
  store double 0.0, ptr %priv
  %old = atomicrmw fadd ptr %priv, double %x monotonic
  %old2 = atomicrmw fadd ptr %shared, double %x monotonic
  %r = load double, ptr %priv
  ret double %r
}
