// map(from:) does not copy the host value to the device, and a region
// without a from/tofrom map leaves host data unchanged.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int x[2] = {5, 6};
  int y[2] = {1, 1};
  int on_dev = 0;
  // x is allocated fresh on the device with from: its host value 5 is not
  // copied in, so the device copy is only read after being written.
#pragma omp target data map(alloc : y)
  {
#pragma omp target map(from : x, on_dev) map(alloc : y)
    {
      x[0] = 40;
      x[1] = 41;
      y[0] = 99;
      on_dev = !omp_is_initial_device();
    }
  }
  // CHECK: x 40 41 on-device 1
  printf("x %d %d on-device %d\n", x[0], x[1], on_dev);
  // CHECK: y 1 1
  printf("y %d %d\n", y[0], y[1]);
  return 0;
}
