// Device memory is separate: a region that writes data mapped only `to`
// leaves the host copy unchanged.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[4] = {1, 2, 3, 4};
  int seen = 0, on_dev = 0;
#pragma omp target map(to : a) map(from : seen, on_dev)
  {
    for (int i = 0; i < 4; ++i)
      a[i] = -1;
    seen = a[0] + a[3];
    on_dev = !omp_is_initial_device();
  }
  // CHECK: seen -2 on-device 1
  printf("seen %d on-device %d\n", seen, on_dev);
  // CHECK: host 1 2 3 4
  printf("host %d %d %d %d\n", a[0], a[1], a[2], a[3]);
  return 0;
}
