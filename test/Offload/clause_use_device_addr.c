// use_device_addr: references to the variable in the region refer to the
// device copy.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int dev = omp_get_default_device();
  int a[4] = {1, 2, 3, 4};
  int *ha = a;
  void *dp = 0;
  int on_dev = 0;
#pragma omp target data map(tofrom : a) use_device_addr(a)
  {
    dp = a;
#pragma omp target is_device_ptr(dp) map(from : on_dev)
    {
      ((int *)dp)[2] = 30;
      on_dev = !omp_is_initial_device();
    }
  }
  // CHECK: device-addr 1 on-device 1
  printf("device-addr %d on-device %d\n", dp != (void *)ha, on_dev);
  // CHECK: a 1 2 30 4
  printf("a %d %d %d %d\n", a[0], a[1], a[2], a[3]);
  int x = 5;
  int *dx = 0;
#pragma omp target data map(to : x) use_device_addr(x)
  {
    dx = &x;
  }
  // CHECK: scalar-device-addr 1
  printf("scalar-device-addr %d\n", dx != 0 && dx != &x);
  return 0;
}
