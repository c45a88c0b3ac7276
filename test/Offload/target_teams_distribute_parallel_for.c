// target teams distribute parallel for: every iteration exactly once.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 10000

int main(void) {
  static int count[N];
  static long v[N];
  int on_dev = 0;
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(8) map(tofrom : count) map(from : v, on_dev)
  for (int i = 0; i < N; ++i) {
    count[i] += 1;
    v[i] = (long)i * 3;
    if (i == 0)
      on_dev = !omp_is_initial_device();
  }
  int ok = 1;
  long s = 0;
  for (int i = 0; i < N; ++i) {
    ok &= count[i] == 1;
    s += v[i];
  }
  // CHECK: once 1 sum 149985000 on-device 1
  printf("once %d sum %ld on-device %d\n", ok, s, on_dev);
  return 0;
}
