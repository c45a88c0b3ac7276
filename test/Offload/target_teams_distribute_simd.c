// target teams distribute simd.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 500

int main(void) {
  double a[N];
  int on_dev = 0;
#pragma omp target teams distribute simd map(from : a, on_dev)
  for (int i = 0; i < N; ++i) {
    a[i] = 0.5 * i;
    if (i == 0)
      on_dev = !omp_is_initial_device();
  }
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i];
  // CHECK: sum 62375.0 on-device 1
  printf("sum %.1f on-device %d\n", s, on_dev);
  return 0;
}
