// The present modifier succeeds when the data is already mapped.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[4] = {1, 2, 3, 4};
  int on_dev = 0;
#pragma omp target enter data map(to : a)
#pragma omp target map(present, tofrom : a) map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < 4; ++i)
      a[i] *= 10;
  }
#pragma omp target exit data map(present, from : a)
  // CHECK: a 10 20 30 40 on-device 1
  printf("a %d %d %d %d on-device %d\n", a[0], a[1], a[2], a[3], on_dev);
  return 0;
}
