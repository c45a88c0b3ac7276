// target update to/from moves data between host and device copies while
// they stay mapped.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[4] = {1, 2, 3, 4};
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
#pragma omp target data map(to : a)
  {
#pragma omp target map(tofrom : on_dev)
    {
      on_dev += !omp_is_initial_device();
      for (int i = 0; i < 4; ++i)
        a[i] *= 10;
    }
    // CHECK: host 1 4
    printf("host %d %d\n", a[0], a[3]);
#pragma omp target update from(a)
    // CHECK: updated-from 10 40
    printf("updated-from %d %d\n", a[0], a[3]);
    a[0] = 7;
    a[3] = 8;
#pragma omp target update to(a[0:1])
#pragma omp target map(tofrom : on_dev)
    {
      on_dev += !omp_is_initial_device();
      for (int i = 0; i < 4; ++i)
        a[i] += 1;
    }
#pragma omp target update from(a)
    // Only a[0] was sent: a[3] on the device was still 40.
    // CHECK: section-to 8 41 regions-on-device 2
    printf("section-to %d %d regions-on-device %d\n", a[0], a[3], on_dev);
  }
  return 0;
}
