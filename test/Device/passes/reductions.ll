; openmp-device-reductions alone: a reduction whose private copies are
; fixed-size locals goes through __cot_gpu_reduce with a scratch copy of
; each and their sizes, inlined for up to 32 bytes, else out of line on
; copies of the privates (which then never escape); the blocking form's
; __kmpc_end_reduce moves to where the cases meet. The teams code of an
; SPMD kernel, where the whole block shares the target, calls
; __cot_gpu_reduce_block instead. In a parallel region of
; an SPMD kernel with a teams level (each thread's own shared copy) and in
; a generic kernel's team code (its main thread alone) the runtime's answer
; is known and replaces the call, a one-item list getting the block
; combination that openmp-device-spmdize keeps where each thread keeps a
; copy (TeamsReductionCopies.h); a list with a variable-length item keeps
; __kmpc_reduce. An atomic path that locks or retries becomes one
; atomicrmw per field where the plain path updates each field on its own.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-reductions -pass-remarks=openmp-device -pass-remarks-missed=openmp-device -S %s -o - 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; CHECK: @.cot.red.sizes = private unnamed_addr constant [2 x i32] [i32 8, i32 4]

define void @spmd(ptr %sum, ptr %max) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 2, ptr @spmd.teams, ptr %sum, ptr %max)
  ret void
}

; CHECK-LABEL: define internal void @spmd.teams(
; CHECK: %sum.priv.scratch = alloca double, align 8
; CHECK: %max.priv.scratch = alloca i32, align 4
; CHECK: store ptr %sum.priv.scratch, ptr
; CHECK: store ptr %max.priv.scratch, ptr
; CHECK: %[[R:.*]] = call i32 @__cot_gpu_reduce_block(ptr %list, ptr %.cot.red.scratch, ptr @.cot.red.sizes, i32 2, ptr @spmd.reduce) #[[INLINE:[0-9]+]]
; CHECK-NEXT: switch i32 %[[R]], label %done [
; CHECK-NOT: __kmpc_reduce
; CHECK: ret void
define internal void @spmd.teams(ptr %gtid, ptr %btid, ptr %sum, ptr %max) {
  %sum.priv = alloca double, align 8
  %max.priv = alloca i32, align 4
  %list = alloca [2 x ptr], align 8
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 2, ptr @spmd.parallel, ptr %sum.priv, ptr %max.priv)
  %slot0 = getelementptr inbounds [2 x ptr], ptr %list, i64 0, i64 0
  store ptr %sum.priv, ptr %slot0, align 8
  %slot1 = getelementptr inbounds [2 x ptr], ptr %list, i64 0, i64 1
  store ptr %max.priv, ptr %slot1, align 8
  %r = call i32 @__kmpc_reduce_nowait(ptr null, i32 0, i32 2, i64 16, ptr %list, ptr @spmd.reduce, ptr null)
  switch i32 %r, label %done [
    i32 1, label %case1
    i32 2, label %case2
  ]
case1:
  call void @__kmpc_end_reduce_nowait(ptr null, i32 0, ptr null)
  br label %done
case2:
  %v = load double, ptr %sum.priv, align 8
  %old = atomicrmw fadd ptr %sum, double %v monotonic
  br label %done
done:
  ret void
}

; Inside the parallel region of an SPMD kernel with teams every thread's
; shared copy is its own: nothing to combine per block, and the runtime's
; answer is 1 (plain combine).
; CHECK-LABEL: define internal void @spmd.parallel(
; CHECK-NOT: __kmpc_reduce
; CHECK: switch i32 1, label %done
define internal void @spmd.parallel(ptr %gtid, ptr %btid, ptr %sum, ptr %max) {
  %priv = alloca double, align 8
  %list = alloca [1 x ptr], align 8
  store ptr %priv, ptr %list, align 8
  %r = call i32 @__kmpc_reduce_nowait(ptr null, i32 0, i32 1, i64 8, ptr %list, ptr @spmd.reduce, ptr null)
  switch i32 %r, label %done [
    i32 1, label %done
  ]
done:
  ret void
}

define internal void @spmd.reduce(ptr %lhs, ptr %rhs) {
  ret void
}

define void @generic(ptr %x) {
  %team = alloca i32, align 4
  %list = alloca [1 x ptr], align 8
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @generic.parallel, ptr %x)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr null, i32 1, ptr @generic.large, ptr %x)
  store ptr %team, ptr %list, align 8
  %r = call i32 @__kmpc_reduce_nowait(ptr null, i32 0, i32 1, i64 8, ptr %list, ptr @spmd.reduce, ptr null)
  switch i32 %r, label %done [
    i32 2, label %done
  ]
done:
  ret void
}

