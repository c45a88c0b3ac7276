; openmp-device-nvptx-kernels alone: each kernel becomes a CUDA kernel with
; pointer-sized parameters that enters the device runtime in its mode and
; calls the outlined function, now <name>.impl. The generic kernel's
; dispatch calls the wrapper of each parallel region it reaches directly.
; A guarded kernel enters like an SPMD one, but its teams code's shared
; locals are the team's: __cot_gpu_spmd_init(0).
; The kernel list and membership metadata go.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-nvptx-kernels -S %s | FileCheck %s

; CHECK-LABEL: define internal void @spmd.impl(ptr %a, i32 %n)
define void @spmd(ptr %a, i32 %n) !cot.kernel !2 {
  ret void
}

; CHECK-LABEL: define internal void @generic.impl(
define void @generic(ptr %a) {
  call void @__cot_gpu_parallel(ptr @region.wrapper, ptr null, i32 0, i32 0, i32 1)
  ret void
}

define internal void @region.wrapper(ptr %args) {
  ret void
}

; CHECK-LABEL: define internal void @guarded.impl(
define void @guarded(ptr %a) {
  ret void
}

; CHECK-LABEL: define void @spmd(ptr %0, i64 %1)
; CHECK: %[[N:.*]] = trunc i64 %1 to i32
; CHECK: call void @__cot_gpu_spmd_init(i32 1)
; CHECK-NEXT: call void @spmd.impl(ptr %0, i32 %[[N]])
; CHECK-NEXT: call void @__cot_gpu_spmd_deinit()

; CHECK-LABEL: define void @generic(ptr %0)
; CHECK: %is.main = call i32 @__cot_gpu_generic_init(ptr @generic.dispatch)
; CHECK: main.thread:
; CHECK-NEXT: call void @generic.impl(ptr %0)
; CHECK-NEXT: call void @__cot_gpu_generic_deinit()

; CHECK-LABEL: define internal void @generic.dispatch(ptr %0, ptr %1)
; CHECK: icmp eq ptr %0, @region.wrapper
; CHECK: call void @region.wrapper(ptr %1)
; CHECK: next:
; CHECK-NEXT: unreachable

; CHECK-LABEL: define void @guarded(ptr %0)
; CHECK: call void @__cot_gpu_spmd_init(i32 0)
; CHECK-NEXT: call void @guarded.impl(ptr %0)
; CHECK-NEXT: call void @__cot_gpu_spmd_deinit()

; CHECK: !nvvm.annotations = !{![[K1:[0-9]+]], ![[K2:[0-9]+]], ![[K3:[0-9]+]]}
; CHECK-NOT: cot.kernel
; CHECK: ![[K1]] = !{ptr @spmd, !"kernel", i32 1}
; CHECK: ![[K2]] = !{ptr @generic, !"kernel", i32 1}
; CHECK: ![[K3]] = !{ptr @guarded, !"kernel", i32 1}

declare void @__cot_gpu_parallel(ptr, ptr, i32, i32, i32)

!cot.kernels = !{!0, !1, !3}
!0 = !{ptr @spmd, !"spmd", !"teams"}
!1 = !{ptr @generic, !"generic"}
!3 = !{ptr @guarded, !"guarded", !"teams"}
!2 = !{ptr @spmd}
