// The always modifier forces copies even when the data is already present.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[2] = {1, 2};
  int r[2];
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
#pragma omp target data map(tofrom : a)
  {
    a[0] = 10; // host only: a is present, plain `to` will not copy.
#pragma omp target map(to : a) map(from : r) map(tofrom : on_dev)
    {
      r[0] = a[0];
      on_dev += !omp_is_initial_device();
    }
    // CHECK: plain-to 1
    printf("plain-to %d\n", r[0]);
#pragma omp target map(always, to : a) map(from : r) map(tofrom : on_dev)
    {
      r[0] = a[0];
      on_dev += !omp_is_initial_device();
    }
    // CHECK: always-to 10
    printf("always-to %d\n", r[0]);
#pragma omp target map(tofrom : a, on_dev)
    {
      a[1] = 20;
      on_dev += !omp_is_initial_device();
    }
    // Still present (outer count): no copy back yet.
    // CHECK: plain-from 2
    printf("plain-from %d\n", a[1]);
#pragma omp target map(always, from : a) map(tofrom : on_dev)
    {
      a[1] = 30;
      on_dev += !omp_is_initial_device();
    }
    // CHECK: always-from 30 regions-on-device 4
    printf("always-from %d regions-on-device %d\n", a[1], on_dev);
    a[0] = 55;
    a[1] = 66;
  }
  // End of target data copies back the device values (10, 30).
  // CHECK: end 10 30
  printf("end %d %d\n", a[0], a[1]);
  return 0;
}
