; openmp-device-unchanged-cas alone: a monotonic compare-and-swap update
; loop whose expected value was read from its address ends, before the
; cmpxchg, where the new value is the old one; run twice, it adds one test.
; A cmpxchg that tests memory against a value it did not read, or that
; orders other accesses (acquire, release, seq_cst), or is volatile, stays.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes='function(openmp-device-unchanged-cas,openmp-device-unchanged-cas)' -S %s | FileCheck %s

; Clang's float min: the loaded value, then the cmpxchg's result.
; CHECK-LABEL: define void @min_f32(
; CHECK:      loop:
; CHECK-NEXT:   %old = phi i32 [ %init, %entry ], [ %seen, %[[SWAP:.*]] ]
; CHECK:        %new = bitcast float %min to i32
; CHECK-NEXT:   %cas.unchanged = icmp eq i32 %new, %old
; CHECK-NEXT:   br i1 %cas.unchanged, label %exit, label %[[SWAP]]
; CHECK-NOT:  icmp eq
; CHECK:      [[SWAP]]:
; CHECK-NEXT:   %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic
; CHECK:        br i1 %ok, label %exit, label %loop
define void @min_f32(ptr %p, float %v) {
entry:
  %init = load atomic i32, ptr %p monotonic, align 4
  br label %loop

loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %oldf = bitcast i32 %old to float
  %lt = fcmp olt float %v, %oldf
  %min = select i1 %lt, float %v, float %oldf
  %new = bitcast float %min to i32
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %exit, label %loop

exit:
  ret void
}

; The exit's phis get the values of a successful cmpxchg: the old value and
; true.
; CHECK-LABEL: define i32 @exit_values(
; CHECK:      exit:
; CHECK-NEXT:   %r = phi i32 [ %seen, %[[SWAP2:.*]] ], [ %old, %loop ]
; CHECK-NEXT:   %s = phi i1 [ %ok, %[[SWAP2]] ], [ true, %loop ]
; CHECK-NEXT:   %t = phi i32 [ %new, %[[SWAP2]] ], [ %new, %loop ]
define i32 @exit_values(ptr %p, i32 %v) {
entry:
  %init = load atomic i32, ptr %p monotonic, align 4
  br label %loop

loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %new = mul i32 %old, %v
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %exit, label %loop

exit:
  %r = phi i32 [ %seen, %loop ]
  %s = phi i1 [ %ok, %loop ]
  %t = phi i32 [ %new, %loop ]
  %u = zext i1 %s to i32
  %w = add i32 %r, %u
  %x = add i32 %w, %t
  ret i32 %x
}

; A wait until memory holds 0: the expected value was not read.
; CHECK-LABEL: define void @wait_for_zero(
; CHECK-NOT:  icmp eq
; CHECK:      cmpxchg ptr %p, i32 %old, i32 0 monotonic monotonic
define void @wait_for_zero(ptr %p) {
entry:
  br label %loop

loop:
  %old = phi i32 [ 0, %entry ], [ 0, %loop ]
  %pair = cmpxchg ptr %p, i32 %old, i32 0 monotonic monotonic, align 4
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %exit, label %loop

exit:
  ret void
}

; Ordering and volatile cmpxchg stay.
; CHECK-LABEL: define void @ordered(
; CHECK-NOT:  icmp eq
; CHECK:      cmpxchg ptr %p, i32 %old, i32 %new acq_rel monotonic
; CHECK:      cmpxchg volatile ptr %p, i32 %old2, i32 %new2 monotonic monotonic
define void @ordered(ptr %p, i32 %v) {
entry:
  %init = load atomic i32, ptr %p monotonic, align 4
  br label %loop

loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %new = and i32 %old, %v
  %pair = cmpxchg ptr %p, i32 %old, i32 %new acq_rel monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %next, label %loop

next:
  %init2 = load atomic i32, ptr %p monotonic, align 4
  br label %loop2

loop2:
  %old2 = phi i32 [ %init2, %next ], [ %seen2, %loop2 ]
  %new2 = and i32 %old2, %v
  %pair2 = cmpxchg volatile ptr %p, i32 %old2, i32 %new2 monotonic monotonic, align 4
  %seen2 = extractvalue { i32, i1 } %pair2, 0
  %ok2 = extractvalue { i32, i1 } %pair2, 1
  br i1 %ok2, label %exit, label %loop2

exit:
  ret void
}
