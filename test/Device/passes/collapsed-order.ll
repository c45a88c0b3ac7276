; openmp-device-collapsed-order alone, on the shape the NVPTX device link
; gives a collapsed loop nest under the cyclic default schedule after SROA:
; a loop inside a chunk loop (!cot.chunk-loop) over the logical iteration
; number %iv up to Clang's clamped last iteration, split into the indices.
; When an outer index makes the accesses coalesce and the innermost does
; not (column-major f[i + j * n] with i outer), the indices are renumbered
; so that neighbouring %iv step the outer one. Row-major code, a count that
; is not a multiple of the divisor, a counter with other uses (linear), a
; loop outside a chunk loop and an outer index of 16 values keep the order.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-collapsed-order -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-collapsed-order -pass-remarks=openmp-device -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; REMARK: remark: <unknown>:0:0: collapsed loop nest: neighbouring threads take neighbouring values of loop 1 of 2 (coalesced or uniform bytes per iteration: 4, against 0 stepping the innermost loop)
; REMARK: remark: <unknown>:0:0: collapsed loop nest: neighbouring threads take neighbouring values of loop 1 of 3 (coalesced or uniform bytes per iteration: 16, against 0 stepping the innermost loop)
; REMARK: remark: <unknown>:0:0: collapsed loop nest: neighbouring threads take neighbouring values of loop 1 of 2 (coalesced or uniform bytes per iteration: 4, against 0 stepping the innermost loop)
; REMARK-NOT: remark

