; openmp-device-retarget-nvptx binds the calls that `cot.gpu_variants`
; lists (first function of a pair to the second) before it looks for what
; a GPU cannot run, and erases what only the replaced functions used: the
; x86 inline assembly of @x86Only, reached only from the marker that device
; extraction made for a CPU variant, is no error. A function that something
; else still calls stays.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes=openmp-device-retarget-nvptx -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@llvm.compiler.used = appending global [2 x ptr] [ptr @base, ptr @gpuVariant], section "llvm.metadata"

; CHECK-LABEL: define void @region(
; CHECK: call i32 @base(i32 1)
; CHECK: call i32 @gpuVariant(i32 2)
; CHECK: call i32 @shared(i32 3)
define void @region(ptr %p) {
  %a = call i32 @"__cot_cpu_variant.4.basex86Only"(i32 1)
  %b = call i32 @withGPUVariant(i32 2)
  %c = call i32 @shared(i32 3)
  ret void
}

; CHECK-NOT: __cot_cpu_variant
; CHECK-NOT: define {{.*}} @x86Only(
; CHECK-NOT: define {{.*}} @cycles(
; CHECK-NOT: define {{.*}} @withGPUVariant(
define internal i32 @"__cot_cpu_variant.4.basex86Only"(i32 %x) {
  %r = call i32 @x86Only(i32 %x)
  ret i32 %r
}

define hidden i32 @x86Only(i32 %x) {
  %t = call i32 @cycles()
  %s = call i32 @shared(i32 %t)
  ret i32 %s
}

define internal i32 @cycles() {
  %t = call { i32, i32 } asm sideeffect "rdtsc", "={ax},={dx}"()
  %lo = extractvalue { i32, i32 } %t, 0
  ret i32 %lo
}

; CHECK: define hidden i32 @shared(
define hidden i32 @shared(i32 %x) {
  ret i32 %x
}

; CHECK: define hidden i32 @base(
define hidden i32 @base(i32 %x) {
  ret i32 0
}

define hidden i32 @withGPUVariant(i32 %x) {
  ret i32 0
}

; CHECK: define hidden i32 @gpuVariant(
define hidden i32 @gpuVariant(i32 %x) {
  ret i32 1
}

; CHECK-NOT: cot.gpu_variants
!cot.gpu_variants = !{!0, !1}
!0 = !{ptr @"__cot_cpu_variant.4.basex86Only", ptr @base}
!1 = !{ptr @withGPUVariant, ptr @gpuVariant}
