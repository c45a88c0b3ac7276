// firstprivate on target: initialised from the host value, writes stay on
// the device; scalars are firstprivate by default.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int x = 10;
  int arr[3] = {1, 2, 3};
  int r[3];
  int on_dev = 0;
#pragma omp target firstprivate(x, arr) map(from : r, on_dev)
  {
    on_dev = !omp_is_initial_device();
    x += 1;
    arr[0] += x;
    r[0] = x;
    r[1] = arr[0];
    r[2] = arr[2];
  }
  // CHECK: device 11 12 3 on-device 1
  printf("device %d %d %d on-device %d\n", r[0], r[1], r[2], on_dev);
  // CHECK: host 10 1
  printf("host %d %d\n", x, arr[0]);
  int y = 4, ry = 0;
#pragma omp target map(from : ry, on_dev)
  {
    on_dev = !omp_is_initial_device();
    ry = y * 2;
    y = 100;
  }
  // CHECK: implicit 8 host 4 on-device 1
  printf("implicit %d host %d on-device %d\n", ry, y, on_dev);
  return 0;
}
