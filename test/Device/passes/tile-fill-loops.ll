; openmp-device-tile-fill-loops alone. A loop over a block's threads that
; copies global memory into a shared tile, each element guarded by a bounds
; test (a phi of the load and 0.0), with a trip count known only at run
; time, gets the loop metadata of `#pragma unroll 4`; so does one storing
; the load directly. Left alone: a loop storing to global memory, one
; copying shared memory into shared memory, one with a constant trip count
; (the unroller sizes it), one that calls a function, and one that already
; has unroll metadata.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-tile-fill-loops -S %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [1156 x double] poison, align 8
@other = internal addrspace(3) global [1156 x double] poison, align 8

; CHECK-LABEL: define void @guarded_fill(
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[FILL:[0-9]+]]
define void @guarded_fill(ptr %u, i32 %tid, i32 %nth, i32 %n) {
entry:
  br label %loop

loop:
  %e = phi i32 [ %tid, %entry ], [ %e.next, %join ]
  %inside = icmp slt i32 %e, %n
  br i1 %inside, label %load, label %join

load:
  %idx = zext nneg i32 %e to i64
  %p = getelementptr inbounds double, ptr %u, i64 %idx
  %x = load double, ptr %p, align 8
  br label %join

join:
  %v = phi double [ %x, %load ], [ 0.0, %loop ]
  %slot = zext nneg i32 %e to i64
  %t = getelementptr inbounds double, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %slot
  store double %v, ptr %t, align 8
  %e.next = add nuw nsw i32 %e, %nth
  %more = icmp ult i32 %e.next, 1156
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define void @plain_fill(
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[FILL2:[0-9]+]]
define void @plain_fill(ptr addrspace(1) %u, i32 %tid, i32 %nth, i32 %len) {
entry:
  br label %loop

loop:
  %e = phi i32 [ %tid, %entry ], [ %e.next, %loop ]
  %idx = zext nneg i32 %e to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %u, i64 %idx
  %x = load float, ptr addrspace(1) %p, align 4
  %t = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %idx
  store float %x, ptr addrspace(3) %t, align 4
  %e.next = add nuw nsw i32 %e, %nth
  %more = icmp slt i32 %e.next, %len
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define void @global_copy(
; CHECK: br i1 %more, label %loop, label %exit{{$}}
define void @global_copy(ptr %u, ptr %w, i32 %tid, i32 %nth, i32 %len) {
entry:
  br label %loop

loop:
  %e = phi i32 [ %tid, %entry ], [ %e.next, %loop ]
  %idx = zext nneg i32 %e to i64
  %p = getelementptr inbounds double, ptr %u, i64 %idx
  %x = load double, ptr %p, align 8
  %q = getelementptr inbounds double, ptr %w, i64 %idx
  store double %x, ptr %q, align 8
  %e.next = add nuw nsw i32 %e, %nth
  %more = icmp slt i32 %e.next, %len
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define void @shared_copy(
; CHECK: br i1 %more, label %loop, label %exit{{$}}
define void @shared_copy(i32 %tid, i32 %nth, i32 %len) {
entry:
  br label %loop

loop:
  %e = phi i32 [ %tid, %entry ], [ %e.next, %loop ]
  %idx = zext nneg i32 %e to i64
  %p = getelementptr inbounds double, ptr addrspace(3) @other, i64 %idx
  %x = load double, ptr addrspace(3) %p, align 8
  %t = getelementptr inbounds double, ptr addrspace(3) @tile, i64 %idx
  store double %x, ptr addrspace(3) %t, align 8
  %e.next = add nuw nsw i32 %e, %nth
  %more = icmp slt i32 %e.next, %len
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define void @constant_trips(
; CHECK: br i1 %more, label %loop, label %exit{{$}}
define void @constant_trips(ptr %u) {
entry:
  br label %loop

loop:
  %e = phi i32 [ 0, %entry ], [ %e.next, %loop ]
  %idx = zext nneg i32 %e to i64
  %p = getelementptr inbounds double, ptr %u, i64 %idx
  %x = load double, ptr %p, align 8
  %t = getelementptr inbounds double, ptr addrspace(3) @tile, i64 %idx
  store double %x, ptr addrspace(3) %t, align 8
  %e.next = add nuw nsw i32 %e, 1
  %more = icmp ult i32 %e.next, 5
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

declare double @transform(double)

; CHECK-LABEL: define void @with_call(
; CHECK: br i1 %more, label %loop, label %exit{{$}}
define void @with_call(ptr %u, i32 %tid, i32 %nth, i32 %len) {
entry:
  br label %loop

loop:
  %e = phi i32 [ %tid, %entry ], [ %e.next, %loop ]
  %idx = zext nneg i32 %e to i64
  %p = getelementptr inbounds double, ptr %u, i64 %idx
  %x = load double, ptr %p, align 8
  %y = call double @transform(double %x)
  %t = getelementptr inbounds double, ptr addrspace(3) @tile, i64 %idx
  store double %x, ptr addrspace(3) %t, align 8
  %e.next = add nuw nsw i32 %e, %nth
  %more = icmp slt i32 %e.next, %len
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define void @pragma_disabled(
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[OFF:[0-9]+]]
define void @pragma_disabled(ptr %u, i32 %tid, i32 %nth, i32 %len) {
entry:
  br label %loop

loop:
  %e = phi i32 [ %tid, %entry ], [ %e.next, %loop ]
  %idx = zext nneg i32 %e to i64
  %p = getelementptr inbounds double, ptr %u, i64 %idx
  %x = load double, ptr %p, align 8
  %t = getelementptr inbounds double, ptr addrspace(3) @tile, i64 %idx
  store double %x, ptr addrspace(3) %t, align 8
  %e.next = add nuw nsw i32 %e, %nth
  %more = icmp slt i32 %e.next, %len
  br i1 %more, label %loop, label %exit, !llvm.loop !0

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}

; CHECK-DAG: ![[FILL]] = distinct !{![[FILL]], ![[COUNT:[0-9]+]]}
; CHECK-DAG: ![[COUNT]] = !{!"llvm.loop.unroll.count", i32 4}
; CHECK-DAG: ![[FILL2]] = distinct !{![[FILL2]], ![[COUNT]]}
; CHECK-DAG: ![[OFF]] = distinct !{![[OFF]], ![[DISABLE:[0-9]+]]}
; CHECK-DAG: ![[DISABLE]] = !{!"llvm.loop.unroll.disable"}
