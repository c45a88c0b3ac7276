// target exit data map(from:) copies back only when the reference count
// drops to zero; with always it copies every time.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[2] = {1, 1};
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
#pragma omp target enter data map(to : a)
#pragma omp target enter data map(to : a)
#pragma omp target map(tofrom : a, on_dev)
  {
    a[0] = 2;
    on_dev += !omp_is_initial_device();
  }
#pragma omp target exit data map(from : a)
  // CHECK: count1 1
  printf("count1 %d\n", a[0]);
#pragma omp target enter data map(to : a) // count 2 again
#pragma omp target map(tofrom : a, on_dev)
  {
    a[1] = 3;
    on_dev += !omp_is_initial_device();
  }
#pragma omp target exit data map(always, from : a)
  // CHECK: always 2 3
  printf("always %d %d\n", a[0], a[1]);
  a[0] = 50;
#pragma omp target enter data map(always, to : a) // count 2, forced copy
  int r = 0;
#pragma omp target map(from : r) map(tofrom : on_dev)
  {
    r = a[0];
    on_dev += !omp_is_initial_device();
  }
  // CHECK: always-to 50 regions-on-device 3
  printf("always-to %d regions-on-device %d\n", r, on_dev);
#pragma omp target exit data map(release : a)
#pragma omp target exit data map(from : a)
  // CHECK: last 50 3
  printf("last %d %d\n", a[0], a[1]);
  return 0;
}
