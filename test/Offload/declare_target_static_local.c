// A static local variable of a declare target function keeps its value on
// the device across target regions.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
int next_id(void) {
  static int Counter = 0;
  return ++Counter;
}
#pragma omp end declare target

int main(void) {
  int A = 0, B = 0, C = 0;
  int OnDev[2] = {0, 0};
#pragma omp target map(from : A, B, OnDev[0:1])
  {
    OnDev[0] = !omp_is_initial_device();
    A = next_id();
    B = next_id();
  }
#pragma omp target map(from : C, OnDev[1:1])
  {
    OnDev[1] = !omp_is_initial_device();
    C = next_id();
  }
  // CHECK: 1 2 3 on-device 1 1
  printf("%d %d %d on-device %d %d\n", A, B, C, OnDev[0], OnDev[1]);
  return 0;
}
