// A stencil written as code ported from CUDA launches it, one iteration per
// thread (`num_teams(n * n / 256) num_threads(256)`, HeCBench heat): once
// the device runtime is inlined nothing in the kernel reads the state the
// runtime keeps in shared memory (each thread's level byte, cleared at the
// entry and restored after the region; thread 0's num_threads value), so
// the device link erases those stores (openmp-device-dead-shared-stores)
// and the kernel touches no shared memory at all. A region that asks for
// its level keeps the level's stores. No CUDA toolkit needed.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s --check-prefix=LEVEL

// CHECK-LABEL: define void @__omp_offloading_{{.*}}_solve_l{{[0-9]+}}(
// CHECK-NOT: addrspace(3)
// CHECK: ret void
// CHECK-NEXT: }
void solve(int n, const double *u, double *v) {
#pragma omp target teams distribute parallel for collapse(2)                 \
    num_teams(n * n / 256) num_threads(256) map(to : u[0:n * n])             \
    map(from : v[0:n * n])
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      v[i + j * n] = 0.5 * u[i + j * n] +
                     0.125 * ((i > 0 ? u[i - 1 + j * n] : 0.0) +
                              (i < n - 1 ? u[i + 1 + j * n] : 0.0));
}

// LEVEL-LABEL: define void @__omp_offloading_{{.*}}_levels_l{{[0-9]+}}(
// LEVEL: store i8 {{.*}}, ptr addrspace(3) %{{.*}}
// LEVEL: load i8, ptr addrspace(3)
// LEVEL: ret void
#include <omp.h>
void levels(int n, int *level) {
#pragma omp target teams distribute parallel for map(from : level[0:n])
  for (int i = 0; i < n; ++i)
    level[i] = omp_get_level();
}
