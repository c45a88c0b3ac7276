; openmp-device-extract alone: the host module becomes its device module,
; with the kernel of cot.kernels and what it reaches; host-only code goes.
; The kernel and the microtask it forks are marked as its members
; (!cot.kernel); a function of the program it calls is not.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-extract -S %s | FileCheck %s

; CHECK-NOT: @host_only
; CHECK: define weak_odr dso_local void @k(ptr %a) !cot.kernel ![[K:[0-9]+]]
define internal void @k(ptr %a) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @k.omp_outlined, ptr %a)
  ret void
}

; CHECK: define internal void @k.omp_outlined(ptr %gtid, ptr %btid, ptr %a) !cot.kernel ![[K]]
define internal void @k.omp_outlined(ptr %gtid, ptr %btid, ptr %a) {
  call void @helper(ptr %a)
  ret void
}

; CHECK-LABEL: define hidden void @helper(ptr %a) {
define void @helper(ptr %a) {
  store i32 1, ptr %a
  ret void
}

define void @host_only() {
  ret void
}

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)

; CHECK: !cot.kernels = !{![[ENTRY:[0-9]+]]}
; CHECK: ![[ENTRY]] = !{ptr @k, !"generic"}
; CHECK: !{i32 7, !"cot.opt-level", i32 0}
; CHECK: ![[K]] = !{ptr @k}
!cot.kernels = !{!0}
!0 = !{ptr @k, !"generic"}
