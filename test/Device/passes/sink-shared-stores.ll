; openmp-device-sink-shared-stores alone. Three unrolled copies of a tile
; fill, each a guarded load of what a kernel argument points to and a store
; of it (or 0.0) to shared memory: the first two copies' stores move below
; the later copies' loads, in order, to the last copy's join, so that the
; three loads are issued before the first store. Left alone: a store
; followed by a load of shared memory, by a store to global memory, by a
; barrier, or by a load through a pointer argument of a function that is
; not a kernel (it may point to shared memory); and a store whose
; post-dominator lies outside its loop.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-sink-shared-stores -S %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [1156 x double] poison, align 8
@other = internal addrspace(3) global [1156 x double] poison, align 8

; CHECK-LABEL: define void @unrolled(
; CHECK: join0:
; CHECK-NOT: store
; CHECK: %x1 = load double
; CHECK-NOT: store
; CHECK: %x2 = load double
; CHECK-NOT: store
; CHECK: join2:
; CHECK-NEXT: %v2 = phi double
; CHECK-NEXT: store double %v0, ptr %t0
; CHECK-NEXT: store double %v1, ptr %t1
; CHECK-NEXT: %s2 = zext nneg i32 %e2 to i64
; CHECK-NEXT: %t2 = getelementptr
; CHECK-NEXT: store double %v2, ptr addrspace(3) %t2
; CHECK-NEXT: ret void
define void @unrolled(ptr %u, i32 %e0, i32 %e1, i32 %e2, i32 %n) {
entry:
  %in0 = icmp slt i32 %e0, %n
  br i1 %in0, label %load0, label %join0

load0:
  %i0 = zext nneg i32 %e0 to i64
  %p0 = getelementptr inbounds double, ptr %u, i64 %i0
  %x0 = load double, ptr %p0, align 8
  br label %join0

join0:
  %v0 = phi double [ %x0, %load0 ], [ 0.0, %entry ]
  %s0 = zext nneg i32 %e0 to i64
  %t0 = getelementptr inbounds double, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %s0
  store double %v0, ptr %t0, align 8
  %in1 = icmp slt i32 %e1, %n
  br i1 %in1, label %load1, label %join1

load1:
  %i1 = zext nneg i32 %e1 to i64
  %p1 = getelementptr inbounds double, ptr %u, i64 %i1
  %x1 = load double, ptr %p1, align 8
  br label %join1

join1:
  %v1 = phi double [ %x1, %load1 ], [ 0.0, %join0 ]
  %s1 = zext nneg i32 %e1 to i64
  %t1 = getelementptr inbounds double, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %s1
  store double %v1, ptr %t1, align 8
  %in2 = icmp slt i32 %e2, %n
  br i1 %in2, label %load2, label %join2

load2:
  %i2 = zext nneg i32 %e2 to i64
  %p2 = getelementptr inbounds double, ptr %u, i64 %i2
  %x2 = load double, ptr %p2, align 8
  br label %join2

join2:
  %v2 = phi double [ %x2, %load2 ], [ 0.0, %join1 ]
  %s2 = zext nneg i32 %e2 to i64
  %t2 = getelementptr inbounds double, ptr addrspace(3) @tile, i64 %s2
  store double %v2, ptr addrspace(3) %t2, align 8
  ret void
}

; CHECK-LABEL: define void @shared_load_between(
; CHECK: store double %v0
; CHECK-NEXT: %in1 = icmp
define void @shared_load_between(ptr %u, i32 %e0, i32 %e1) {
entry:
  %i0 = zext nneg i32 %e0 to i64
  %p0 = getelementptr inbounds double, ptr %u, i64 %i0
  %v0 = load double, ptr %p0, align 8
  %t0 = getelementptr inbounds double, ptr addrspace(3) @tile, i64 %i0
  store double %v0, ptr addrspace(3) %t0, align 8
  %in1 = icmp slt i32 %e1, 7
  br i1 %in1, label %load1, label %join1

load1:
  %i1 = zext nneg i32 %e1 to i64
  %p1 = getelementptr inbounds double, ptr addrspace(3) @other, i64 %i1
  %x1 = load double, ptr addrspace(3) %p1, align 8
  br label %join1

join1:
  %v1 = phi double [ %x1, %load1 ], [ 0.0, %entry ]
  store double %v1, ptr %u, align 8
  ret void
}

; CHECK-LABEL: define void @global_store_between(
; CHECK: store double %v0
; CHECK-NEXT: %in1 = icmp
define void @global_store_between(ptr %u, ptr %w, i32 %e0, i32 %e1) {
entry:
  %i0 = zext nneg i32 %e0 to i64
  %p0 = getelementptr inbounds double, ptr %u, i64 %i0
  %v0 = load double, ptr %p0, align 8
  %t0 = getelementptr inbounds double, ptr addrspace(3) @tile, i64 %i0
  store double %v0, ptr addrspace(3) %t0, align 8
  %in1 = icmp slt i32 %e1, 7
  br i1 %in1, label %load1, label %join1

load1:
  %i1 = zext nneg i32 %e1 to i64
  %p1 = getelementptr inbounds double, ptr %u, i64 %i1
  %x1 = load double, ptr %p1, align 8
  store double %x1, ptr %w, align 8
  br label %join1

join1:
  ret void
}

declare void @llvm.nvvm.barrier0()

; CHECK-LABEL: define void @barrier_between(
; CHECK: store double %v0
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
define void @barrier_between(ptr %u, i32 %e0, i32 %e1) {
entry:
  %i0 = zext nneg i32 %e0 to i64
  %p0 = getelementptr inbounds double, ptr %u, i64 %i0
  %v0 = load double, ptr %p0, align 8
  %t0 = getelementptr inbounds double, ptr addrspace(3) @tile, i64 %i0
  store double %v0, ptr addrspace(3) %t0, align 8
  call void @llvm.nvvm.barrier0()
  %in1 = icmp slt i32 %e1, 7
  br i1 %in1, label %load1, label %join1

load1:
  %i1 = zext nneg i32 %e1 to i64
  %p1 = getelementptr inbounds double, ptr %u, i64 %i1
  %x1 = load double, ptr %p1, align 8
  br label %join1

join1:
  %v1 = phi double [ %x1, %load1 ], [ 0.0, %entry ]
  store double %v1, ptr %u, align 8
  ret void
}

; Not a kernel: %u may point to shared memory.
; CHECK-LABEL: define void @device_function(
; CHECK: store double %v0
; CHECK-NEXT: %in1 = icmp
define void @device_function(ptr %u, i32 %e0, i32 %e1) {
entry:
  %i0 = zext nneg i32 %e0 to i64
  %p0 = getelementptr inbounds double, ptr %u, i64 %i0
  %v0 = load double, ptr %p0, align 8
  %t0 = getelementptr inbounds double, ptr addrspace(3) @tile, i64 %i0
  store double %v0, ptr addrspace(3) %t0, align 8
  %in1 = icmp slt i32 %e1, 7
  br i1 %in1, label %load1, label %join1

load1:
  %i1 = zext nneg i32 %e1 to i64
  %p1 = getelementptr inbounds double, ptr %u, i64 %i1
  %x1 = load double, ptr %p1, align 8
  br label %join1

join1:
  %v1 = phi double [ %x1, %load1 ], [ 0.0, %entry ]
  store double %v1, ptr addrspace(1) null, align 8
  ret void
}

; The latch's store would leave the iteration.
; CHECK-LABEL: define void @latch_store(
; CHECK: latch:
; CHECK-NEXT: %v = phi double
; CHECK-NEXT: %s = zext
; CHECK-NEXT: %t = getelementptr
; CHECK-NEXT: store double %v
define void @latch_store(ptr %u, i32 %tid, i32 %n) {
entry:
  br label %loop

loop:
  %e = phi i32 [ %tid, %entry ], [ %e.next, %latch ]
  %in = icmp slt i32 %e, %n
  br i1 %in, label %load, label %latch

load:
  %i = zext nneg i32 %e to i64
  %p = getelementptr inbounds double, ptr %u, i64 %i
  %x = load double, ptr %p, align 8
  br label %latch

latch:
  %v = phi double [ %x, %load ], [ 0.0, %loop ]
  %s = zext nneg i32 %e to i64
  %t = getelementptr inbounds double, ptr addrspace(3) @tile, i64 %s
  store double %v, ptr addrspace(3) %t, align 8
  %e.next = add nuw nsw i32 %e, 256
  %more = icmp ult i32 %e.next, 1156
  br i1 %more, label %loop, label %exit

exit:
  %last = getelementptr inbounds double, ptr %u, i64 7
  %y = load double, ptr %last, align 8
  store double %y, ptr addrspace(3) @tile, align 8
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!0 = !{ptr @unrolled, !"kernel", i32 1}
!1 = !{ptr @shared_load_between, !"kernel", i32 1}
!2 = !{ptr @global_store_between, !"kernel", i32 1}
!3 = !{ptr @barrier_between, !"kernel", i32 1}
!4 = !{ptr @latch_store, !"kernel", i32 1}
