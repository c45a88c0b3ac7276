; openmp-device-check-externs alone: a call of a function that neither the
; program nor CUDA defines is an error naming it and its caller; CUDA's own
; functions are fine.
; RUN: not opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-check-externs -disable-output %s 2>&1 | FileCheck %s
; RUN: sed '/@missing/d' %s | opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-check-externs -disable-output

; CHECK: error: device code calls 'missing' (in function 'region'), which is not available on nvptx64-nvidia-cuda

define void @region() {
  %p = call ptr @malloc(i64 8)
  call void @missing()
  ret void
}

declare ptr @malloc(i64)
declare void @missing()
