// A loop that updates arrays in place through pointers that may alias (an
// OpenMP port of a CUDA kernel without its __restrict__) is versioned: a
// run-time test that the ranges are disjoint picks a copy in which LICM
// keeps m[j] and v[j] in registers across the steps; the original runs
// otherwise (NVPTXToolChain.cpp, LoopVersioningLICM then LICM where the
// vectorizer starts). The step loop is at depth three (the grid-stride
// loop, Clang's loop over the thread's chunk, the step loop): above
// LoopVersioningLICM's own limit of two. No CUDA toolkit needed.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda -c %s -o %t.o
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %t.o -shared -o %t.so -save-temps -Rpass=loop-versioning-licm 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s

// REMARK: remark: Versioned loop for LICM
// REMARK-NOT: Versioned

// CHECK-LABEL: define {{.*}}void @__omp_offloading_{{.*}}_update_l{{[0-9]+}}(
// CHECK: .lver.check:
// CHECK: br i1 %conflict.rdx{{[0-9]*}}, label %{{[^ ]*}}.lver.orig{{[^ ]*}}, label %[[FAST:[^ ]*]]
// The copy for disjoint ranges loads g[j] once and p[j], m[j] and v[j]
// before its loop (promoted to registers).
// CHECK: {{^}}[[FAST]]:
// CHECK: %.promoted = load float
// CHECK-NEXT: %.promoted{{[0-9]+}} = load float
// CHECK-NEXT: %.promoted{{[0-9]+}} = load float

void update(float *p, float *m, float *v, const float *g, long n, int steps) {
#pragma omp target teams distribute parallel for map(tofrom : p[0:n], m[0:n], v[0:n]) map(to : g[0:n])
  for (long j = 0; j < n; j++)
    for (int t = 1; t <= steps; t++) {
      m[j] = 0.9f * m[j] + 0.1f * g[j];
      v[j] = 0.99f * v[j] + 0.01f * g[j] * g[j];
      p[j] -= 0.01f * m[j] / (v[j] + 1e-8f);
    }
}

// Accumulating into a local needs no copy.
void sums(const float *a, float *s, long n, int k) {
#pragma omp target teams distribute parallel for map(to : a[0:n * k]) map(from : s[0:n])
  for (long j = 0; j < n; j++) {
    float acc = 0;
    for (int i = 0; i < k; i++)
      acc += a[j * k + i];
    s[j] = acc;
  }
}
