// device(device_num : n) (OpenMP 5.0 modifier) is the same as device(n).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a = -1, b = -1;
#pragma omp target device(device_num : 0) map(from : a)
  a = omp_is_initial_device();
  int h = omp_get_initial_device();
#pragma omp target device(device_num : h) map(from : b)
  b = omp_is_initial_device();
  // CHECK: dev0 0 host 1
  printf("dev0 %d host %d\n", a, b);
  // x[2] counts the regions that ran on the offload device.
  int x[3] = {0, 0, 0};
#pragma omp target data device(0) map(tofrom : x)
  {
#pragma omp target device(0)
    {
      x[0] = 1;
      x[2] += !omp_is_initial_device();
    }
  }
#pragma omp target enter data device(0) map(to : x)
#pragma omp target device(0)
  {
    x[1] = 2;
    x[2] += !omp_is_initial_device();
  }
#pragma omp target update device(0) from(x)
#pragma omp target exit data device(0) map(delete : x)
  // CHECK: x 1 2 on-device 2
  printf("x %d %d on-device %d\n", x[0], x[1], x[2]);
  return 0;
}
