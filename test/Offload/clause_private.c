// private on target: a fresh variable, host value unchanged.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int t = 77;
  int tmp[4] = {9, 9, 9, 9};
  int r = 0, on_dev = 0;
#pragma omp target private(t, tmp) map(from : r, on_dev)
  {
    on_dev = !omp_is_initial_device();
    t = 3;
    for (int i = 0; i < 4; ++i)
      tmp[i] = t + i;
    r = tmp[0] + tmp[3];
  }
  // CHECK: r 9 host 77 9 on-device 1
  printf("r %d host %d %d on-device %d\n", r, t, tmp[0], on_dev);
  return 0;
}
