// The error directive at execution time inside a target region: a warning
// prints its message and the region goes on.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int After = 0, OnDev = 0;
#pragma omp target map(from : After, OnDev)
  {
#pragma omp error at(execution) severity(warning) message("check the input")
    After = 1;
    OnDev = !omp_is_initial_device();
  }
  // CHECK: check the input
  // CHECK: after 1 on-device 1
  printf("after %d on-device %d\n", After, OnDev);
  return 0;
}
