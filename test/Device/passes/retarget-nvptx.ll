; openmp-device-retarget-nvptx alone: host IR becomes nvptx64 IR (triple,
; data layout, no host CPU attributes, ordered atomics and fences as
; membar.gl); a host-only feature is an error naming the function.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-retarget-nvptx -S %s | FileCheck %s
; RUN: sed 's/;LONGDOUBLE//' %s | not opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-retarget-nvptx -disable-output 2>&1 | FileCheck --check-prefix=ERR %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
; CHECK: target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @region(
; CHECK: call void @llvm.nvvm.membar.gl()
; CHECK-NEXT: store atomic i32 1, ptr %p monotonic
; CHECK-NOT: fence
; CHECK: ret void
define void @region(ptr %p) #0 {
  store atomic i32 1, ptr %p seq_cst, align 4
  fence seq_cst
  ret void
}

;LONGDOUBLE define void @wide(ptr %p) {
;LONGDOUBLE   %x = load x86_fp80, ptr %p
;LONGDOUBLE   ret void
;LONGDOUBLE }
; ERR: error: long double cannot run on an NVIDIA GPU; used in function 'wide', which a target region reaches

; CHECK-NOT: target-cpu
attributes #0 = { "target-cpu"="x86-64" "target-features"="+sse2" }
