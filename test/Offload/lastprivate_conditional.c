// lastprivate(conditional:) on a combined target construct: the value of
// the last iteration that assigned the variable comes back (OpenMP 5.0).
// Clang names its helper global with a dot, which device images must not.
// GPU-SKIP: the GPU returns a wrong value (docs/known-issues/README.md)
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int A[100], Last = -1, OnDev = 0;
  for (int I = 0; I < 100; ++I)
    A[I] = I % 7;
#pragma omp target parallel for lastprivate(conditional : Last) map(to : A) \
    map(from : OnDev)
  for (int I = 0; I < 100; ++I) {
    if (A[I] == 3)
      Last = I;
    if (I == 0)
      OnDev = !omp_is_initial_device();
  }
  // CHECK: last 94 on-device 1
  printf("last %d on-device %d\n", Last, OnDev);
  return 0;
}
