; openmp-device-wide-address-indices alone. A column walk `b[k * cols + j]`
; in int arithmetic, unrolled by two (copies k and k | 1), with j from the
; enclosing loop: ScalarEvolution sees each index as a 32-bit recurrence
; whose sign extension is not one (the unrolled copies lose the nsw it
; proves for the loop as written), so the address is recomputed from a
; 32-bit counter each time. The pass does the arithmetic in 64 bits from
; extended leaves (k, cols, j), keeping the nsw flags and the disjoint or,
; and the addresses become 64-bit recurrences (each step 16 * cols bytes).
; The same loop not unrolled, whose extension ScalarEvolution folds itself,
; is widened too, and so is a `zext nneg` of nsw arithmetic (a sign
; extension as well). Left alone: an add that may wrap and a zero extension
; of arithmetic without nuw.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-wide-address-indices -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes='openmp-device-wide-address-indices,print<scalar-evolution>' -disable-output %s 2>&1 | FileCheck --check-prefix=SCEV %s

; CHECK-LABEL: define void @unrolled_column(
; CHECK: entry:
; CHECK-NEXT: %cols.sext = sext i32 %cols to i64
; CHECK: outer:
; CHECK: %j = trunc i64 %t to i32
; CHECK-NEXT: %j.sext = sext i32 %j to i64
; CHECK: loop:
; CHECK-NEXT: %k = phi i32
; CHECK: %k.sext = sext i32 %k to i64
; CHECK: %kn.wide = mul nsw i64 %k.sext, %cols.sext
; CHECK-NEXT: %idx.wide = add nsw i64 %kn.wide, %j.sext
; CHECK-NEXT: %p = getelementptr inbounds double, ptr %b, i64 %idx.wide
; CHECK: %k1.wide = or disjoint i64 %k.sext, 1
; CHECK-NEXT: %kn1.wide = mul nsw i64 %k1.wide, %cols.sext
; CHECK-NEXT: %idx1.wide = add nsw i64 %kn1.wide, %j.sext
; CHECK-NEXT: %p1 = getelementptr inbounds double, ptr %b, i64 %idx1.wide
; CHECK-NOT: sext i32 %idx
; CHECK: ret void
; SCEV-LABEL: Classifying expressions for: @unrolled_column
; SCEV: %p = getelementptr
; SCEV-NEXT: -->  {{.*}},+,(16 * (sext i32 %cols to i64))<nsw>}<nw><%loop>
; SCEV: %p1 = getelementptr
; SCEV-NEXT: -->  {{.*}},+,(16 * (sext i32 %cols to i64))<nsw>}<nw><%loop>
define void @unrolled_column(ptr %b, ptr %out, i32 %n, i32 %cols, i64 %first, i64 %last, i64 %stride) {
entry:
  br label %outer

outer:
  %t = phi i64 [ %first, %entry ], [ %t.next, %outer.latch ]
  %j = trunc i64 %t to i32
  %half = lshr i32 %n, 1
  %skip = icmp eq i32 %half, 0
  br i1 %skip, label %outer.latch, label %loop

loop:
  %k = phi i32 [ 0, %outer ], [ %k.next, %loop ]
  %s = phi double [ 0.0, %outer ], [ %s.next, %loop ]
  %kn = mul nsw i32 %k, %cols
  %idx = add nsw i32 %kn, %j
  %idx.ext = sext i32 %idx to i64
  %p = getelementptr inbounds double, ptr %b, i64 %idx.ext
  %v = load double, ptr %p
  %k1 = or disjoint i32 %k, 1
  %kn1 = mul nsw i32 %k1, %cols
  %idx1 = add nsw i32 %kn1, %j
  %idx1.ext = sext i32 %idx1 to i64
  %p1 = getelementptr inbounds double, ptr %b, i64 %idx1.ext
  %v1 = load double, ptr %p1
  %v01 = fadd double %v, %v1
  %s.next = fadd double %s, %v01
  %k.next = add nuw nsw i32 %k, 2
  %again = icmp ult i32 %k.next, %n
  br i1 %again, label %loop, label %done

done:
  %o = getelementptr inbounds double, ptr %out, i64 %t
  store double %s.next, ptr %o
  br label %outer.latch

outer.latch:
  %t.next = add i64 %t, %stride
  %more = icmp slt i64 %t, %last
  br i1 %more, label %outer, label %exit

exit:
  ret void
}

