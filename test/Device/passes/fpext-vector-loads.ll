; openmp-device-fpext-vector-loads alone: a vector load whose value a vector
; fpext widens gets a freeze in between, so that LLVM 19's DAG combiner does
; not fold the two into an extending vector load (`ld.global.v2.f32` into
; f64 registers, which ptxas rejects); scalar fpexts and fpexts of other
; values stay as they are.
; RUN: opt -load-pass-plugin=%libdir/OpenMPDevicePasses.so -passes='function(openmp-device-fpext-vector-loads)' -S %s | FileCheck %s

; CHECK-LABEL: define <16 x double> @vector_load(
; CHECK-NEXT: %wide = load <16 x float>, ptr %p, align 16
; CHECK-NEXT: %loaded = freeze <16 x float> %wide
; CHECK-NEXT: %ext = fpext <16 x float> %loaded to <16 x double>
define <16 x double> @vector_load(ptr %p) {
  %wide = load <16 x float>, ptr %p, align 16
  %ext = fpext <16 x float> %wide to <16 x double>
  ret <16 x double> %ext
}

; CHECK-LABEL: define double @scalar_load(
; CHECK-NOT: freeze
; CHECK: ret double
define double @scalar_load(ptr %p) {
  %x = load float, ptr %p
  %ext = fpext float %x to double
  ret double %ext
}

; CHECK-LABEL: define <2 x double> @not_a_load(
; CHECK-NOT: freeze
; CHECK: ret <2 x double>
define <2 x double> @not_a_load(<2 x float> %v) {
  %ext = fpext <2 x float> %v to <2 x double>
  ret <2 x double> %ext
}
