// A stencil written as code ported from CUDA launches it, one iteration per
// thread (`num_teams(n * n / 256) num_threads(256)`, HeCBench heat): once
// the device runtime is inlined the kernel reads nothing of its init but
// each thread's own level, so the device link erases the init's barrier
// (openmp-device-init-barriers) and no block waits before its first load.
// Then nothing reads the state the runtime keeps in shared memory either
// (each thread's level byte, cleared at the entry and restored after the
// region; thread 0's num_threads value), so those stores go too
// (openmp-device-dead-shared-stores): the kernel touches no shared memory.
// A kernel whose parallel region reads the team's state keeps its barrier;
// one that asks for its level keeps the level's stores. No CUDA toolkit
// needed.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s --check-prefix=REGION
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s --check-prefix=STATE
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s --check-prefix=LEVEL

// CHECK-LABEL: define void @__omp_offloading_{{.*}}_solve_l{{[0-9]+}}(
// CHECK-NOT: @llvm.nvvm.barrier
// CHECK: ret void
// STATE-LABEL: define void @__omp_offloading_{{.*}}_solve_l{{[0-9]+}}(
// STATE-NOT: addrspace(3)
// STATE: ret void
// STATE-NEXT: }
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

// REGION-LABEL: define void @__omp_offloading_{{.*}}_region_sizes_l{{[0-9]+}}(
// REGION: call void @llvm.nvvm.barrier.sync(i32 0)
#include <omp.h>
void region_sizes(int n, int *sizes) {
#pragma omp target teams num_teams(4) map(from : sizes[0:4])
  {
#pragma omp parallel num_threads(n)
    if (omp_get_thread_num() == 0)
      sizes[omp_get_team_num()] = omp_get_num_threads();
  }
}

// LEVEL-LABEL: define void @__omp_offloading_{{.*}}_levels_l{{[0-9]+}}(
// LEVEL: store i8 {{.*}}, ptr addrspace(3) %{{.*}}
// LEVEL: load i8, ptr addrspace(3)
// LEVEL: ret void
void levels(int n, int *level) {
#pragma omp target teams distribute parallel for map(from : level[0:n])
  for (int i = 0; i < n; ++i)
    level[i] = omp_get_level();
}
