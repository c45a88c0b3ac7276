; openmp-device-logical-reductions alone: in the functions of a
; default-scheduled kernel, the right operand of `x = x && a[i]` and
; `x = x || a[i]` on a private copy of the function's reduction is evaluated
; before the test of x and the result selected, so that the loads of
; successive iterations do not wait for each other's compare. Operands with
; an effect (a call, a volatile read), branches on other values and kernels
; with a schedule clause keep the branch.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-logical-reductions -S %s | FileCheck %s

; CHECK-LABEL: define internal void @land.parallel(
; CHECK: test:
; CHECK-NEXT: %xv = load i32, ptr %x
; CHECK-NEXT: %tobool = icmp ne i32 %xv, 0
; CHECK-NEXT: %p = getelementptr inbounds i32, ptr %a, i64 %i
; CHECK-NEXT: %v = load i32, ptr %p
; CHECK-NEXT: %nz = icmp ne i32 %v, 0
; CHECK-NEXT: %[[AND:.*]] = select i1 %tobool, i1 %nz, i1 false
; CHECK-NEXT: br label %rhs
; CHECK: end:
; CHECK-NEXT: %r = phi i1 [ %[[AND]], %rhs ]
; CHECK-LABEL: define internal void @lor.parallel(
; CHECK: test:
; CHECK: %tobool = fcmp une float %xv, 0.000000e+00
; CHECK-NEXT: %p = getelementptr inbounds float, ptr %a, i64 %i
; CHECK-NEXT: %v = load float, ptr %p
; CHECK-NEXT: %nz = fcmp une float %v, 0.000000e+00
; CHECK-NEXT: %[[OR:.*]] = select i1 %tobool, i1 true, i1 %nz
; CHECK-NEXT: br label %rhs
; CHECK: end:
; CHECK-NEXT: %r = phi i1 [ %[[OR]], %rhs ]
; CHECK-LABEL: define internal void @effects.parallel(
; CHECK: br i1 %tobool, label %call, label %volatile
; CHECK: br i1 %tobool2, label %volatile.rhs, label %guard
; CHECK: br i1 %inside, label %guarded, label %end
; CHECK-LABEL: define internal void @scheduled.parallel(
; CHECK: br i1 %tobool, label %rhs, label %end

define internal void @land.parallel(ptr %gtid, ptr %btid, ptr %a, i64 %i) !cot.kernel !10 {
entry:
  %x = alloca i32
  %list = alloca [1 x ptr]
  store i32 1, ptr %x
  br label %test
test:
  %xv = load i32, ptr %x
  %tobool = icmp ne i32 %xv, 0
  br i1 %tobool, label %rhs, label %end
rhs:
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %nz = icmp ne i32 %v, 0
  br label %end
end:
  %r = phi i1 [ false, %test ], [ %nz, %rhs ]
  %z = zext i1 %r to i32
  store i32 %z, ptr %x
  %slot = getelementptr inbounds [1 x ptr], ptr %list, i64 0, i64 0
  store ptr %x, ptr %slot
  %red = call i32 @__kmpc_reduce_nowait(ptr null, i32 0, i32 1, i64 8, ptr %list, ptr null, ptr null)
  ret void
}

define internal void @lor.parallel(ptr %gtid, ptr %btid, ptr %a, i64 %i) !cot.kernel !11 {
entry:
  %x = alloca float
  %list = alloca [1 x ptr]
  store float 0.0, ptr %x
  br label %test
test:
  %xv = load float, ptr %x
  %tobool = fcmp une float %xv, 0.0
  br i1 %tobool, label %end, label %rhs
rhs:
  %p = getelementptr inbounds float, ptr %a, i64 %i
  %v = load float, ptr %p
  %nz = fcmp une float %v, 0.0
  br label %end
end:
  %r = phi i1 [ true, %test ], [ %nz, %rhs ]
  %z = uitofp i1 %r to float
  store float %z, ptr %x
  store ptr %x, ptr %list
  %red = call i32 @__kmpc_reduce(ptr null, i32 0, i32 1, i64 8, ptr %list, ptr null, ptr null)
  ret void
}

; A call and a volatile read may have effects; a test of the loop's bound
; is no test of a private copy.
define internal void @effects.parallel(ptr %gtid, ptr %btid, ptr %a, i64 %i, i64 %n) !cot.kernel !10 {
entry:
  %x = alloca i32
  %list = alloca [1 x ptr]
  store i32 1, ptr %x
  %xv = load i32, ptr %x
  %tobool = icmp ne i32 %xv, 0
  br i1 %tobool, label %call, label %volatile
call:
  %c = call i32 @f(i64 %i)
  br label %volatile
volatile:
  %xv2 = load i32, ptr %x
  %tobool2 = icmp ne i32 %xv2, 0
  br i1 %tobool2, label %volatile.rhs, label %guard
volatile.rhs:
  %vv = load volatile i32, ptr %a
  br label %guard
guard:
  %inside = icmp slt i64 %i, %n
  br i1 %inside, label %guarded, label %end
guarded:
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  br label %end
end:
  store ptr %x, ptr %list
  %red = call i32 @__kmpc_reduce_nowait(ptr null, i32 0, i32 1, i64 8, ptr %list, ptr null, ptr null)
  ret void
}

; A schedule clause fixes which iterations start from the identity.
define internal void @scheduled.parallel(ptr %gtid, ptr %btid, ptr %a, i64 %i) !cot.kernel !12 {
entry:
  %x = alloca i32
  %list = alloca [1 x ptr]
  store i32 1, ptr %x
  %xv = load i32, ptr %x
  %tobool = icmp ne i32 %xv, 0
  br i1 %tobool, label %rhs, label %end
rhs:
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %nz = icmp ne i32 %v, 0
  br label %end
end:
  %r = phi i1 [ false, %entry ], [ %nz, %rhs ]
  %z = zext i1 %r to i32
  store i32 %z, ptr %x
  store ptr %x, ptr %list
  %red = call i32 @__kmpc_reduce_nowait(ptr null, i32 0, i32 1, i64 8, ptr %list, ptr null, ptr null)
  ret void
}

define void @k1() !cot.kernel !10 {
  ret void
}
define void @k2() !cot.kernel !11 {
  ret void
}
define void @k3() !cot.kernel !12 {
  ret void
}

declare i32 @f(i64)
declare i32 @__kmpc_reduce_nowait(ptr, i32, i32, i64, ptr, ptr, ptr)
declare i32 @__kmpc_reduce(ptr, i32, i32, i64, ptr, ptr, ptr)

!cot.kernels = !{!0, !1, !2}
!0 = !{ptr @k1, !"spmd", !"default-schedule", !"teams"}
!1 = !{ptr @k2, !"generic", !"default-schedule", !"teams"}
!2 = !{ptr @k3, !"spmd", !"teams"}
!10 = !{ptr @k1}
!11 = !{ptr @k2}
!12 = !{ptr @k3}
