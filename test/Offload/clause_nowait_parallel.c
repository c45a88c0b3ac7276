// target nowait inside a parallel/single region; the implicit barrier at
// the end of the parallel region completes the deferred target tasks.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 8

int main(void) {
  int r[N], on_dev[N];
#pragma omp parallel num_threads(4)
#pragma omp single
  for (int k = 0; k < N; ++k) {
#pragma omp target nowait map(from : r[k:1], on_dev[k:1]) firstprivate(k)
    {
      r[k] = k * k;
      on_dev[k] = !omp_is_initial_device();
    }
  }
  int s = 0, regions_on_dev = 0;
  for (int k = 0; k < N; ++k) {
    s += r[k];
    regions_on_dev += on_dev[k];
  }
  // CHECK: sum 140 on-device 8
  printf("sum %d on-device %d\n", s, regions_on_dev);
  return 0;
}
