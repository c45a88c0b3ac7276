; openmp-device-kernel-traffic alone: each kernel of nvvm.annotations gets
; `!cot.traffic !{class, flags, coalesced B, uncoalesced B, indirect B,
; uniform B, operations, thread streams, L1 B a thread's streams hold}` per
; iteration of its distributed
; loop (the loop that starts or steps by the thread/block/grid geometry),
; and a remark says the same. Flag 8 (COT_KERNEL_LOAD_ACCUMULATION): a loop
; carries a value its streaming loads feed (rows, records and matmul's
; inner sums; not spmv's, whose loads go through the row pointers, nor the
; gather's). The kernels are grid-stride loops as the device runtime's
; schedules become after inlining.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-kernel-traffic -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-kernel-traffic -pass-remarks-analysis=openmp-device -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; a[i] = b[i] + 3 * c[i]: neighbouring threads, neighbouring elements.
; CHECK: define void @triad({{.*}} !cot.traffic ![[TRIAD:[0-9]+]]
; REMARK: remark: <unknown>:0:0: kernel 'triad' is streaming: per iteration 24 B coalesced, 0 B uncoalesced, 0 B indirect, 0 B uniform, 2 operations, 0 thread streams
define void @triad(ptr %a, ptr %b, ptr %c, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul i32 %ctaid, %ntid
  %first = add i32 %base, %tid
  %stride = mul i32 %nctaid, %ntid
  %enter = icmp slt i32 %first, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %first, %entry ], [ %next, %loop ]
  %idx = sext i32 %i to i64
  %pb = getelementptr inbounds double, ptr %b, i64 %idx
  %vb = load double, ptr %pb
  %pc = getelementptr inbounds double, ptr %c, i64 %idx
  %vc = load double, ptr %pc
  %m = fmul double %vc, 3.0
  %s = fadd double %vb, %m
  %pa = getelementptr inbounds double, ptr %a, i64 %idx
  store double %s, ptr %pa
  %next = add nsw i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; v[i] = u[i - 1] + u[i + n]: two loads of u a lane-uniform distance apart,
; which neighbouring iterations share (a stencil: flags 4).
; CHECK: define void @stencil({{.*}} !cot.traffic ![[STENCIL:[0-9]+]]
; REMARK: remark: <unknown>:0:0: kernel 'stencil' is streaming: per iteration 24 B coalesced, 0 B uncoalesced, 0 B indirect, 0 B uniform, 1 operations, 0 thread streams, neighbour reuse
define void @stencil(ptr %v, ptr %u, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul i32 %ctaid, %ntid
  %first = add i32 %base, %tid
  %stride = mul i32 %nctaid, %ntid
  %enter = icmp slt i32 %first, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %first, %entry ], [ %next, %loop ]
  %idx = sext i32 %i to i64
  %west = add nsw i64 %idx, -1
  %n64 = sext i32 %n to i64
  %south = add nsw i64 %idx, %n64
  %pw = getelementptr inbounds double, ptr %u, i64 %west
  %vw = load double, ptr %pw
  %ps = getelementptr inbounds double, ptr %u, i64 %south
  %vs = load double, ptr %ps
  %s = fadd double %vw, %vs
  %pv = getelementptr inbounds double, ptr %v, i64 %idx
  store double %s, ptr %pv
  %next = add nsw i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CSR SpMV: each thread walks its row's values and column indices (two
; thread streams, 16 iterations assumed), and gathers x through the indices;
; neighbouring rows share their bounds (rowptr[i + 1], rowptr[i]: flags 4).
; CHECK: define void @spmv({{.*}} !cot.traffic ![[SPMV:[0-9]+]]
; REMARK: remark: <unknown>:0:0: kernel 'spmv' is thread-stretches: per iteration 16 B coalesced, 192 B uncoalesced, 128 B indirect, 0 B uniform, 32 operations, 2 thread streams holding 256 B of L1 a thread, neighbour reuse
define void @spmv(ptr %rowptr, ptr %col, ptr %val, ptr %x, ptr %y, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul i32 %ctaid, %ntid
  %first = add i32 %base, %tid
  %stride = mul i32 %nctaid, %ntid
  %enter = icmp slt i32 %first, %n
  br i1 %enter, label %row, label %exit
row:
  %i = phi i32 [ %first, %entry ], [ %nexti, %row.end ]
  %idx = sext i32 %i to i64
  %pstart = getelementptr inbounds i32, ptr %rowptr, i64 %idx
  %start = load i32, ptr %pstart
  %idx1 = add nsw i64 %idx, 1
  %pend = getelementptr inbounds i32, ptr %rowptr, i64 %idx1
  %end = load i32, ptr %pend
  %nonempty = icmp slt i32 %start, %end
  br i1 %nonempty, label %nz, label %row.end
nz:
  %k = phi i32 [ %start, %row ], [ %nextk, %nz ]
  %sum = phi double [ 0.0, %row ], [ %sum.next, %nz ]
  %kx = sext i32 %k to i64
  %pv = getelementptr inbounds double, ptr %val, i64 %kx
  %v = load double, ptr %pv
  %pcol = getelementptr inbounds i32, ptr %col, i64 %kx
  %j = load i32, ptr %pcol
  %jx = sext i32 %j to i64
  %px = getelementptr inbounds double, ptr %x, i64 %jx
  %xv = load double, ptr %px
  %sum.next = call double @llvm.fmuladd.f64(double %v, double %xv, double %sum)
  %nextk = add nsw i32 %k, 1
  %morek = icmp slt i32 %nextk, %end
  br i1 %morek, label %nz, label %row.end
row.end:
  %s = phi double [ 0.0, %row ], [ %sum.next, %nz ]
  %py = getelementptr inbounds double, ptr %y, i64 %idx
  store double %s, ptr %py
  %nexti = add nsw i32 %i, %stride
  %morei = icmp slt i32 %nexti, %n
  br i1 %morei, label %row, label %exit
exit:
  ret void
}

; A row-major row per thread (SYRK's uncoalesced access): a thread stream
; whose lanes lie a run-time row length apart.
; CHECK: define void @rows({{.*}} !cot.traffic ![[ROWS:[0-9]+]]
; REMARK: remark: <unknown>:0:0: kernel 'rows' is thread-stretches: per iteration 8 B coalesced, 128 B uncoalesced, 0 B indirect, 0 B uniform, 32 operations, 1 thread streams holding 128 B of L1 a thread
define void @rows(ptr %m, ptr %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul i32 %ctaid, %ntid
  %first = add i32 %base, %tid
  %stride = mul i32 %nctaid, %ntid
  %enter = icmp slt i32 %first, %n
  br i1 %enter, label %row, label %exit
row:
  %i = phi i32 [ %first, %entry ], [ %nexti, %row.end ]
  %rowstart = mul nsw i32 %i, %n
  br label %inner
inner:
  %k = phi i32 [ 0, %row ], [ %nextk, %inner ]
  %sum = phi double [ 0.0, %row ], [ %sum.next, %inner ]
  %at = add nsw i32 %rowstart, %k
  %atx = sext i32 %at to i64
  %p = getelementptr inbounds double, ptr %m, i64 %atx
  %v = load double, ptr %p
  %sum.next = call double @llvm.fmuladd.f64(double %v, double %v, double %sum)
  %nextk = add nsw i32 %k, 1
  %morek = icmp slt i32 %nextk, %n
  br i1 %morek, label %inner, label %row.end
row.end:
  %idx = sext i32 %i to i64
  %po = getelementptr inbounds double, ptr %out, i64 %idx
  store double %sum.next, ptr %po
  %nexti = add nsw i32 %i, %stride
  %morei = icmp slt i32 %nexti, %n
  br i1 %morei, label %row, label %exit
exit:
  ret void
}

; A 64-byte record per thread, walked 12 bytes at a time (HeCBench's
; jenkins-hash): a thread stream, but neighbouring threads' records are
; half a line apart, so each thread holds 64 bytes of L1, not a line.
; CHECK: define void @records({{.*}} !cot.traffic ![[RECORDS:[0-9]+]]
; REMARK: remark: <unknown>:0:0: kernel 'records' is thread-stretches: {{.*}}, 1 thread streams holding 64 B of L1 a thread
define void @records(ptr %keys, ptr %out, i32 %n, i32 %len) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul i32 %ctaid, %ntid
  %first = add i32 %base, %tid
  %stride = mul i32 %nctaid, %ntid
  %enter = icmp slt i32 %first, %n
  br i1 %enter, label %record, label %exit
record:
  %i = phi i32 [ %first, %entry ], [ %nexti, %record.end ]
  %start = mul nsw i32 %i, 16
  br label %inner
inner:
  %k = phi i32 [ 0, %record ], [ %nextk, %inner ]
  %h = phi i32 [ 0, %record ], [ %h.next, %inner ]
  %at = add nsw i32 %start, %k
  %atx = sext i32 %at to i64
  %p = getelementptr inbounds i32, ptr %keys, i64 %atx
  %v = load i32, ptr %p
  %mix = xor i32 %h, %v
  %h.next = mul i32 %mix, 16777619
  %nextk = add nsw i32 %k, 3
  %morek = icmp slt i32 %nextk, %len
  br i1 %morek, label %inner, label %record.end
record.end:
  %idx = sext i32 %i to i64
  %po = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %h.next, ptr %po
  %nexti = add nsw i32 %i, %stride
  %morei = icmp slt i32 %nexti, %n
  br i1 %morei, label %record, label %exit
exit:
  ret void
}

; A collapsed (i, j) loop with a constant inner k loop (naive matmul): A's
; row is the same for neighbouring threads (uniform), B's column coalesces.
; CHECK: define void @matmul({{.*}} !cot.traffic ![[MATMUL:[0-9]+]]
; REMARK: remark: <unknown>:0:0: kernel 'matmul' is streaming: per iteration 520 B coalesced, 0 B uncoalesced, 0 B indirect, 512 B uniform, 128 operations, 0 thread streams
define void @matmul(ptr %a, ptr %b, ptr %c, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul i32 %ctaid, %ntid
  %first = add i32 %base, %tid
  %stride = mul i32 %nctaid, %ntid
  %total = mul nsw i32 %n, %n
  %enter = icmp slt i32 %first, %total
  br i1 %enter, label %elem, label %exit
elem:
  %iv = phi i32 [ %first, %entry ], [ %nextiv, %elem.end ]
  %i = sdiv i32 %iv, %n
  %j = srem i32 %iv, %n
  %arow = mul nsw i32 %i, %n
  br label %inner
inner:
  %k = phi i32 [ 0, %elem ], [ %nextk, %inner ]
  %sum = phi double [ 0.0, %elem ], [ %sum.next, %inner ]
  %ai = add nsw i32 %arow, %k
  %aix = sext i32 %ai to i64
  %pa = getelementptr inbounds double, ptr %a, i64 %aix
  %va = load double, ptr %pa
  %brow = mul nsw i32 %k, %n
  %bi = add nsw i32 %brow, %j
  %bix = sext i32 %bi to i64
  %pb = getelementptr inbounds double, ptr %b, i64 %bix
  %vb = load double, ptr %pb
  %sum.next = call double @llvm.fmuladd.f64(double %va, double %vb, double %sum)
  %nextk = add nuw nsw i32 %k, 1
  %morek = icmp ult i32 %nextk, 64
  br i1 %morek, label %inner, label %elem.end
elem.end:
  %ivx = sext i32 %iv to i64
  %pc = getelementptr inbounds double, ptr %c, i64 %ivx
  store double %sum.next, ptr %pc
  %nextiv = add nsw i32 %iv, %stride
  %moreiv = icmp slt i32 %nextiv, %total
  br i1 %moreiv, label %elem, label %exit
exit:
  ret void
}

; a[i] = b[idx[i]] + c[idx[i]]: most bytes through loaded indices.
; CHECK: define void @gather({{.*}} !cot.traffic ![[GATHER:[0-9]+]]
; REMARK: remark: <unknown>:0:0: kernel 'gather' is gather: per iteration 12 B coalesced, 0 B uncoalesced, 16 B indirect, 0 B uniform, 1 operations, 0 thread streams
define void @gather(ptr %a, ptr %b, ptr %c, ptr %index, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul i32 %ctaid, %ntid
  %first = add i32 %base, %tid
  %stride = mul i32 %nctaid, %ntid
  %enter = icmp slt i32 %first, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %first, %entry ], [ %next, %loop ]
  %idx = sext i32 %i to i64
  %pi = getelementptr inbounds i32, ptr %index, i64 %idx
  %j = load i32, ptr %pi
  %jx = sext i32 %j to i64
  %pb = getelementptr inbounds double, ptr %b, i64 %jx
  %vb = load double, ptr %pb
  %pc = getelementptr inbounds double, ptr %c, i64 %jx
  %vc = load double, ptr %pc
  %s = fadd double %vb, %vc
  %pa = getelementptr inbounds double, ptr %a, i64 %idx
  store double %s, ptr %pa
  %next = add nsw i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; 64 dependent multiply-adds per element of 16 bytes moved.
; CHECK: define void @compute({{.*}} !cot.traffic ![[COMPUTE:[0-9]+]]
; REMARK: remark: <unknown>:0:0: kernel 'compute' is compute: per iteration 16 B coalesced, 0 B uncoalesced, 0 B indirect, 0 B uniform, 128 operations, 0 thread streams
define void @compute(ptr %a, ptr %b, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul i32 %ctaid, %ntid
  %first = add i32 %base, %tid
  %stride = mul i32 %nctaid, %ntid
  %enter = icmp slt i32 %first, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %first, %entry ], [ %next, %loop.end ]
  %idx = sext i32 %i to i64
  %pb = getelementptr inbounds double, ptr %b, i64 %idx
  %x0 = load double, ptr %pb
  br label %poly
poly:
  %k = phi i32 [ 0, %loop ], [ %nextk, %poly ]
  %x = phi double [ %x0, %loop ], [ %x.next, %poly ]
  %x.next = call double @llvm.fmuladd.f64(double %x, double %x, double 1.0)
  %nextk = add nuw nsw i32 %k, 1
  %morek = icmp ult i32 %nextk, 64
  br i1 %morek, label %poly, label %loop.end
loop.end:
  %pa = getelementptr inbounds double, ptr %a, i64 %idx
  store double %x.next, ptr %pa
  %next = add nsw i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; A sum combined into global memory atomically (flag 1); the per-thread
; set-up before the distributed loop does not count.
; CHECK: define void @sum({{.*}} !cot.traffic ![[SUM:[0-9]+]]
; REMARK: remark: <unknown>:0:0: kernel 'sum' is streaming: per iteration 8 B coalesced, 0 B uncoalesced, 0 B indirect, 8 B uniform, 0 operations, 0 thread streams, atomics
define void @sum(ptr %a, ptr %total, i32 %n) {
entry:
  store double 0.0, ptr %total
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul i32 %ctaid, %ntid
  %first = add i32 %base, %tid
  %stride = mul i32 %nctaid, %ntid
  %enter = icmp slt i32 %first, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %first, %entry ], [ %next, %loop ]
  %idx = sext i32 %i to i64
  %pa = getelementptr inbounds double, ptr %a, i64 %idx
  %v = load double, ptr %pa
  %old = atomicrmw fadd ptr %total, double %v monotonic
  %next = add nsw i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; No loop and no traffic of its own (a generic-mode kernel's work is behind
; its dispatch call): unknown.
; CHECK: define void @generic({{.*}} !cot.traffic ![[GENERIC:[0-9]+]]
; REMARK: remark: <unknown>:0:0: kernel 'generic' is unknown: per iteration 0 B coalesced, 0 B uncoalesced, 0 B indirect, 4 B uniform, 0 operations, 0 thread streams
define void @generic(ptr %flag) {
  store i32 0, ptr %flag
  ret void
}

; Not a kernel: not analysed.
; CHECK: define void @helper(ptr %p) {
define void @helper(ptr %p) {
  store i32 1, ptr %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare double @llvm.fmuladd.f64(double, double, double)

!nvvm.annotations = !{!0, !8, !1, !2, !9, !3, !4, !5, !6, !7}
!0 = !{ptr @triad, !"kernel", i32 1}
!1 = !{ptr @spmv, !"kernel", i32 1}
!2 = !{ptr @rows, !"kernel", i32 1}
!3 = !{ptr @matmul, !"kernel", i32 1}
!4 = !{ptr @gather, !"kernel", i32 1}
!5 = !{ptr @compute, !"kernel", i32 1}
!6 = !{ptr @sum, !"kernel", i32 1}
!7 = !{ptr @generic, !"kernel", i32 1}
!8 = !{ptr @stencil, !"kernel", i32 1}
!9 = !{ptr @records, !"kernel", i32 1}

; CHECK-DAG: ![[TRIAD]] = !{!"streaming", i32 0, i32 24, i32 0, i32 0, i32 0, i32 2, i32 0, i32 0}
; CHECK-DAG: ![[STENCIL]] = !{!"streaming", i32 4, i32 24, i32 0, i32 0, i32 0, i32 1, i32 0, i32 0}
; CHECK-DAG: ![[SPMV]] = !{!"thread-stretches", i32 6, i32 16, i32 192, i32 128, i32 0, i32 32, i32 2, i32 256}
; CHECK-DAG: ![[ROWS]] = !{!"thread-stretches", i32 10, i32 8, i32 128, i32 0, i32 0, i32 32, i32 1, i32 128}
; CHECK-DAG: ![[RECORDS]] = !{!"thread-stretches", i32 10, i32 4, i32 64, i32 0, i32 0, i32 32, i32 1, i32 64}
; CHECK-DAG: ![[MATMUL]] = !{!"streaming", i32 10, i32 520, i32 0, i32 0, i32 512, i32 128, i32 0, i32 0}
; CHECK-DAG: ![[GATHER]] = !{!"gather", i32 0, i32 12, i32 0, i32 16, i32 0, i32 1, i32 0, i32 0}
; CHECK-DAG: ![[COMPUTE]] = !{!"compute", i32 0, i32 16, i32 0, i32 0, i32 0, i32 128, i32 0, i32 0}
; CHECK-DAG: ![[SUM]] = !{!"streaming", i32 1, i32 8, i32 0, i32 0, i32 8, i32 0, i32 0, i32 0}
; CHECK-DAG: ![[GENERIC]] = !{!"unknown", i32 0, i32 0, i32 0, i32 0, i32 4, i32 0, i32 0, i32 0}
