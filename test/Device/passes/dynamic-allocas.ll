; openmp-device-dynamic-allocas alone: an alloca of run-time size (a C VLA
; in a loop body, between Clang's llvm.stacksave and llvm.stackrestore)
; becomes __cot_gpu_vla_push on the function's chain head, the save a read
; of the head, the restore and the return pops; the size multiplication
; saturates to all ones on overflow. Fixed-size allocas of the entry block
; stay. LLVM 19's NVPTX back end selects neither intrinsic ("Cannot select:
; stacksave"), and PTX before ISA 7.3 has no dynamic stack.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes='function(openmp-device-dynamic-allocas)' -S %s | FileCheck %s

; CHECK-LABEL: define void @vla_in_loop(
; CHECK: entry:
; CHECK-NEXT: %vla.head = alloca ptr
; CHECK-NEXT: store ptr null, ptr %vla.head
; CHECK-NEXT: %fixed = alloca [4 x i32]
; CHECK: body:
; CHECK-NEXT: %vla.mark = load ptr, ptr %vla.head
; CHECK-NEXT: %count = zext i32 %n to i64
; CHECK-NEXT: [[PRODUCT:%.*]] = call { i64, i1 } @llvm.umul.with.overflow.i64(i64 %count, i64 8)
; CHECK-NEXT: [[OVERFLOW:%.*]] = extractvalue { i64, i1 } [[PRODUCT]], 1
; CHECK-NEXT: [[BYTES:%.*]] = extractvalue { i64, i1 } [[PRODUCT]], 0
; CHECK-NEXT: %vla.bytes = select i1 [[OVERFLOW]], i64 -1, i64 [[BYTES]]
; CHECK-NEXT: %vla = call ptr @__cot_gpu_vla_push(i64 %vla.bytes, i64 16, ptr %vla.head)
; CHECK-NEXT: store double 0.000000e+00, ptr %vla
; CHECK-NEXT: call void @__cot_gpu_vla_pop(ptr %vla.head, ptr %vla.mark)
; CHECK: exit:
; CHECK-NEXT: call void @__cot_gpu_vla_pop(ptr %vla.head, ptr null)
; CHECK-NEXT: ret void
; CHECK-NOT: stacksave
; CHECK-NOT: stackrestore
define void @vla_in_loop(i32 %n, i1 %more) {
entry:
  %fixed = alloca [4 x i32]
  br label %body
body:
  %saved = call ptr @llvm.stacksave.p0()
  %count = zext i32 %n to i64
  %vla = alloca double, i64 %count, align 16
  store double 0.0, ptr %vla
  call void @llvm.stackrestore.p0(ptr %saved)
  br i1 %more, label %body, label %exit
exit:
  ret void
}

; An alloca whose size is an argument, first in the entry block: the head
; is null before the push.
; CHECK-LABEL: define void @argument_size(
; CHECK-NEXT: %vla.head = alloca ptr
; CHECK-NEXT: store ptr null, ptr %vla.head
; CHECK: %vla = call ptr @__cot_gpu_vla_push(
define void @argument_size(i64 %n) {
  %vla = alloca i8, i64 %n
  store i8 0, ptr %vla
  ret void
}

; CHECK-LABEL: define void @fixed_only(
; CHECK-NOT: __cot_gpu_vla
; CHECK: ret void
define void @fixed_only() {
  %x = alloca i32
  store i32 0, ptr %x
  ret void
}

declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)
