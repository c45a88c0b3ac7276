// target parallel for: every iteration runs once, on the device.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 1000

int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; ++i)
    a[i] = i;
  int on_dev = 0;
#pragma omp target parallel for map(to : a) map(from : b, on_dev)
  for (int i = 0; i < N; ++i) {
    b[i] = a[i] * 2 + 1;
    if (i == 0)
      on_dev = !omp_is_initial_device();
  }
  long s = 0;
  int ok = 1;
  for (int i = 0; i < N; ++i) {
    s += b[i];
    ok &= b[i] == 2 * i + 1;
  }
  // CHECK: ok 1 sum 1000000 on-device 1
  printf("ok %d sum %ld on-device %d\n", ok, s, on_dev);
  return 0;
}
