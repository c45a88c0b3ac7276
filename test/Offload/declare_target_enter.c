// declare target enter(...) (OpenMP 5.2 spelling of to) on a function and
// a variable.
// RUN: %clang -fopenmp -fopenmp-version=52 -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int base = 40;
#pragma omp declare target enter(base)
int addBase(int x) { return x + base; }
#pragma omp declare target enter(addBase)

int main(void) {
  int r = 0, on_dev = 0;
#pragma omp target map(from : r, on_dev)
  {
    r = addBase(2);
    on_dev = !omp_is_initial_device();
  }
  // CHECK: r 42 on-device 1
  printf("r %d on-device %d\n", r, on_dev);
  return 0;
}