; CHECK-LABEL: define void @column_major(
; CHECK: body:
; CHECK-NEXT: %collapsed.index = urem i32 %iv, 2046
; CHECK-NEXT: %collapsed.rest = udiv i32 %iv, 2046
; CHECK-NEXT: %j.col = mul nsw i32 %collapsed.rest, 2048
; CHECK-NEXT: %idx = add nsw i32 %collapsed.index, %j.col
define void @column_major(ptr %f, i32 %lb0) {
entry:
  %ub.slot = alloca i32
  br label %chunk.header

chunk.header:
  %chunk = phi i32 [ 0, %entry ], [ %chunk.next, %chunk.latch ]
  %lb = phi i32 [ %lb0, %entry ], [ %lb.next, %chunk.latch ]
  %ub = load i32, ptr %ub.slot
  %over = icmp sgt i32 %ub, 4186115
  br i1 %over, label %clamp, label %keep

clamp:
  br label %clamped

keep:
  br label %clamped

clamped:
  %ub.clamped = phi i32 [ 4186115, %clamp ], [ %ub, %keep ]
  store i32 %ub.clamped, ptr %ub.slot
  br label %loop

loop:
  %iv = phi i32 [ %lb, %clamped ], [ %iv.next, %body ]
  %bound = load i32, ptr %ub.slot
  %in = icmp sle i32 %iv, %bound
  br i1 %in, label %body, label %chunk.latch

body:
  %i = sdiv i32 %iv, 2046
  %i.rows = mul nsw i32 %i, 2046
  %j = sub nsw i32 %iv, %i.rows
  %j.col = mul nsw i32 %j, 2048
  %idx = add nsw i32 %i, %j.col
  %idx.wide = sext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %f, i64 %idx.wide
  store float 1.0, ptr %p
  %iv.next = add nsw i32 %iv, 1
  br label %loop

chunk.latch:
  %lb.next = add i32 %lb, 65536
  store i32 %lb.next, ptr %ub.slot
  %chunk.next = add i32 %chunk, 1
  %more = icmp ult i32 %chunk.next, 64
  br i1 %more, label %chunk.header, label %exit, !cot.chunk-loop !0

exit:
  ret void
}

; CHECK-LABEL: define void @row_major(
; CHECK-NOT: collapsed
; CHECK: %i = sdiv i32 %iv, 2046
define void @row_major(ptr %f, i32 %lb0) {
entry:
  %ub.slot = alloca i32
  br label %chunk.header

chunk.header:
  %chunk = phi i32 [ 0, %entry ], [ %chunk.next, %chunk.latch ]
  %lb = phi i32 [ %lb0, %entry ], [ %lb.next, %chunk.latch ]
  %ub = load i32, ptr %ub.slot
  %over = icmp sgt i32 %ub, 4186115
  br i1 %over, label %clamp, label %keep

clamp:
  br label %clamped

keep:
  br label %clamped

clamped:
  %ub.clamped = phi i32 [ 4186115, %clamp ], [ %ub, %keep ]
  store i32 %ub.clamped, ptr %ub.slot
  br label %loop

loop:
  %iv = phi i32 [ %lb, %clamped ], [ %iv.next, %body ]
  %bound = load i32, ptr %ub.slot
  %in = icmp sle i32 %iv, %bound
  br i1 %in, label %body, label %chunk.latch

body:
  %i = sdiv i32 %iv, 2046
  %i.rows = mul nsw i32 %i, 2046
  %j = sub nsw i32 %iv, %i.rows
  %i.row = mul nsw i32 %i, 2048
  %idx = add nsw i32 %i.row, %j
  %idx.wide = sext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %f, i64 %idx.wide
  store float 1.0, ptr %p
  %iv.next = add nsw i32 %iv, 1
  br label %loop

chunk.latch:
  %lb.next = add i32 %lb, 65536
  store i32 %lb.next, ptr %ub.slot
  %chunk.next = add i32 %chunk, 1
  %more = icmp ult i32 %chunk.next, 64
  br i1 %more, label %chunk.header, label %exit, !cot.chunk-loop !0

exit:
  ret void
}

; 1000 iterations split by 7: not a bijection onto whole rows.
; CHECK-LABEL: define void @not_a_multiple(
; CHECK-NOT: collapsed
; CHECK: %i = sdiv i32 %iv, 7
define void @not_a_multiple(ptr %f, i32 %lb0) {
entry:
  %ub.slot = alloca i32
  br label %chunk.header

chunk.header:
  %chunk = phi i32 [ 0, %entry ], [ %chunk.next, %chunk.latch ]
  %lb = phi i32 [ %lb0, %entry ], [ %lb.next, %chunk.latch ]
  %ub = load i32, ptr %ub.slot
  %over = icmp sgt i32 %ub, 999
  br i1 %over, label %clamp, label %keep

clamp:
  br label %clamped

keep:
  br label %clamped

clamped:
  %ub.clamped = phi i32 [ 999, %clamp ], [ %ub, %keep ]
  store i32 %ub.clamped, ptr %ub.slot
  br label %loop

loop:
  %iv = phi i32 [ %lb, %clamped ], [ %iv.next, %body ]
  %bound = load i32, ptr %ub.slot
  %in = icmp sle i32 %iv, %bound
  br i1 %in, label %body, label %chunk.latch

body:
  %i = sdiv i32 %iv, 7
  %j = srem i32 %iv, 7
  %j.col = mul nsw i32 %j, 143
  %idx = add nsw i32 %i, %j.col
  %idx.wide = sext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %f, i64 %idx.wide
  store float 1.0, ptr %p
  %iv.next = add nsw i32 %iv, 1
  br label %loop

chunk.latch:
  %lb.next = add i32 %lb, 65536
  store i32 %lb.next, ptr %ub.slot
  %chunk.next = add i32 %chunk, 1
  %more = icmp ult i32 %chunk.next, 64
  br i1 %more, label %chunk.header, label %exit, !cot.chunk-loop !0

exit:
  ret void
}

; CHECK-LABEL: define void @counter_used_elsewhere(
; CHECK-NOT: collapsed
; CHECK: %i = sdiv i32 %iv, 2046
define void @counter_used_elsewhere(ptr %f, i32 %lb0) {
entry:
  %ub.slot = alloca i32
  br label %chunk.header

chunk.header:
  %chunk = phi i32 [ 0, %entry ], [ %chunk.next, %chunk.latch ]
  %lb = phi i32 [ %lb0, %entry ], [ %lb.next, %chunk.latch ]
  %ub = load i32, ptr %ub.slot
  %over = icmp sgt i32 %ub, 4186115
  br i1 %over, label %clamp, label %keep

clamp:
  br label %clamped

keep:
  br label %clamped

clamped:
  %ub.clamped = phi i32 [ 4186115, %clamp ], [ %ub, %keep ]
  store i32 %ub.clamped, ptr %ub.slot
  br label %loop

loop:
  %iv = phi i32 [ %lb, %clamped ], [ %iv.next, %body ]
  %bound = load i32, ptr %ub.slot
  %in = icmp sle i32 %iv, %bound
  br i1 %in, label %body, label %chunk.latch

body:
  %i = sdiv i32 %iv, 2046
  %i.rows = mul nsw i32 %i, 2046
  %j = sub nsw i32 %iv, %i.rows
  %j.col = mul nsw i32 %j, 2048
  %idx = add nsw i32 %i, %j.col
  %idx.wide = sext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %f, i64 %idx.wide
  store float 1.0, ptr %p
  %q = getelementptr inbounds i32, ptr %f, i32 %iv
  store i32 %iv, ptr %q
  %iv.next = add nsw i32 %iv, 1
  br label %loop

chunk.latch:
  %lb.next = add i32 %lb, 65536
  store i32 %lb.next, ptr %ub.slot
  %chunk.next = add i32 %chunk, 1
  %more = icmp ult i32 %chunk.next, 64
  br i1 %more, label %chunk.header, label %exit, !cot.chunk-loop !0

exit:
  ret void
}

; CHECK-LABEL: define void @no_chunk_loop(
; CHECK-NOT: collapsed
; CHECK: %i = sdiv i32 %iv, 2046
define void @no_chunk_loop(ptr %f, i32 %lb0) {
entry:
  %ub.slot = alloca i32
  br label %chunk.header

chunk.header:
  %chunk = phi i32 [ 0, %entry ], [ %chunk.next, %chunk.latch ]
  %lb = phi i32 [ %lb0, %entry ], [ %lb.next, %chunk.latch ]
  %ub = load i32, ptr %ub.slot
  %over = icmp sgt i32 %ub, 4186115
  br i1 %over, label %clamp, label %keep

clamp:
  br label %clamped

keep:
  br label %clamped

clamped:
  %ub.clamped = phi i32 [ 4186115, %clamp ], [ %ub, %keep ]
  store i32 %ub.clamped, ptr %ub.slot
  br label %loop

loop:
  %iv = phi i32 [ %lb, %clamped ], [ %iv.next, %body ]
  %bound = load i32, ptr %ub.slot
  %in = icmp sle i32 %iv, %bound
  br i1 %in, label %body, label %chunk.latch

body:
  %i = sdiv i32 %iv, 2046
  %i.rows = mul nsw i32 %i, 2046
  %j = sub nsw i32 %iv, %i.rows
  %j.col = mul nsw i32 %j, 2048
  %idx = add nsw i32 %i, %j.col
  %idx.wide = sext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %f, i64 %idx.wide
  store float 1.0, ptr %p
  %iv.next = add nsw i32 %iv, 1
  br label %loop

chunk.latch:
  %lb.next = add i32 %lb, 65536
  store i32 %lb.next, ptr %ub.slot
  %chunk.next = add i32 %chunk, 1
  %more = icmp ult i32 %chunk.next, 64
  br i1 %more, label %chunk.header, label %exit

exit:
  ret void
}

; 65536 iterations over 16 x 4096: the outer index has 16 values.
; CHECK-LABEL: define void @sixteen_rows(
; CHECK-NOT: collapsed
; CHECK: %i = sdiv i32 %iv, 4096
define void @sixteen_rows(ptr %f, i32 %lb0) {
entry:
  %ub.slot = alloca i32
  br label %chunk.header

chunk.header:
  %chunk = phi i32 [ 0, %entry ], [ %chunk.next, %chunk.latch ]
  %lb = phi i32 [ %lb0, %entry ], [ %lb.next, %chunk.latch ]
  %ub = load i32, ptr %ub.slot
  %over = icmp sgt i32 %ub, 65535
  br i1 %over, label %clamp, label %keep

clamp:
  br label %clamped

keep:
  br label %clamped

clamped:
  %ub.clamped = phi i32 [ 65535, %clamp ], [ %ub, %keep ]
  store i32 %ub.clamped, ptr %ub.slot
  br label %loop

loop:
  %iv = phi i32 [ %lb, %clamped ], [ %iv.next, %body ]
  %bound = load i32, ptr %ub.slot
  %in = icmp sle i32 %iv, %bound
  br i1 %in, label %body, label %chunk.latch

body:
  %i = sdiv i32 %iv, 4096
  %i.rows = mul nsw i32 %i, 4096
  %j = sub nsw i32 %iv, %i.rows
  %j.col = mul nsw i32 %j, 16
  %idx = add nsw i32 %i, %j.col
  %idx.wide = sext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %f, i64 %idx.wide
  store float 1.0, ptr %p
  %iv.next = add nsw i32 %iv, 1
  br label %loop

chunk.latch:
  %lb.next = add i32 %lb, 65536
  store i32 %lb.next, ptr %ub.slot
  %chunk.next = add i32 %chunk, 1
  %more = icmp ult i32 %chunk.next, 64
  br i1 %more, label %chunk.header, label %exit, !cot.chunk-loop !0

exit:
  ret void
}

; collapse(3) with run-time sizes, f[i + nx * (j + ny * k)]: the count
; nx * ny * nz is a multiple of ny * nz, which is one of nz. i steps, then
; k, then j (the other indices keep their order).
; CHECK-LABEL: define void @column_major_3d(
; CHECK: body:
; CHECK: %collapsed.radix = udiv i64 %count, %d0
; CHECK-NEXT: %collapsed.index = urem i64 %iv, %collapsed.radix
; CHECK-NEXT: %collapsed.rest = udiv i64 %iv, %collapsed.radix
; CHECK-NEXT: %collapsed.index1 = urem i64 %collapsed.rest, %nz.w
; CHECK-NEXT: %collapsed.rest2 = udiv i64 %collapsed.rest, %nz.w
; CHECK-NEXT: %k.plane = mul nsw i64 %collapsed.index1, %ny.w
; CHECK-NEXT: %jk.col = add nsw i64 %collapsed.rest2, %k.plane
; CHECK: %idx = add nsw i64 %collapsed.index, %jk.off
define void @column_major_3d(ptr %f, i64 %lb0, i32 %nx, i32 %ny, i32 %nz) {
entry:
  %ub.slot = alloca i64
  %nx.w = sext i32 %nx to i64
  %ny.w = sext i32 %ny to i64
  %nz.w = sext i32 %nz to i64
  %nxny = mul nsw i64 %nx.w, %ny.w
  %count = mul nsw i64 %nxny, %nz.w
  %last = sub nsw i64 %count, 1
  br label %chunk.header

chunk.header:
  %chunk = phi i32 [ 0, %entry ], [ %chunk.next, %chunk.latch ]
  %lb = phi i64 [ %lb0, %entry ], [ %lb.next, %chunk.latch ]
  %ub = load i64, ptr %ub.slot
  %over = icmp sgt i64 %ub, %last
  br i1 %over, label %clamp, label %keep

clamp:
  br label %clamped

keep:
  br label %clamped

clamped:
  %ub.clamped = phi i64 [ %last, %clamp ], [ %ub, %keep ]
  store i64 %ub.clamped, ptr %ub.slot
  br label %loop

loop:
  %iv = phi i64 [ %lb, %clamped ], [ %iv.next, %body ]
  %bound = load i64, ptr %ub.slot
  %in = icmp sle i64 %iv, %bound
  br i1 %in, label %body, label %chunk.latch

body:
  %nynz = mul nsw i32 %ny, %nz
  %d0 = sext i32 %nynz to i64
  %i = sdiv i64 %iv, %d0
  %i.part = mul nsw i64 %i, %d0
  %jk = sub nsw i64 %iv, %i.part
  %j = sdiv i64 %jk, %nz.w
  %j.part = mul nsw i64 %j, %nz.w
  %k = sub nsw i64 %jk, %j.part
  %k.plane = mul nsw i64 %k, %ny.w
  %jk.col = add nsw i64 %j, %k.plane
  %jk.off = mul nsw i64 %jk.col, %nx.w
  %idx = add nsw i64 %i, %jk.off
  %p = getelementptr inbounds double, ptr %f, i64 %idx
  %v = load double, ptr %p
  %v1 = fadd double %v, 1.0
  store double %v1, ptr %p
  %iv.next = add nsw i64 %iv, 1
  br label %loop

chunk.latch:
  %lb.next = add i64 %lb, 65536
  store i64 %lb.next, ptr %ub.slot
  %chunk.next = add i32 %chunk, 1
  %more = icmp ult i32 %chunk.next, 64
  br i1 %more, label %chunk.header, label %exit, !cot.chunk-loop !0

exit:
  ret void
}

; `%` before `/`: the renumbered indices are computed before both.
; CHECK-LABEL: define void @remainder_first(
; CHECK: body:
; CHECK-NEXT: %collapsed.index = urem i32 %iv, 2046
; CHECK-NEXT: %collapsed.rest = udiv i32 %iv, 2046
; CHECK-NEXT: %j.col = mul nsw i32 %collapsed.rest, 2048
define void @remainder_first(ptr %f, i32 %lb0) {
entry:
  %ub.slot = alloca i32
  br label %chunk.header

chunk.header:
  %chunk = phi i32 [ 0, %entry ], [ %chunk.next, %chunk.latch ]
  %lb = phi i32 [ %lb0, %entry ], [ %lb.next, %chunk.latch ]
  %ub = load i32, ptr %ub.slot
  %over = icmp sgt i32 %ub, 4186115
  br i1 %over, label %clamp, label %keep

clamp:
  br label %clamped

keep:
  br label %clamped

clamped:
  %ub.clamped = phi i32 [ 4186115, %clamp ], [ %ub, %keep ]
  store i32 %ub.clamped, ptr %ub.slot
  br label %loop

loop:
  %iv = phi i32 [ %lb, %clamped ], [ %iv.next, %body ]
  %bound = load i32, ptr %ub.slot
  %in = icmp sle i32 %iv, %bound
  br i1 %in, label %body, label %chunk.latch

body:
  %j = srem i32 %iv, 2046
  %i = sdiv i32 %iv, 2046
  %j.col = mul nsw i32 %j, 2048
  %idx = add nsw i32 %i, %j.col
  %idx.wide = sext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %f, i64 %idx.wide
  store float 1.0, ptr %p
  %iv.next = add nsw i32 %iv, 1
  br label %loop

chunk.latch:
  %lb.next = add i32 %lb, 65536
  store i32 %lb.next, ptr %ub.slot
  %chunk.next = add i32 %chunk, 1
  %more = icmp ult i32 %chunk.next, 64
  br i1 %more, label %chunk.header, label %exit, !cot.chunk-loop !0

exit:
  ret void
}

!0 = !{}
