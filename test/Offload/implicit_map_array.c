// Arrays referenced in a target region without a map clause are mapped
// tofrom; scalars are firstprivate.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[3] = {1, 2, 3};
  int k = 5;
  int on_dev[1] = {0}; // an array: implicitly mapped tofrom too
#pragma omp target
  {
    for (int i = 0; i < 3; ++i)
      a[i] *= k;
    k = 0;
    on_dev[0] = !omp_is_initial_device();
  }
  // CHECK: a 5 10 15 k 5 on-device 1
  printf("a %d %d %d k %d on-device %d\n", a[0], a[1], a[2], k, on_dev[0]);
  return 0;
}
