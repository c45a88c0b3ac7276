// target simd.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 256

int main(void) {
  int a[N];
  int on_dev = 0;
#pragma omp target simd map(from : a, on_dev)
  for (int i = 0; i < N; ++i) {
    a[i] = i * i;
    if (i == 0)
      on_dev = !omp_is_initial_device();
  }
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i];
  // CHECK: a[255] 65025 sum 5559680 on-device 1
  printf("a[255] %d sum %ld on-device %d\n", a[N - 1], s, on_dev);
  return 0;
}
