// A `distribute parallel for` over an unsigned int is one grid-stride loop,
// as over an int. Clang tests an unsigned chunk with `iv < ub + 1`, a sum
// that may wrap, so the optimizer kept Clang's loop over the distribute
// chunk and, in every unrolled chunk of the thread level, Clang's loop over
// that chunk with its upper bound clamped (three nested loops in PTX); the
// distribute level now ends after its one chunk and each chunk's upper
// bound is its lower one (openmp-device-league-loops, docs/Design.md).
// No CUDA toolkit needed.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s

// The thread loop's chunks are unrolled, one iteration each: no clamped
// upper bound, no loop of Clang's inside.
// CHECK-LABEL: define void @__omp_offloading_{{.*}}_add_one_l{{[0-9]+}}(
// CHECK-NOT:   @llvm.umin.i32
// CHECK-NOT:   {{^}}.lr.ph{{(\.[0-9]+)?}}:
// CHECK:       load double
// CHECK-NOT:   @llvm.umin.i32
// CHECK-NOT:   {{^}}.lr.ph{{(\.[0-9]+)?}}:
// CHECK:       ret void

void add_one(double *a, unsigned n) {
#pragma omp target teams distribute parallel for map(tofrom : a[0:n])
  for (unsigned i = 0; i < n; i++)
    a[i] += 1.0;
}
