// target parallel for simd.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 1024

int main(void) {
  float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
  int on_dev = 0;
#pragma omp target parallel for simd map(to : x) map(tofrom : y) map(from : on_dev)
  for (int i = 0; i < N; ++i) {
    y[i] = 2.0f * x[i] + y[i];
    if (i == 0)
      on_dev = !omp_is_initial_device();
  }
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += y[i];
  // CHECK: sum 1048576 on-device 1
  printf("sum %.0f on-device %d\n", s, on_dev);
  return 0;
}
