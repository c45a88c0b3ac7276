// target teams distribute: iterations are spread over the teams, each runs
// exactly once.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 100

int main(void) {
  int count[N] = {0};
  int on_dev = 0;
#pragma omp target teams distribute num_teams(4) map(tofrom : count) map(from : on_dev)
  for (int i = 0; i < N; ++i) {
    count[i] += 1;
    if (i == 0)
      on_dev = !omp_is_initial_device();
  }
  int ok = 1;
  for (int i = 0; i < N; ++i)
    ok &= count[i] == 1;
  // CHECK: once 1 on-device 1
  printf("once %d on-device %d\n", ok, on_dev);
  return 0;
}
