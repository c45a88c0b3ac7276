// target teams distribute parallel for simd.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 4096

int main(void) {
  static int a[N], b[N];
  for (int i = 0; i < N; ++i)
    a[i] = i;
  int on_dev = 0;
#pragma omp target teams distribute parallel for simd map(to : a) map(from : b, on_dev)
  for (int i = 0; i < N; ++i) {
    b[i] = a[i] + 7;
    if (i == 0)
      on_dev = !omp_is_initial_device();
  }
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += b[i];
  // CHECK: b[0] 7 b[4095] 4102 sum 8415232 on-device 1
  printf("b[0] %d b[4095] %d sum %ld on-device %d\n", b[0], b[N - 1], s, on_dev);
  return 0;
}
