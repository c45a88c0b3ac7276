; openmp-device-popcount-loops alone, on the rotated loop of
; `for (c = 0; x; c++) x &= x - 1;` (LCSSA form, as O3's late loop passes
; see it): on leaving, the count is c0 + max(popcount(x0), 1) (a rotated
; loop runs at least once) and x is 0; loop deletion then removes the loop.
; A loop that also stores, one whose count steps by 2, and one whose x the
; exit reads keep their loops.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes='loop(openmp-device-popcount-loops)' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes='loop(openmp-device-popcount-loops,loop-deletion)' -S %s | FileCheck %s --check-prefix=DELETED

; CHECK-LABEL: define i8 @kernighan(
; CHECK: preheader:
; CHECK-NEXT: [[POP:%.*]] = call i64 @llvm.ctpop.i64(i64 %x0)
; CHECK-NEXT: [[ITERS:%.*]] = call i64 @llvm.umax.i64(i64 [[POP]], i64 1)
; CHECK-NEXT: [[NARROW:%.*]] = trunc i64 [[ITERS]] to i8
; CHECK-NEXT: %popcount.count = add i8 0, [[NARROW]]
; CHECK: exit:
; CHECK-NEXT: %c.lcssa = phi i8 [ %popcount.count, %loop ]
; CHECK-NEXT: %x.lcssa = phi i64 [ 0, %loop ]
; DELETED-LABEL: define i8 @kernighan(
; DELETED-NOT: loop:
; DELETED: ret i8
define i8 @kernighan(i64 %x0) mustprogress {
entry:
  %any = icmp ne i64 %x0, 0
  br i1 %any, label %preheader, label %done

preheader:
  br label %loop

loop:
  %x = phi i64 [ %x0, %preheader ], [ %x.next, %loop ]
  %c = phi i8 [ 0, %preheader ], [ %c.next, %loop ]
  %x.minus1 = add i64 %x, -1
  %x.next = and i64 %x, %x.minus1
  %c.next = add i8 %c, 1
  %more = icmp ne i64 %x.next, 0
  br i1 %more, label %loop, label %exit

exit:
  %c.lcssa = phi i8 [ %c.next, %loop ]
  %x.lcssa = phi i64 [ %x.next, %loop ]
  %zero = icmp eq i64 %x.lcssa, 0
  call void @use(i1 %zero)
  br label %done

done:
  %r = phi i8 [ %c.lcssa, %exit ], [ 0, %entry ]
  ret i8 %r
}

; CHECK-LABEL: define i32 @with_store(
; CHECK-NOT: ctpop
; CHECK: ret i32
define i32 @with_store(i32 %x0, ptr %p) {
preheader:
  br label %loop

loop:
  %x = phi i32 [ %x0, %preheader ], [ %x.next, %loop ]
  %c = phi i32 [ 0, %preheader ], [ %c.next, %loop ]
  store i32 %x, ptr %p
  %x.minus1 = add i32 %x, -1
  %x.next = and i32 %x.minus1, %x
  %c.next = add i32 %c, 1
  %done = icmp eq i32 %x.next, 0
  br i1 %done, label %exit, label %loop

exit:
  %c.lcssa = phi i32 [ %c.next, %loop ]
  ret i32 %c.lcssa
}

; CHECK-LABEL: define i32 @step_two(
; CHECK-NOT: ctpop
; CHECK: ret i32
define i32 @step_two(i32 %x0) {
preheader:
  br label %loop

loop:
  %x = phi i32 [ %x0, %preheader ], [ %x.next, %loop ]
  %c = phi i32 [ 0, %preheader ], [ %c.next, %loop ]
  %x.minus1 = add i32 %x, -1
  %x.next = and i32 %x.minus1, %x
  %c.next = add i32 %c, 2
  %done = icmp eq i32 %x.next, 0
  br i1 %done, label %exit, label %loop

exit:
  %c.lcssa = phi i32 [ %c.next, %loop ]
  ret i32 %c.lcssa
}

; CHECK-LABEL: define i32 @reads_last_bit(
; CHECK-NOT: ctpop
; CHECK: ret i32
define i32 @reads_last_bit(i32 %x0) {
preheader:
  br label %loop

loop:
  %x = phi i32 [ %x0, %preheader ], [ %x.next, %loop ]
  %c = phi i32 [ 0, %preheader ], [ %c.next, %loop ]
  %x.minus1 = add i32 %x, -1
  %x.next = and i32 %x.minus1, %x
  %c.next = add i32 %c, 1
  %done = icmp eq i32 %x.next, 0
  br i1 %done, label %exit, label %loop

exit:
  %last = phi i32 [ %x, %loop ]
  %sum = add i32 %last, 0
  ret i32 %sum
}

declare void @use(i1)