; CHECK-LABEL: define void @wraps(
; CHECK-NOT: .wide
; CHECK: %idx.ext = sext i32 %idx to i64
; CHECK: ret void
define void @wraps(ptr %b, i32 %n, i32 %cols, i32 %j) {
entry:
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %kn = mul nsw i32 %k, %cols
  %idx = add i32 %kn, %j
  %idx.ext = sext i32 %idx to i64
  %p = getelementptr inbounds double, ptr %b, i64 %idx.ext
  store double 0.0, ptr %p
  %k.next = add nuw nsw i32 %k, 2
  %again = icmp ult i32 %k.next, %n
  br i1 %again, label %loop, label %exit

exit:
  ret void
}

; The loop as written: ScalarEvolution proves the index does not wrap and
; the extension is a recurrence already. It is widened too, so that all of
; a loop's addresses have one form when the unroller copies them.
; CHECK-LABEL: define void @recurrence_already(
; CHECK: entry:
; CHECK-NEXT: %j.sext = sext i32 %j to i64
; CHECK-NEXT: %cols.sext = sext i32 %cols to i64
; CHECK: %k.sext = sext i32 %k to i64
; CHECK-NEXT: %kn.wide = mul nsw i64 %k.sext, %cols.sext
; CHECK-NEXT: %idx.wide = add nsw i64 %kn.wide, %j.sext
; CHECK-NEXT: %p = getelementptr inbounds double, ptr %b, i64 %idx.wide
; CHECK-NOT: %idx.ext
; CHECK: ret void
define void @recurrence_already(ptr %b, i32 %n, i32 %cols, i32 %j) {
entry:
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %kn = mul nsw i32 %k, %cols
  %idx = add nsw i32 %kn, %j
  %idx.ext = sext i32 %idx to i64
  %p = getelementptr inbounds double, ptr %b, i64 %idx.ext
  store double 0.0, ptr %p
  %k.next = add nuw nsw i32 %k, 1
  %again = icmp slt i32 %k.next, %n
  br i1 %again, label %loop, label %exit

exit:
  ret void
}

; A zero extension of arithmetic that says only nsw stays.
; CHECK-LABEL: define void @zext_of_signed(
; CHECK-NOT: .wide
; CHECK: %idx.ext = zext i32 %idx to i64
; CHECK: ret void
define void @zext_of_signed(ptr %b, i32 %n, i32 %cols, i64 %first, i64 %last, i64 %stride) {
entry:
  br label %outer

outer:
  %t = phi i64 [ %first, %entry ], [ %t.next, %outer.latch ]
  %j = trunc i64 %t to i32
  %skip = icmp ult i32 %n, 2
  br i1 %skip, label %outer.latch, label %loop

loop:
  %k = phi i32 [ 0, %outer ], [ %k.next, %loop ]
  %k1 = or disjoint i32 %k, 1
  %kn = mul nsw i32 %k1, %cols
  %idx = add nsw i32 %kn, %j
  %idx.ext = zext i32 %idx to i64
  %p = getelementptr inbounds double, ptr %b, i64 %idx.ext
  store double 0.0, ptr %p
  %k.next = add nuw nsw i32 %k, 2
  %again = icmp ult i32 %k.next, %n
  br i1 %again, label %loop, label %exit.outer

exit.outer:
  br label %outer.latch

outer.latch:
  %t.next = add i64 %t, %stride
  %more = icmp slt i64 %t, %last
  br i1 %more, label %outer, label %exit

exit:
  ret void
}

; A zero extension of a value known non-negative is a sign extension too:
; nsw arithmetic under it widens, with sign-extended leaves.
; CHECK-LABEL: define void @zext_nneg(
; CHECK: %kn.wide = mul nsw i64 %k1.wide, %cols.sext
; CHECK-NEXT: %idx.wide = add nsw i64 %kn.wide, %j.sext
; CHECK-NEXT: %p = getelementptr inbounds double, ptr %b, i64 %idx.wide
; CHECK: ret void
define void @zext_nneg(ptr %b, i32 %n, i32 %cols, i64 %first, i64 %last, i64 %stride) {
entry:
  br label %outer

outer:
  %t = phi i64 [ %first, %entry ], [ %t.next, %outer.latch ]
  %j = trunc i64 %t to i32
  %skip = icmp ult i32 %n, 2
  br i1 %skip, label %outer.latch, label %loop

loop:
  %k = phi i32 [ 0, %outer ], [ %k.next, %loop ]
  %k1 = or disjoint i32 %k, 1
  %kn = mul nsw i32 %k1, %cols
  %idx = add nsw i32 %kn, %j
  %idx.ext = zext nneg i32 %idx to i64
  %p = getelementptr inbounds double, ptr %b, i64 %idx.ext
  store double 0.0, ptr %p
  %k.next = add nuw nsw i32 %k, 2
  %again = icmp ult i32 %k.next, %n
  br i1 %again, label %loop, label %exit.outer

exit.outer:
  br label %outer.latch

outer.latch:
  %t.next = add i64 %t, %stride
  %more = icmp slt i64 %t, %last
  br i1 %more, label %outer, label %exit

exit:
  ret void
}
