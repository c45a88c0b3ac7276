; openmp-device-host-kernels alone: each kernel of cot.kernels gets the
; host plugin's entry `void <name>(void **Args)`, which unpacks the
; pointer-sized arguments; the outlined function becomes <name>.impl.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-host-kernels -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.impl(ptr %a, i32 %n)
define void @k(ptr %a, i32 %n) {
  ret void
}

; CHECK-LABEL: define void @k(ptr %0)
; CHECK: %[[SLOT0:.*]] = getelementptr inbounds ptr, ptr %0, i64 0
; CHECK: %[[A:.*]] = load ptr, ptr %[[SLOT0]]
; CHECK: %[[SLOT1:.*]] = getelementptr inbounds ptr, ptr %0, i64 1
; CHECK: %[[N64:.*]] = load ptr, ptr %[[SLOT1]]
; CHECK: %[[N:.*]] = ptrtoint ptr %[[N64]] to i64
; CHECK: %[[N32:.*]] = trunc i64 %[[N]] to i32
; CHECK: call void @k.impl(ptr %[[A]], i32 %[[N32]])
; CHECK-NOT: cot.kernels
!cot.kernels = !{!0}
!0 = !{ptr @k, !"generic"}
