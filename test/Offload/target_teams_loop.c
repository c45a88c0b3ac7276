// target teams loop.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 2000

int main(void) {
  static int a[N];
  static int count[N];
  int on_dev = 0;
#pragma omp target teams loop map(from : a, on_dev) map(tofrom : count)
  for (int i = 0; i < N; ++i) {
    a[i] = N - i;
    count[i] += 1;
    if (i == 0)
      on_dev = !omp_is_initial_device();
  }
  int ok = 1;
  for (int i = 0; i < N; ++i)
    ok &= a[i] == N - i && count[i] == 1;
  // CHECK: ok 1 on-device 1
  printf("ok %d on-device %d\n", ok, on_dev);
  return 0;
}
