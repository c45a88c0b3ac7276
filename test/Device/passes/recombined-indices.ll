; openmp-device-recombined-indices alone. A collapse(2) nest's indices,
; recovered from its 64-bit iteration number by a division and the
; subtraction DivRemPairs writes for the remainder, put back together in
; int (`b * h + x`, HeCBench gelu's row index): the sum is the truncation of
; the iteration number, and the division, the product and the subtraction
; go. The same with the operands swapped and the row length applied after
; (`(x + b * h) * w`: the sum folds, the product stays). Left alone: indices
; of different iteration numbers, a fold to a 64-bit value defined after the
; sum, a product whose 64-bit twin carries nsw (it may be poison where the
; narrow one is not), and a tree that folds to a constant (InstCombine's
; business).
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-recombined-indices -S %s | FileCheck %s

; CHECK-LABEL: define i32 @row_index(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %index.recombined = trunc i64 %iv to i32
; CHECK-NEXT:    ret i32 %index.recombined
define i32 @row_index(i64 %iv, i64 %h) {
entry:
  %b = sdiv i64 %iv, %h
  %bh = mul i64 %b, %h
  %x = sub i64 %iv, %bh
  %b32 = trunc i64 %b to i32
  %h32 = trunc i64 %h to i32
  %x32 = trunc i64 %x to i32
  %bh32 = mul i32 %h32, %b32
  %index = add nsw i32 %bh32, %x32
  ret i32 %index
}

; CHECK-LABEL: define i32 @scaled_row_index(
; CHECK:         %sum.recombined = trunc i64 %iv to i32
; CHECK-NEXT:    %index = mul i32 %sum.recombined, %w
; CHECK-NEXT:    ret i32 %index
define i32 @scaled_row_index(i64 %iv, i64 %h, i32 %w) {
entry:
  %b = udiv i64 %iv, %h
  %bh = mul i64 %b, %h
  %x = sub i64 %iv, %bh
  %b32 = trunc i64 %b to i32
  %h32 = trunc i64 %h to i32
  %x32 = trunc i64 %x to i32
  %bh32 = mul i32 %b32, %h32
  %sum = add i32 %x32, %bh32
  %index = mul i32 %sum, %w
  ret i32 %index
}

; CHECK-LABEL: define i32 @other_iteration(
; CHECK:         %index = add i32 %bh32, %x32
define i32 @other_iteration(i64 %iv, i64 %jv, i64 %h) {
entry:
  %b = sdiv i64 %iv, %h
  %bh = mul i64 %b, %h
  %c = sdiv i64 %jv, %h
  %ch = mul i64 %c, %h
  %x = sub i64 %jv, %ch
  %b32 = trunc i64 %b to i32
  %h32 = trunc i64 %h to i32
  %x32 = trunc i64 %x to i32
  %bh32 = mul i32 %b32, %h32
  %index = add i32 %bh32, %x32
  ret i32 %index
}

; `q * h + 0` is the product, which the function computes in 64 bits,
; but only after the sum.
; CHECK-LABEL: define i32 @defined_after(
; CHECK:         %index = add i32 %qh32, 0
define i32 @defined_after(i64 %q, i64 %h) {
entry:
  %q32 = trunc i64 %q to i32
  %h32 = trunc i64 %h to i32
  %qh32 = mul i32 %q32, %h32
  %index = add i32 %qh32, 0
  %qh = mul i64 %q, %h
  call void @use(i64 %qh)
  ret i32 %index
}

declare void @use(i64)

; CHECK-LABEL: define i32 @poison_twin(
; CHECK:         %index = add i32 %bh32, %x32
define i32 @poison_twin(i64 %iv, i64 %h) {
entry:
  %b = sdiv i64 %iv, %h
  %bh = mul nsw i64 %b, %h
  %x = sub i64 %iv, %bh
  %b32 = trunc i64 %b to i32
  %h32 = trunc i64 %h to i32
  %x32 = trunc i64 %x to i32
  %bh32 = mul i32 %b32, %h32
  %index = add i32 %bh32, %x32
  ret i32 %index
}

; CHECK-LABEL: define i32 @constant(
; CHECK:         %d = sub i32 %a32, %a32b
define i32 @constant(i64 %a) {
entry:
  %a32 = trunc i64 %a to i32
  %a32b = trunc i64 %a to i32
  %d = sub i32 %a32, %a32b
  ret i32 %d
}
