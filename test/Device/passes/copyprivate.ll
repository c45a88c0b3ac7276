; openmp-device-copyprivate alone: __kmpc_copyprivate with Clang's list of
; two variables (an int and a 24-byte struct, locals of the thread) becomes
; __cot_gpu_copyprivate with their sizes in a constant array, so that the
; single thread's values reach the others through device memory (on a GPU a
; thread's locals are its own local memory). A list whose element is not a
; variable of known size keeps the libomp call, with a remark.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes='function(openmp-device-copyprivate)' -pass-remarks-missed=openmp-device -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

; REMARK: copyprivate keeps the libomp call, which other GPU threads cannot read the single thread's variables through: a listed variable's size is not known
; REMARK-NOT: copyprivate keeps

; CHECK: @copyprivate.sizes = private constant [2 x i64] [i64 4, i64 24]

; CHECK-LABEL: define void @two_locals(
; CHECK-NOT: __kmpc_copyprivate
; CHECK: call void @__cot_gpu_copyprivate(ptr %list, i32 2, ptr @copyprivate.sizes, ptr @copy, i32 %did)
; CHECK-NEXT: ret void
define void @two_locals(i32 %did) {
  %x = alloca i32
  %s = alloca { double, double, double }
  %list = alloca [2 x ptr]
  store ptr %x, ptr %list
  %second = getelementptr inbounds [2 x ptr], ptr %list, i64 0, i64 1
  store ptr %s, ptr %second
  call void @__kmpc_copyprivate(ptr null, i32 0, i64 16, ptr %list, ptr @copy, i32 %did)
  ret void
}

; CHECK-LABEL: define void @unknown_pointee(
; CHECK: call void @__kmpc_copyprivate(
define void @unknown_pointee(ptr %p, i32 %did) {
  %list = alloca [1 x ptr]
  store ptr %p, ptr %list
  call void @__kmpc_copyprivate(ptr null, i32 0, i64 8, ptr %list, ptr @copy, i32 %did)
  ret void
}

define internal void @copy(ptr %dst, ptr %src) {
  ret void
}

declare void @__kmpc_copyprivate(ptr, i32, i64, ptr, ptr, i32)
