// map(alloc:) allocates without copying: host values written before the
// region are not seen on the device, device writes are not copied back.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[4] = {7, 7, 7, 7};
  int r[4] = {0, 0, 0, 0};
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
  // Fill the device copy through a first mapping.
#pragma omp target data map(alloc : a)
  {
#pragma omp target map(alloc : a) map(tofrom : on_dev)
    {
      on_dev += !omp_is_initial_device();
      for (int i = 0; i < 4; ++i)
        a[i] = 100 + i;
    }
    // The host copy was never written.
    // CHECK: host-in-data 7 7 7 7
    printf("host-in-data %d %d %d %d\n", a[0], a[1], a[2], a[3]);
#pragma omp target map(from : r) map(tofrom : on_dev)
    {
      on_dev += !omp_is_initial_device();
      for (int i = 0; i < 4; ++i)
        r[i] = a[i];
    }
    // CHECK: device 100 101 102 103 regions-on-device 2
    printf("device %d %d %d %d regions-on-device %d\n", r[0], r[1], r[2], r[3], on_dev);
  }
  // CHECK: host-after 7 7 7 7
  printf("host-after %d %d %d %d\n", a[0], a[1], a[2], a[3]);
  return 0;
}
