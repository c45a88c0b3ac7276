; openmp-device-dead-shared-stores alone: a kernel's plain store to a
; shared-memory variable goes when nothing the kernel runs reads the
; variable, or when nothing reachable from the store reads it or
; synchronizes (a barrier, an atomic, a call that may write memory). The
; branches that guarded erased stores fold, and the stores that their
; conditions' loads kept go in a second round; so do the stores a load
; kept whose value only went to a store writing it back unchanged. Stores another thread may
; read after a barrier, stores a later loop iteration reads, stores inline
; assembly may read through an operand, volatile stores and the stores of
; functions that are not kernels stay.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-dead-shared-stores -S %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@state = internal addrspace(3) global [1024 x i8] undef
@pending = internal addrspace(3) global i32 undef
@partial = internal addrspace(3) global [1024 x float] undef
@flag = internal addrspace(3) global i32 undef

; The runtime's shape after O3: each thread clears its level byte, thread 0
; stores num_threads for a fork that became a direct call if its level (its
; byte) is 0, the loop runs, each thread restores its byte. Nothing reads
; @pending: its store goes, the guard folds, the load of thread 0's byte
; goes with it, and then nothing reads @state either.
; CHECK-LABEL: define void @level_bytes(
; CHECK-NOT: addrspace(3)
; CHECK: store float %v, ptr %p
; CHECK-NOT: addrspace(3)
; CHECK: ret void
define void @level_bytes(ptr %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %slot = getelementptr [1024 x i8], ptr addrspace(3) @state, i64 0, i64 %t
  store i8 0, ptr addrspace(3) %slot
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %main, label %body

main:
  %level = load i8, ptr addrspace(3) @state
  %outer = icmp eq i8 %level, 0
  br i1 %outer, label %push, label %body

push:
  store i32 %n, ptr addrspace(3) @pending
  br label %body

body:
  %p = getelementptr float, ptr %out, i64 %t
  %v = uitofp i32 %n to float
  store float %v, ptr %p
  store i8 0, ptr addrspace(3) %slot
  ret void
}

; LICM's promotion of the level byte around an outer loop: loaded before
; the loop, written back after it, nothing in between changing it (the
; loop stores to global memory only). The
; write-back changes nothing and goes; then nothing reads the byte, and the
; entry store goes in the next round.
; CHECK-LABEL: define void @promoted(
; CHECK-NOT: addrspace(3)
; CHECK: ret void
define void @promoted(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %slot = getelementptr [1024 x i8], ptr addrspace(3) @state, i64 0, i64 %t
  store i8 0, ptr addrspace(3) %slot
  br label %outer

outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %after ]
  %level = load i8, ptr addrspace(3) %slot
  br label %inner

inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %j, ptr addrspace(1) %p
  %i.next = add i32 %i, 1
  %in = icmp slt i32 %i.next, %n
  br i1 %in, label %inner, label %after

after:
  store i8 %level, ptr addrspace(3) %slot
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %outer, label %exit

exit:
  ret void
}

; The same with a barrier in the loop: another thread may have stored to
; the byte meanwhile, so the write-back stays (and so does the entry store,
; which the load reads).
; CHECK-LABEL: define void @promoted_across_barrier(
; CHECK: store i8 0, ptr addrspace(3) %slot
; CHECK: store i8 %level, ptr addrspace(3) %slot
define void @promoted_across_barrier(ptr %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %slot = getelementptr [1024 x i8], ptr addrspace(3) @state, i64 0, i64 %t
  store i8 0, ptr addrspace(3) %slot
  br label %outer

outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %after ]
  %level = load i8, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier0()
  br label %after

after:
  store i8 %level, ptr addrspace(3) %slot
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %outer, label %exit

exit:
  ret void
}

; A block reduction: each thread stores its partial sum, a barrier, thread
; 0 reads them all. The stores stay.
; CHECK-LABEL: define void @partials(
; CHECK: store float %x, ptr addrspace(3) %mine
; CHECK: call void @llvm.nvvm.barrier0()
define void @partials(ptr %out, float %x) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %mine = getelementptr [1024 x float], ptr addrspace(3) @partial, i64 0, i64 %t
  store float %x, ptr addrspace(3) %mine
  call void @llvm.nvvm.barrier0()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %sum, label %done

sum:
  %a = load float, ptr addrspace(3) getelementptr ([1024 x float], ptr addrspace(3) @partial, i64 0, i64 1)
  store float %a, ptr %out
  br label %done

done:
  ret void
}

; A store that a later iteration of its loop reads stays; the last one,
; after the loop, goes.
; CHECK-LABEL: define void @carried(
; CHECK: loop:
; CHECK: store i32 %next, ptr addrspace(3) @flag
; CHECK: exit:
; CHECK-NOT: store i32 {{.*}} @flag
; CHECK: ret void
define void @carried(ptr %out, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %f = load i32, ptr addrspace(3) @flag
  %next = add i32 %f, %i
  store i32 %next, ptr addrspace(3) @flag
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  store i32 %n, ptr %out
  store i32 0, ptr addrspace(3) @flag
  ret void
}

; Another thread may read @flag once the atomic (which may release it) or
; the unknown call is reached: those stores stay.
; CHECK-LABEL: define void @published(
; CHECK: store i32 1, ptr addrspace(3) @flag
; CHECK-NEXT: atomicrmw add ptr %counter
; CHECK: store i32 2, ptr addrspace(3) @flag
; CHECK-NEXT: call void @unknown()
define void @published(ptr %counter, ptr %out) {
entry:
  store i32 1, ptr addrspace(3) @flag
  %old = atomicrmw add ptr %counter, i32 1 release
  store i32 2, ptr addrspace(3) @flag
  call void @unknown()
  %f = load volatile i32, ptr addrspace(3) @flag
  store i32 %f, ptr %out
  ret void
}

; Inline assembly given an address in the variable may read it, whatever
; its memory effects say: the store stays.
; CHECK-LABEL: define void @asm_reads(
; CHECK: store i32 5, ptr addrspace(3) @flag
define void @asm_reads(ptr %out) {
  store i32 5, ptr addrspace(3) @flag
  %v = call i32 asm "ld.shared.u32 $0, [$1];", "=r,l"(ptr addrspace(3) @flag) #0
  store i32 %v, ptr %out
  ret void
}

; Volatile stores stay, even where nothing reads the variable.
; CHECK-LABEL: define void @volatile_store(
; CHECK: store volatile i32 3, ptr addrspace(3) @pending
define void @volatile_store() {
  store volatile i32 3, ptr addrspace(3) @pending
  ret void
}

; Not a kernel: its caller may read what it stores.
; CHECK-LABEL: define void @helper(
; CHECK: store i32 4, ptr addrspace(3) @pending
define void @helper() {
  store i32 4, ptr addrspace(3) @pending
  ret void
}

declare void @unknown()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7}
!0 = !{ptr @level_bytes, !"kernel", i32 1}
!1 = !{ptr @partials, !"kernel", i32 1}
!2 = !{ptr @carried, !"kernel", i32 1}
!3 = !{ptr @published, !"kernel", i32 1}
!4 = !{ptr @volatile_store, !"kernel", i32 1}
!5 = !{ptr @promoted, !"kernel", i32 1}
!6 = !{ptr @promoted_across_barrier, !"kernel", i32 1}
!7 = !{ptr @asm_reads, !"kernel", i32 1}

attributes #0 = { nounwind memory(none) }
