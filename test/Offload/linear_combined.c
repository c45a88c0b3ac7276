// linear on a combined target construct: the variable is implicitly mapped
// tofrom (OpenMP 5.0 treats reduction, lastprivate and linear list items of
// combined target constructs as map(tofrom)) and ends with the value of the
// sequentially last iteration.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int j = 0, on_dev = 0;
#pragma omp target parallel for linear(j : 2) map(from : on_dev)
  for (int i = 0; i < 10; ++i) {
    j += 2;
    if (i == 0)
      on_dev = !omp_is_initial_device();
  }
  // CHECK: linear 20 on-device 1
  printf("linear %d on-device %d\n", j, on_dev);
  int k = 5;
  on_dev = 0;
#pragma omp target parallel for simd linear(k) map(from : on_dev)
  for (int i = 0; i < 4; ++i) {
    k++;
    if (i == 0)
      on_dev = !omp_is_initial_device();
  }
  // CHECK: linear-simd 9 on-device 1
  printf("linear-simd %d on-device %d\n", k, on_dev);
  return 0;
}
