// A collapsed nest of `int` loops is one grid-stride loop without a test of
// each iteration against the nest's count, as a nest of `long` loops is.
// Clang computes the count sext(n) * sext(m) in the distribute function and
// again in the parallel function, after its `0 < n` test, where InstCombine
// makes the extensions zero extensions; after inlining the parallel
// function's clamp of its bound no longer folded against the distribute's,
// and each unrolled iteration kept its own bound test and branch
// (openmp-device-nonnegative-extends, docs/Design.md). No CUDA toolkit
// needed.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s --check-prefix=SCALE
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s --check-prefix=STENCIL

// The unrolled chunks load one after the other, with no branch between.
// SCALE-LABEL: define void @__omp_offloading_{{.*}}_scale_l{{[0-9]+}}(
// SCALE:       {{^}}chunk.header.i{{[0-9]+}}:
// SCALE-NOT:   br i1
// SCALE:       load double
// SCALE-NOT:   br i1
// SCALE:       load double
// SCALE-NOT:   br i1
// SCALE:       load double
// SCALE:       ret void
void scale(double *out, const double *in, int n, int m) {
#pragma omp target teams distribute parallel for collapse(2) \
    map(to : in[0:n * m]) map(from : out[0:n * m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      out[i * m + j] = 2.0 * in[i * m + j];
}

// A stencil's nest from 1 to n - 1 (the count's factor is n - 2): each
// chunk goes straight to the division that recovers its indices.
// STENCIL-LABEL: define void @__omp_offloading_{{.*}}_stencil_l{{[0-9]+}}(
// STENCIL:       {{^}}chunk.header.i{{[0-9]+}}:
// STENCIL-NOT:   br i1
// STENCIL:       sdiv i64
// STENCIL:       ret void
void stencil(double *v, const double *u, int n) {
#pragma omp target teams distribute parallel for collapse(3) \
    map(to : u[0:n * n * n]) map(from : v[0:n * n * n])
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++) {
        const long c = ((long)i * n + j) * n + k;
        v[c] = u[c - 1] + u[c + 1] + u[c - n] + u[c + n];
      }
}
