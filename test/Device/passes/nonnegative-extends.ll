; openmp-device-nonnegative-extends alone: a 64-bit extension of an int
; that a sign extension dominating it also extends, and that equals it
; there (another sign extension; `zext nneg`; `and X, 0x7fffffff` or a
; plain zext of a value that a dominating test keeps non-negative), is
; replaced by it, and what then repeats dominating instructions is merged:
; the product Clang computes twice for a collapsed `int` nest, once before
; and once after its `0 < n` test, becomes one value. Without such a test,
; or without a sign extension that dominates, nothing changes.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-nonnegative-extends -S %s | FileCheck %s

; The `and` forms InstCombine gives zext(trunc X) once it knows n > 0.
; CHECK-LABEL: define i64 @masked_low_halves(
; CHECK:       entry:
; CHECK-NEXT:    %n32 = trunc i64 %n to i32
; CHECK-NEXT:    %m32 = trunc i64 %m to i32
; CHECK-NEXT:    %nshl = shl i64 %n, 32
; CHECK-NEXT:    %next = ashr exact i64 %nshl, 32
; CHECK-NEXT:    %mshl = shl i64 %m, 32
; CHECK-NEXT:    %mext = ashr exact i64 %mshl, 32
; CHECK-NEXT:    %count = mul nsw i64 %mext, %next
; CHECK:       body:
; CHECK-NEXT:    %last = add nsw i64 %count, -1
; CHECK-NEXT:    ret i64 %last
define i64 @masked_low_halves(i64 %n, i64 %m) {
entry:
  %n32 = trunc i64 %n to i32
  %m32 = trunc i64 %m to i32
  %nshl = shl i64 %n, 32
  %next = ashr exact i64 %nshl, 32
  %mshl = shl i64 %m, 32
  %mext = ashr exact i64 %mshl, 32
  %count = mul nsw i64 %mext, %next
  %npos = icmp sgt i32 %n32, 0
  %mpos = icmp sgt i32 %m32, 0
  %both = and i1 %npos, %mpos
  br i1 %both, label %body, label %none

body:
  %nz = and i64 %n, 2147483647
  %mz = and i64 %m, 4294967295
  %count2 = mul nuw nsw i64 %mz, %nz
  %last = add nsw i64 %count2, -1
  ret i64 %last

none:
  ret i64 %count
}

; A bound `n - 2` (loops from 1 to n - 1): SROA's `mul X, 1 << 32` form of
; the shift, and a `sext` and a `zext nneg` of the i32 difference.
; CHECK-LABEL: define i64 @offset_bounds(
; CHECK:         %ext = ashr exact i64 %hi, 32
; CHECK-NEXT:    %sq0 = mul nsw i64 %ext, %ext
; CHECK:       body:
; CHECK-NOT:     mul
; CHECK:         ret i64 %sq0
define i64 @offset_bounds(i64 %n) {
entry:
  %shifted = mul i64 %n, 4294967296
  %hi = add i64 %shifted, -8589934592
  %ext = ashr exact i64 %hi, 32
  %sq0 = mul nsw i64 %ext, %ext
  %n32 = trunc i64 %n to i32
  %big = icmp sgt i32 %n32, 2
  br i1 %big, label %body, label %none

body:
  %d = add nsw i32 %n32, -2
  %dsext = sext i32 %d to i64
  %dzext = zext nneg i32 %d to i64
  %sq = mul nsw i64 %dsext, %dzext
  ret i64 %sq

none:
  ret i64 %sq0
}

; No test keeps n non-negative: `n & 0x7fffffff` is not sext(n).
; CHECK-LABEL: define i64 @no_test(
; CHECK:         %nz = and i64 %n, 2147483647
; CHECK-NEXT:    %r = add i64 %nz, %next
define i64 @no_test(i64 %n) {
  %nshl = shl i64 %n, 32
  %next = ashr exact i64 %nshl, 32
  %nz = and i64 %n, 2147483647
  %r = add i64 %nz, %next
  ret i64 %r
}

; The sign extension is on the other path: it does not dominate.
; CHECK-LABEL: define i64 @not_dominating(
; CHECK:       left:
; CHECK-NEXT:    %s = sext i32 %x to i64
; CHECK:       right:
; CHECK-NEXT:    %z = zext nneg i32 %x to i64
; CHECK-NEXT:    ret i64 %z
define i64 @not_dominating(i32 %x, i1 %c) {
  br i1 %c, label %left, label %right

left:
  %s = sext i32 %x to i64
  ret i64 %s

right:
  %z = zext nneg i32 %x to i64
  ret i64 %z
}
