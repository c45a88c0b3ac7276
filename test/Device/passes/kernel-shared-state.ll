; openmp-device-kernel-shared-state alone, per kernel (shared memory is one
; launch's): @icv is stored 0 everywhere, so @spmd's load of it becomes 0,
; but @helper's load, in a function both kernels call, stays (and so do the
; stores); @mode is stored 1 by @spmd and 2 by @generic, so each kernel's
; load becomes its own constant and, with no load left, its store goes;
; @region is stored but never loaded by @spmd, whose store goes, while
; @generic loads it and keeps its store. @escapes is passed to a call, and @indirect makes an indirect call:
; both stay as they are.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-kernel-shared-state -S %s | FileCheck %s

@icv = internal addrspace(3) global i32 undef
@mode = internal addrspace(3) global i32 undef
@region = internal addrspace(3) global i32 undef
@escapes = internal addrspace(3) global i32 undef

; CHECK-LABEL: define void @spmd(ptr %out)
; CHECK-NEXT: store i32 0, ptr addrspace(3) @icv
; CHECK-NEXT: store i32 0, ptr %out
; CHECK-NEXT: store i32 1, ptr %out
; CHECK-NEXT: call void @helper(ptr %out)
; CHECK-NEXT: ret void
define void @spmd(ptr %out) {
  store i32 0, ptr addrspace(3) @icv
  store i32 1, ptr addrspace(3) @mode
  store i32 7, ptr addrspace(3) @region
  %icv = load i32, ptr addrspace(3) @icv
  store i32 %icv, ptr %out
  %mode = load i32, ptr addrspace(3) @mode
  store i32 %mode, ptr %out
  call void @helper(ptr %out)
  ret void
}

; CHECK-LABEL: define void @generic(ptr %out)
; CHECK-NEXT: %n = load i32, ptr %out
; CHECK-NEXT: store i32 0, ptr addrspace(3) @icv
; CHECK-NEXT: store i32 %n, ptr addrspace(3) @region
; CHECK-NEXT: store i32 2, ptr %out
; CHECK-NEXT: %region = load i32, ptr addrspace(3) @region
define void @generic(ptr %out) {
  %n = load i32, ptr %out
  store i32 0, ptr addrspace(3) @icv
  store i32 2, ptr addrspace(3) @mode
  store i32 %n, ptr addrspace(3) @region
  %mode = load i32, ptr addrspace(3) @mode
  store i32 %mode, ptr %out
  %region = load i32, ptr addrspace(3) @region
  store i32 %region, ptr %out
  call void @helper(ptr %out)
  ret void
}

; CHECK-LABEL: define internal void @helper(ptr %out)
; CHECK-NEXT: %icv = load i32, ptr addrspace(3) @icv
define internal void @helper(ptr %out) {
  %icv = load i32, ptr addrspace(3) @icv
  store i32 %icv, ptr %out
  ret void
}

; CHECK-LABEL: define void @escaping(ptr %out)
; CHECK-NEXT: store i32 0, ptr addrspace(3) @escapes
; CHECK-NEXT: call void @take(ptr addrspace(3) @escapes)
; CHECK-NEXT: %v = load i32, ptr addrspace(3) @escapes
define void @escaping(ptr %out) {
  store i32 0, ptr addrspace(3) @escapes
  call void @take(ptr addrspace(3) @escapes)
  %v = load i32, ptr addrspace(3) @escapes
  store i32 %v, ptr %out
  ret void
}

; CHECK-LABEL: define void @indirect(ptr %out, ptr %fn)
; CHECK-NEXT: store i32 5, ptr addrspace(3) @mode
; CHECK-NEXT: call void %fn()
; CHECK-NEXT: %mode = load i32, ptr addrspace(3) @mode
define void @indirect(ptr %out, ptr %fn) {
  store i32 5, ptr addrspace(3) @mode
  call void %fn()
  %mode = load i32, ptr addrspace(3) @mode
  store i32 %mode, ptr %out
  ret void
}

declare void @take(ptr addrspace(3))

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @spmd, !"kernel", i32 1}
!1 = !{ptr @generic, !"kernel", i32 1}
!2 = !{ptr @escaping, !"kernel", i32 1}
!3 = !{ptr @indirect, !"kernel", i32 1}
