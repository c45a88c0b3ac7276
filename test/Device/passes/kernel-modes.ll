; openmp-device-kernel-modes alone: a kernel Sema asked SPMD mode for stays
; SPMD when its region has a parallel region, and becomes generic when it
; has none; the kernel list records the modes and the league forks, and
; remarks say which mode each kernel got and why.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-kernel-modes -pass-remarks=openmp-device -pass-remarks-missed=openmp-device -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

; REMARK-DAG: remark: <unknown>:0:0: kernel 'spmd' runs in SPMD mode: its construct is a combined one whose region is one parallel region
; REMARK-DAG: remark: <unknown>:0:0: kernel 'no_parallel' cannot run in SPMD mode: its region has no parallel region
; REMARK-DAG: remark: <unknown>:0:0: kernel 'no_parallel' runs in generic mode
; REMARK-DAG: remark: <unknown>:0:0: kernel 'generic' runs in generic mode: its construct's region is not one parallel region

define void @spmd() {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 0, ptr @spmd.teams)
  ret void
}

define internal void @spmd.teams(ptr %gtid, ptr %btid) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 0, ptr @spmd.parallel)
  ret void
}

define internal void @spmd.parallel(ptr %gtid, ptr %btid) {
  ret void
}

define void @no_parallel() {
  ret void
}

define void @generic() {
  ret void
}

declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)

; CHECK: !cot.kernels = !{![[SPMD:[0-9]+]], ![[NOPAR:[0-9]+]], ![[GEN:[0-9]+]]}
; CHECK: ![[SPMD]] = !{ptr @spmd, !"spmd", !"default-schedule", !"teams"}
; CHECK: ![[NOPAR]] = !{ptr @no_parallel, !"generic"}
; CHECK: ![[GEN]] = !{ptr @generic, !"generic"}
!cot.kernels = !{!0, !1, !2}
!0 = !{ptr @spmd, !"spmd", !"default-schedule"}
!1 = !{ptr @no_parallel, !"spmd"}
!2 = !{ptr @generic, !"generic"}
