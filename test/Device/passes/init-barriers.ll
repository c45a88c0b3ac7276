; openmp-device-init-barriers alone: a kernel's entry barrier, after code
; that only computes and stores to shared-memory variables, goes when no
; later access (in the kernel or what it calls) can touch what another
; thread stored: each thread stored and later uses only its own slot
; (element [tid], or element 0 where only thread 0 gets), or thread 0 alone
; set a variable and alone accesses it later. Otherwise it stays.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-init-barriers -S %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@state = internal addrspace(3) global [1024 x i8] undef
@team = internal addrspace(3) global [4 x i32] undef
@unread = internal addrspace(3) global i32 undef

; Own slots only: the entry barrier goes.
; CHECK-LABEL: define void @own_slots(
; CHECK: store i8 0, ptr addrspace(3) %slot
; CHECK-NOT: @llvm.nvvm.barrier
; CHECK: ret void
define void @own_slots(ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %slot = getelementptr [1024 x i8], ptr addrspace(3) @state, i64 0, i64 %t
  store i8 0, ptr addrspace(3) %slot
  br i1 true, label %init.team, label %init.done

init.team:
  store i32 0, ptr addrspace(3) @unread
  br label %init.done

init.done:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %main, label %body

main:
  %first = load i8, ptr addrspace(3) @state
  %first.w = zext i8 %first to i32
  store i32 %first.w, ptr %out
  br label %body

body:
  call void @bump()
  ret void
}

; Called by @own_slots: element [tid] through a generic pointer.
define internal void @bump() {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %generic = addrspacecast ptr addrspace(3) @state to ptr
  %slot = getelementptr [1024 x i8], ptr %generic, i64 0, i64 %t
  %v = load i8, ptr %slot
  %v1 = add i8 %v, 1
  store i8 %v1, ptr %slot
  ret void
}

; Thread 0 sets a team field that every thread reads: the barrier stays.
; CHECK-LABEL: define void @team_field(
; CHECK: call void @llvm.nvvm.barrier.sync(i32 0)
; CHECK: load i32, ptr addrspace(3) getelementptr
define void @team_field(ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %init, label %init.done

init:
  store i32 7, ptr addrspace(3) getelementptr ([4 x i32], ptr addrspace(3) @team, i64 0, i64 2)
  br label %init.done

init.done:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %v = load i32, ptr addrspace(3) getelementptr ([4 x i32], ptr addrspace(3) @team, i64 0, i64 2)
  store i32 %v, ptr %out
  ret void
}

; Inline assembly (libdevice's) after the init: it reaches no variable but
; through its operands; the barrier goes.
; CHECK-LABEL: define void @inline_asm(
; CHECK-NOT: @llvm.nvvm.barrier
; CHECK: ret void
define void @inline_asm(ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %slot = getelementptr [1024 x i8], ptr addrspace(3) @state, i64 0, i64 %t
  store i8 0, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier.sync(i32 0)
  %r = call i32 asm "mov.b32 $0, $1;", "=r,r"(i32 %tid)
  store i32 %r, ptr %out
  ret void
}

; The first barrier in a loop also orders one iteration's global accesses
; against the next one's: it stays.
; CHECK-LABEL: define void @barrier_in_loop(
; CHECK: call void @llvm.nvvm.barrier.sync(i32 0)
define void @barrier_in_loop(ptr %g, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %slot = getelementptr [1024 x i8], ptr addrspace(3) @state, i64 0, i64 %t
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  store i8 0, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier.sync(i32 0)
  %p = getelementptr i32, ptr %g, i32 %i
  %v = load i32, ptr %p
  %q = getelementptr i32, ptr %p, i32 1
  store i32 %v, ptr %q
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; Thread 0 sets a team field in the init and alone stores it again later:
; the barrier goes.
; CHECK-LABEL: define void @main_thread_field(
; CHECK-NOT: @llvm.nvvm.barrier
; CHECK: ret void
define void @main_thread_field(i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %init, label %init.done

init:
  store i32 0, ptr addrspace(3) getelementptr ([4 x i32], ptr addrspace(3) @team, i64 0, i64 1)
  br label %init.done

init.done:
  call void @llvm.nvvm.barrier.sync(i32 0)
  %main = icmp ne i32 %tid, 0
  br i1 %main, label %done, label %set

set:
  store i32 %n, ptr addrspace(3) getelementptr ([4 x i32], ptr addrspace(3) @team, i64 0, i64 1)
  br label %done

done:
  ret void
}

; A load wider than the slot each thread stored reads its neighbours'
; slots: the barrier stays.
; CHECK-LABEL: define void @wide_load(
; CHECK: call void @llvm.nvvm.barrier0()
define void @wide_load(ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %slot = getelementptr [1024 x i8], ptr addrspace(3) @state, i64 0, i64 %t
  store i8 0, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) %slot
  store i32 %v, ptr %out
  ret void
}

; Element 0 read where every thread gets: the barrier stays.
; CHECK-LABEL: define void @first_slot_everywhere(
; CHECK: call void @llvm.nvvm.barrier.sync(i32 0)
define void @first_slot_everywhere(ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %slot = getelementptr [1024 x i8], ptr addrspace(3) @state, i64 0, i64 %t
  store i8 0, ptr addrspace(3) %slot
  call void @llvm.nvvm.barrier.sync(i32 0)
  %v = load i8, ptr addrspace(3) @state
  store i8 %v, ptr %out
  ret void
}

; A load before the barrier: not an init, the barrier stays.
; CHECK-LABEL: define void @reads_first(
; CHECK: call void @llvm.nvvm.barrier.sync(i32 0)
define void @reads_first(ptr %out) {
entry:
  %v = load i32, ptr %out
  store i32 %v, ptr addrspace(3) @unread
  call void @llvm.nvvm.barrier.sync(i32 0)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.sync(i32)
declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7}
!0 = !{ptr @own_slots, !"kernel", i32 1}
!1 = !{ptr @team_field, !"kernel", i32 1}
!2 = !{ptr @wide_load, !"kernel", i32 1}
!3 = !{ptr @first_slot_everywhere, !"kernel", i32 1}
!4 = !{ptr @reads_first, !"kernel", i32 1}
!5 = !{ptr @main_thread_field, !"kernel", i32 1}
!6 = !{ptr @inline_asm, !"kernel", i32 1}
!7 = !{ptr @barrier_in_loop, !"kernel", i32 1}
