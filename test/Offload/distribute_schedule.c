// dist_schedule and schedule clauses on target teams distribute parallel
// for: every iteration exactly once, whatever the chunking.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 999

int main(void) {
  static int c[N];
  // The first iteration of each region adds 1 when it runs on the device.
  int on_dev = 0;
#pragma omp target teams distribute parallel for dist_schedule(static, 10) schedule(static, 3) map(tofrom : c, on_dev)
  for (int i = 0; i < N; ++i) {
    c[i] += 1;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
#pragma omp target teams distribute parallel for schedule(dynamic, 7) map(tofrom : c, on_dev)
  for (int i = 0; i < N; ++i) {
    c[i] += 1;
    if (i == 0)
      on_dev += !omp_is_initial_device();
  }
#pragma omp target parallel for schedule(guided) map(tofrom : c, on_dev)
  for (int i = N - 1; i >= 0; i -= 2) {
    c[i] += 10;
    if (i == N - 1)
      on_dev += !omp_is_initial_device();
  }
  int ok = 1;
  for (int i = 0; i < N; ++i)
    ok &= c[i] == (i % 2 == 0 ? 12 : 2);
  // CHECK: ok 1 regions-on-device 3
  printf("ok %d regions-on-device %d\n", ok, on_dev);
  return 0;
}
