; openmp-device-kernel-barriers alone. In a kernel whose every thread runs
; the team code ("cot-every-thread"), the first barrier goes when before it
; the threads only write their own slot of a per-thread array (@spmd), and
; a barrier that only the return follows goes. It stays when a load comes
; first (@reads_first), when the kernel also writes another thread's slot
; of the array (@other_slot), and in a kernel without the attribute
; (@generic). A barrier with a named id other than 0 stays.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-kernel-barriers -S %s | FileCheck %s

@slots = internal addrspace(3) global [1024 x i8] undef

; CHECK-LABEL: define void @spmd(ptr %out)
; CHECK-NOT: barrier
; CHECK: store i32 1, ptr %out
; CHECK-NEXT: call void @llvm.nvvm.barrier.sync(i32 1)
; CHECK-NEXT: store i32 2, ptr %out
; CHECK-NOT: barrier
; CHECK: ret void
define void @spmd(ptr %out) "cot-every-thread" {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %slot = getelementptr inbounds [1024 x i8], ptr addrspace(3) @slots, i64 0, i64 %idx
  store i8 0, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier.sync(i32 0)
  store i32 1, ptr %out
  call void @llvm.nvvm.barrier.sync(i32 1)
  store i32 2, ptr %out
  %level = load i8, ptr addrspace(3) %slot
  %up = add i8 %level, 1
  store i8 %up, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier.sync(i32 0)
  call void @llvm.nvvm.barrier0()
  ret void
}

; CHECK-LABEL: define void @reads_first(ptr %out)
; CHECK: %n = load i32, ptr %out
; CHECK-NEXT: call void @llvm.nvvm.barrier.sync(i32 0)
define void @reads_first(ptr %out) "cot-every-thread" {
  %n = load i32, ptr %out
  call void @llvm.nvvm.barrier.sync(i32 0)
  store i32 %n, ptr %out
  ret void
}

@other = internal addrspace(3) global [1024 x i8] undef

; CHECK-LABEL: define void @other_slot(ptr %out)
; CHECK: store i8 0, ptr addrspace(3) %slot
; CHECK-NEXT: call void @llvm.nvvm.barrier.sync(i32 0)
define void @other_slot(ptr %out) "cot-every-thread" {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %slot = getelementptr inbounds [1024 x i8], ptr addrspace(3) @other, i64 0, i64 %idx
  store i8 0, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier.sync(i32 0)
  store i8 1, ptr addrspace(3) @other
  ret void
}

; CHECK-LABEL: define void @generic(ptr %out)
; CHECK: store i8 0, ptr addrspace(3) %slot
; CHECK-NEXT: call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK: call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK-NEXT: ret void
define void @generic(ptr %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %slot = getelementptr inbounds [1024 x i8], ptr addrspace(3) @slots, i64 0, i64 %idx
  store i8 0, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier.sync(i32 0)
  store i32 1, ptr %out
  call void @llvm.nvvm.barrier.sync(i32 0)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.sync(i32)
declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @spmd, !"kernel", i32 1}
!1 = !{ptr @reads_first, !"kernel", i32 1}
!2 = !{ptr @other_slot, !"kernel", i32 1}
!3 = !{ptr @generic, !"kernel", i32 1}
