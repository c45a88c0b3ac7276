; openmp-device-exact-trip-counts alone: a loop from tid / 32 to 32 in steps
; of 8 with %tid.x in [0, 256) runs 4 times in every thread: its exit test
; counts iterations and compares with 3 (backedges), and the unroller then
; sees a constant trip count. A loop whose trip count may be 4 or 5 (tid to
; 1156 in steps of 256), one whose count is already a constant, and one with
; two exits keep their tests.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-exact-trip-counts -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes='openmp-device-exact-trip-counts,loop-unroll' -S %s | FileCheck --check-prefix=UNROLL %s

; CHECK-LABEL: define void @tile_rows(
; CHECK: loop:
; CHECK-NEXT: %iterations.done = phi i32 [ %iterations.next, %loop ], [ 0, %entry ]
; CHECK: %iterations.next = add nuw i32 %iterations.done, 1
; CHECK-NEXT: %more = icmp ne i32 %iterations.done, 3
; CHECK-NEXT: br i1 %more, label %loop, label %exit
; UNROLL-LABEL: define void @tile_rows(
; UNROLL-COUNT-4: store float
; UNROLL-NOT: store float
; UNROLL: ret void
define void @tile_rows(ptr addrspace(3) %tile, ptr %in) {
entry:
  %tid = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = lshr i32 %tid, 5
  br label %loop

loop:
  %k = phi i32 [ %ty, %entry ], [ %k.next, %loop ]
  %k.wide = zext i32 %k to i64
  %src = getelementptr float, ptr %in, i64 %k.wide
  %v = load float, ptr %src
  %dst = getelementptr float, ptr addrspace(3) %tile, i64 %k.wide
  store float %v, ptr addrspace(3) %dst
  %k.next = add nuw nsw i32 %k, 8
  %again = icmp ult i32 %k.next, 32
  br i1 %again, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define void @four_or_five(
; CHECK-NOT: iterations
; CHECK: %again = icmp ult i32 %e.next, 1156
define void @four_or_five(ptr %out) {
entry:
  %tid = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %e = phi i32 [ %tid, %entry ], [ %e.next, %loop ]
  %e.wide = zext i32 %e to i64
  %dst = getelementptr i32, ptr %out, i64 %e.wide
  store i32 %e, ptr %dst
  %e.next = add nuw nsw i32 %e, 256
  %again = icmp ult i32 %e.next, 1156
  br i1 %again, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define void @constant(
; CHECK-NOT: iterations
; CHECK: %again = icmp ult i32 %i.next, 16
define void @constant(ptr %out) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.wide = zext i32 %i to i64
  %dst = getelementptr i32, ptr %out, i64 %i.wide
  store i32 %i, ptr %dst
  %i.next = add nuw nsw i32 %i, 1
  %again = icmp ult i32 %i.next, 16
  br i1 %again, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define void @two_exits(
; CHECK-NOT: iterations
; CHECK: %again = icmp ult i32 %k.next, 32
define void @two_exits(ptr %in, ptr %out) {
entry:
  %tid = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = lshr i32 %tid, 5
  br label %loop

loop:
  %k = phi i32 [ %ty, %entry ], [ %k.next, %latch ]
  %k.wide = zext i32 %k to i64
  %src = getelementptr i32, ptr %in, i64 %k.wide
  %v = load i32, ptr %src
  %stop = icmp eq i32 %v, 0
  br i1 %stop, label %exit, label %latch

latch:
  store i32 %v, ptr %out
  %k.next = add nuw nsw i32 %k, 8
  %again = icmp ult i32 %k.next, 32
  br i1 %again, label %loop, label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
