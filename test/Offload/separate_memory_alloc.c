// map(alloc:) allocates without copying: host values written before the
// region are not seen on the device, device writes are not copied back.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int a[4] = {7, 7, 7, 7};
  int r[4] = {0, 0, 0, 0};
  // Fill the device copy through a first mapping.
#pragma omp target data map(alloc : a)
  {
#pragma omp target map(alloc : a)
    for (int i = 0; i < 4; ++i)
      a[i] = 100 + i;
    // The host copy was never written.
    // CHECK: host-in-data 7 7 7 7
    printf("host-in-data %d %d %d %d\n", a[0], a[1], a[2], a[3]);
#pragma omp target map(from : r)
    for (int i = 0; i < 4; ++i)
      r[i] = a[i];
    // CHECK: device 100 101 102 103
    printf("device %d %d %d %d\n", r[0], r[1], r[2], r[3]);
  }
  // CHECK: host-after 7 7 7 7
  printf("host-after %d %d %d %d\n", a[0], a[1], a[2], a[3]);
  return 0;
}
