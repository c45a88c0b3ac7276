; openmp-device-tile-fill-loops alone. Loops that wait on their loads and
; that O3's unroller leaves rolled get the loop metadata of `#pragma unroll
; 4`: a loop over a block's threads that copies global memory into a shared
; tile, each element guarded by a bounds test (a phi of the load and 0.0);
; one storing the load directly; one summing every nth element (the sum of
; squares of HeCBench's stddev). Their trip counts take a division by the
; thread count, which the unroller does not compute. Left alone: a loop
; storing to global memory, one copying shared memory into shared memory,
; one with a constant trip count, one that calls a function, one that
; already has unroll metadata, a sum over a count the unroller computes
; itself (it unrolls that loop by its own measure), a walk whose trip
; count is not known when it starts, and a strided hash whose value goes
; through a chain of arithmetic each iteration (not a reduction step).
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-tile-fill-loops -S %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [1156 x double] poison, align 8
@other = internal addrspace(3) global [1156 x double] poison, align 8

; CHECK-LABEL: define void @guarded_fill(
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[FILL:[0-9]+]]
define void @guarded_fill(ptr %u, i32 %tid, i32 %n) {
entry:
  %nth = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
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
define void @plain_fill(ptr addrspace(1) %u, i32 %tid, i32 %len) {
entry:
  %nth = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
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
define void @global_copy(ptr %u, ptr %w, i32 %tid, i32 %len) {
entry:
  %nth = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
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
define void @shared_copy(i32 %tid, i32 %len) {
entry:
  %nth = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
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
define void @with_call(ptr %u, i32 %tid, i32 %len) {
entry:
  %nth = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
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
define void @pragma_disabled(ptr %u, i32 %tid, i32 %len) {
entry:
  %nth = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
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

; CHECK-LABEL: define float @strided_sum(
; CHECK: br i1 %more, label %loop, label %exit, !llvm.loop ![[SUM:[0-9]+]]
define float @strided_sum(ptr %u, i32 %tid, i32 %len) {
entry:
  %nth = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %e = phi i32 [ %tid, %entry ], [ %e.next, %join ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %join ]
  %inside = icmp slt i32 %tid, 64
  br i1 %inside, label %load, label %join

load:
  %idx = zext nneg i32 %e to i64
  %p = getelementptr inbounds float, ptr %u, i64 %idx
  %x = load float, ptr %p, align 4
  br label %join

join:
  %v = phi float [ %x, %load ], [ 0.0, %loop ]
  %s.next = call float @llvm.fmuladd.f32(float %v, float %v, float %s)
  %e.next = add nuw nsw i32 %e, %nth
  %more = icmp slt i32 %e.next, %len
  br i1 %more, label %loop, label %exit

exit:
  ret float %s.next
}

; CHECK-LABEL: define float @counted_sum(
; CHECK: br i1 %more, label %loop, label %exit{{$}}
define float @counted_sum(ptr %u, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %idx = zext nneg i32 %i to i64
  %p = getelementptr inbounds float, ptr %u, i64 %idx
  %x = load float, ptr %p, align 4
  %s.next = fadd float %s, %x
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret float %s.next
}

; CHECK-LABEL: define i32 @record_walk(
; CHECK: br i1 %more, label %loop, label %exit{{$}}
define i32 @record_walk(ptr %u, i32 %start) {
entry:
  br label %loop

loop:
  %at = phi i32 [ %start, %entry ], [ %at.next, %loop ]
  %h = phi i32 [ 0, %entry ], [ %h.next, %loop ]
  %idx = zext nneg i32 %at to i64
  %p = getelementptr inbounds i32, ptr %u, i64 %idx
  %x = load i32, ptr %p, align 4
  %h.next = xor i32 %h, %x
  %at.next = add nuw nsw i32 %at, 1
  %more = icmp ne i32 %x, 0
  br i1 %more, label %loop, label %exit

exit:
  ret i32 %h.next
}

; CHECK-LABEL: define i32 @strided_hash(
; CHECK: br i1 %more, label %loop, label %exit{{$}}
define i32 @strided_hash(ptr %u, i32 %tid, i32 %len) {
entry:
  %nth = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %e = phi i32 [ %tid, %entry ], [ %e.next, %loop ]
  %h = phi i32 [ 0, %entry ], [ %h.next, %loop ]
  %idx = zext nneg i32 %e to i64
  %p = getelementptr inbounds i32, ptr %u, i64 %idx
  %x = load i32, ptr %p, align 4
  %t = xor i32 %h, %x
  %m = mul i32 %t, -1640531535
  %s = lshr i32 %m, 15
  %h.next = xor i32 %m, %s
  %e.next = add nuw nsw i32 %e, %nth
  %more = icmp slt i32 %e.next, %len
  br i1 %more, label %loop, label %exit

exit:
  ret i32 %h.next
}

declare float @llvm.fmuladd.f32(float, float, float)
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}

; CHECK-DAG: ![[FILL]] = distinct !{![[FILL]], ![[COUNT:[0-9]+]]}
; CHECK-DAG: ![[COUNT]] = !{!"llvm.loop.unroll.count", i32 4}
; CHECK-DAG: ![[FILL2]] = distinct !{![[FILL2]], ![[COUNT]]}
; CHECK-DAG: ![[SUM]] = distinct !{![[SUM]], ![[COUNT]]}
; CHECK-DAG: ![[OFF]] = distinct !{![[OFF]], ![[DISABLE:[0-9]+]]}
; CHECK-DAG: ![[DISABLE]] = !{!"llvm.loop.unroll.disable"}
