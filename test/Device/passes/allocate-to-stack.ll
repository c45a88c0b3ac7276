; openmp-device-allocate-to-stack alone: a small allocation of a predefined
; allocator freed in the same function becomes a stack slot; one of a
; user-defined allocator stays a call.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes='function(openmp-device-allocate-to-stack)' -S %s | FileCheck %s

; CHECK-LABEL: define void @predefined(
; CHECK: %x.stack = alloca [64 x i8], align 16
; CHECK-NOT: __kmpc_alloc
; CHECK-NOT: __kmpc_free
; CHECK: ret void
define void @predefined(i32 %gtid) {
  %x = call ptr @__kmpc_alloc(i32 %gtid, i64 64, ptr inttoptr (i64 1 to ptr))
  store i32 0, ptr %x
  call void @__kmpc_free(i32 %gtid, ptr %x, ptr inttoptr (i64 1 to ptr))
  ret void
}

; CHECK-LABEL: define void @user_allocator(
; CHECK-NOT: alloca
; CHECK: call ptr @__kmpc_alloc(
; CHECK: call void @__kmpc_free(
define void @user_allocator(i32 %gtid, ptr %al) {
  %x = call ptr @__kmpc_alloc(i32 %gtid, i64 64, ptr %al)
  call void @__kmpc_free(i32 %gtid, ptr %x, ptr %al)
  ret void
}

declare ptr @__kmpc_alloc(i32, i64, ptr)
declare void @__kmpc_free(i32, ptr, ptr)