; A generic kernel's team code runs on the main thread alone: the runtime's
; answer is 2 (the atomic path). Its one item gets __cot_gpu_combine_block
; before it, for openmp-device-spmdize to keep or erase.
; CHECK-LABEL: define void @generic(
; CHECK-NOT: __kmpc_reduce
; CHECK: call void @__cot_gpu_combine_block(ptr %list, ptr %.cot.red.scratch, ptr @.cot.red.sizes{{.*}}, i32 1, ptr @spmd.reduce) #[[INLINE]]
; CHECK-NEXT: switch i32 2, label %done

; 48 bytes: out of line, on copies.
; CHECK-LABEL: define internal void @generic.large(
; CHECK: %[[COPY:.*]] = load ptr, ptr
; CHECK-NEXT: %[[IN:.*]] = load [6 x double], ptr %priv, align 8
; CHECK-NEXT: store [6 x double] %[[IN]], ptr %[[COPY]], align 8
; CHECK: call i32 @__cot_gpu_reduce(ptr %.cot.red.copy, ptr %.cot.red.scratch, ptr @.cot.red.sizes.{{[0-9]+}}, i32 1, ptr @spmd.reduce) #[[NOINLINE:[0-9]+]]
; CHECK: %[[BACK:.*]] = load ptr, ptr
; CHECK-NEXT: %[[OUT:.*]] = load [6 x double], ptr %[[BACK]], align 8
; CHECK-NEXT: store [6 x double] %[[OUT]], ptr %priv, align 8
define internal void @generic.large(ptr %gtid, ptr %btid, ptr %x) {
  %priv = alloca [6 x double], align 8
  %list = alloca [1 x ptr], align 8
  store ptr %priv, ptr %list, align 8
  %r = call i32 @__kmpc_reduce_nowait(ptr null, i32 0, i32 1, i64 8, ptr %list, ptr @spmd.reduce, ptr null)
  ret void
}

; CHECK-LABEL: define internal void @generic.parallel(
; CHECK: call i32 @__cot_gpu_reduce(ptr %list, ptr %.cot.red.scratch, ptr @.cot.red.sizes.{{[0-9]+}}, i32 1, ptr @spmd.reduce) #[[INLINE]]
; CHECK: case1:
; CHECK-NEXT: store
; CHECK-NEXT: br label %merge
; CHECK: case2:
; CHECK-NEXT: atomicrmw
; CHECK-NEXT: br label %merge
; CHECK: merge:
; CHECK-NEXT: call void @__cot_gpu_end_reduce()
; CHECK-NOT: __kmpc_end_reduce
; CHECK: ret void
define internal void @generic.parallel(ptr %gtid, ptr %btid, ptr %x) {
  %priv = alloca i32, align 4
  %list = alloca [1 x ptr], align 8
  %slot = getelementptr inbounds [1 x ptr], ptr %list, i64 0, i64 0
  store ptr %priv, ptr %slot, align 8
  %r = call i32 @__kmpc_reduce(ptr null, i32 0, i32 1, i64 8, ptr %list, ptr @spmd.reduce, ptr null)
  switch i32 %r, label %merge [
    i32 1, label %case1
    i32 2, label %case2
  ]
case1:
  store i32 1, ptr %x, align 4
  call void @__kmpc_end_reduce(ptr null, i32 0, ptr null)
  br label %merge
case2:
  %old = atomicrmw add ptr %x, i32 1 monotonic
  call void @__kmpc_end_reduce(ptr null, i32 0, ptr null)
  br label %merge
merge:
  ret void
}

; CHECK-LABEL: define void @sections(
; CHECK: call i32 @__kmpc_reduce_nowait(
define void @sections(ptr %a, i64 %n) {
  %priv = alloca i32, i64 %n, align 4
  %list = alloca [2 x ptr], align 8
  store ptr %priv, ptr %list, align 8
  %slot1 = getelementptr inbounds [2 x ptr], ptr %list, i64 0, i64 1
  %size = inttoptr i64 %n to ptr
  store ptr %size, ptr %slot1, align 8
  %r = call i32 @__kmpc_reduce_nowait(ptr null, i32 0, i32 2, i64 16, ptr %list, ptr @spmd.reduce, ptr null)
  ret void
}

; A double _Complex sum: the plain path adds each part on its own, the
; atomic path is a 16-byte compare-and-swap loop through libatomic (a lock
; on the GPU). The atomic path becomes a copy of the plain one with an
; atomicrmw per part; the merge's phi gets the copy's value.
define void @complex(ptr %x) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @complex.teams, ptr %x)
  ret void
}

; CHECK-LABEL: define internal void @complex.teams(
; CHECK: %[[R:.*]] = call i32 @__cot_gpu_reduce_block(
; CHECK-NEXT: switch i32 %[[R]], label %done [
; CHECK-NEXT: i32 1, label %case1
; CHECK-NEXT: i32 2, label %case1.fieldwise
; CHECK: done:
; CHECK-NEXT: phi i32 [ 0, %entry ], [ 1, %case1 ], [ 1, %case1.fieldwise ]
; CHECK: case1.fieldwise:
; CHECK-NOT: load double, ptr %x
; CHECK: %[[RE:.*]] = load double, ptr %priv, align 8
; CHECK-NOT: load double, ptr %x
; CHECK: %[[IM:.*]] = load double, ptr %priv.im.fieldwise, align 8
; CHECK-NEXT: atomicrmw fadd ptr %x, double %[[RE]] monotonic, align 8
; CHECK: atomicrmw fadd ptr %x.im{{.*}}, double %[[IM]] monotonic, align 8
; CHECK-NEXT: call void @__kmpc_end_reduce_nowait(
; CHECK-NEXT: br label %done
; CHECK-NOT: __atomic_compare_exchange
; CHECK: }
define internal void @complex.teams(ptr %gtid, ptr %btid, ptr %x) {
entry:
  %priv = alloca { double, double }, align 8
  %expected = alloca { double, double }, align 8
  %desired = alloca { double, double }, align 8
  %list = alloca [1 x ptr], align 8
  store ptr %priv, ptr %list, align 8
  %r = call i32 @__kmpc_reduce_nowait(ptr null, i32 0, i32 1, i64 8, ptr %list, ptr @spmd.reduce, ptr null)
  switch i32 %r, label %done [
    i32 1, label %case1
    i32 2, label %case2
  ]
case1:
  %x.re = load double, ptr %x, align 8
  %x.im = getelementptr inbounds { double, double }, ptr %x, i32 0, i32 1
  %x.imv = load double, ptr %x.im, align 8
  %p.re = load double, ptr %priv, align 8
  %priv.im = getelementptr inbounds { double, double }, ptr %priv, i32 0, i32 1
  %p.im = load double, ptr %priv.im, align 8
  %re = fadd double %x.re, %p.re
  %im = fadd double %x.imv, %p.im
  store double %re, ptr %x, align 8
  %x.im2 = getelementptr inbounds { double, double }, ptr %x, i32 0, i32 1
  store double %im, ptr %x.im2, align 8
  call void @__kmpc_end_reduce_nowait(ptr null, i32 0, ptr null)
  br label %done
case2:
  call void @__atomic_load(i64 16, ptr %x, ptr %expected, i32 0)
  br label %retry
retry:
  %ok = call i1 @__atomic_compare_exchange(i64 16, ptr %x, ptr %expected, ptr %desired, i32 0, i32 0)
  br i1 %ok, label %done, label %retry
done:
  %how = phi i32 [ 0, %entry ], [ 1, %case1 ], [ 2, %retry ]
  ret void
}

; A double _Complex product mixes the parts: the atomic path stays.
; CHECK-LABEL: define internal void @product.teams(
; CHECK-NOT: fieldwise
; CHECK: call zeroext i1 @__atomic_compare_exchange(
define void @product(ptr %x) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr null, i32 1, ptr @product.teams, ptr %x)
  ret void
}

define internal void @product.teams(ptr %gtid, ptr %btid, ptr %x) {
entry:
  %priv = alloca { double, double }, align 8
  %expected = alloca { double, double }, align 8
  %desired = alloca { double, double }, align 8
  %list = alloca [1 x ptr], align 8
  store ptr %priv, ptr %list, align 8
  %r = call i32 @__kmpc_reduce_nowait(ptr null, i32 0, i32 1, i64 8, ptr %list, ptr @spmd.reduce, ptr null)
  switch i32 %r, label %done [
    i32 1, label %case1
    i32 2, label %case2
  ]
case1:
  %x.re = load double, ptr %x, align 8
  %x.im = getelementptr inbounds { double, double }, ptr %x, i32 0, i32 1
  %x.imv = load double, ptr %x.im, align 8
  %p.re = load double, ptr %priv, align 8
  %priv.im = getelementptr inbounds { double, double }, ptr %priv, i32 0, i32 1
  %p.im = load double, ptr %priv.im, align 8
  %rr = fmul double %x.re, %p.re
  %ii = fmul double %x.imv, %p.im
  %re = fsub double %rr, %ii
  %ri = fmul double %x.re, %p.im
  %ir = fmul double %x.imv, %p.re
  %im = fadd double %ri, %ir
  store double %re, ptr %x, align 8
  store double %im, ptr %x.im, align 8
  br label %done
case2:
  call void @__atomic_load(i64 16, ptr %x, ptr %expected, i32 0)
  br label %retry
retry:
  %ok = call zeroext i1 @__atomic_compare_exchange(i64 16, ptr %x, ptr %expected, ptr %desired, i32 0, i32 0)
  br i1 %ok, label %done, label %retry
done:
  ret void
}

; REMARK-DAG: remark: <unknown>:0:0: reduction in 'spmd.teams' combined per block before one update of the shared copy
; REMARK-DAG: remark: <unknown>:0:0: reduction in 'generic.parallel' combined per block before one update of the shared copy
; REMARK-DAG: remark: <unknown>:0:0: reduction in 'sections' updates the shared copy from every thread: a private copy is not a local of fixed size (array section?)
; REMARK-DAG: remark: <unknown>:0:0: reduction in 'generic.large' combined per block before one update of the shared copy
; REMARK-NOT: spmd.parallel
; REMARK-NOT: 'generic' 

declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare i32 @__kmpc_reduce_nowait(ptr, i32, i32, i64, ptr, ptr, ptr)
declare void @__kmpc_end_reduce_nowait(ptr, i32, ptr)
declare i32 @__kmpc_reduce(ptr, i32, i32, i64, ptr, ptr, ptr)
declare void @__kmpc_end_reduce(ptr, i32, ptr)
declare void @__atomic_load(i64, ptr, ptr, i32)
declare i1 @__atomic_compare_exchange(i64, ptr, ptr, ptr, i32, i32)

; CHECK: attributes #[[INLINE]] = { alwaysinline }
; CHECK: attributes #[[NOINLINE]] = { noinline }

!cot.kernels = !{!0, !1, !2, !3}
!0 = !{ptr @spmd, !"spmd", !"teams"}
!1 = !{ptr @generic, !"generic"}
!2 = !{ptr @complex, !"spmd", !"teams"}
!3 = !{ptr @product, !"spmd", !"teams"}
