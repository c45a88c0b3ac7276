// The close modifier is a hint; behaviour is that of the plain map type.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[3] = {1, 2, 3};
  int b[3] = {0, 0, 0};
  int on_dev = 0;
#pragma omp target map(close, to : a) map(close, tofrom : b) map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < 3; ++i)
      b[i] = a[i] * 3;
  }
  // CHECK: b 3 6 9 on-device 1
  printf("b %d %d %d on-device %d\n", b[0], b[1], b[2], on_dev);
  return 0;
}
