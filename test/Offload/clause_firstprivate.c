// firstprivate on target: initialised from the host value, writes stay on
// the device; scalars are firstprivate by default.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int x = 10;
  int arr[3] = {1, 2, 3};
  int r[3];
#pragma omp target firstprivate(x, arr) map(from : r)
  {
    x += 1;
    arr[0] += x;
    r[0] = x;
    r[1] = arr[0];
    r[2] = arr[2];
  }
  // CHECK: device 11 12 3
  printf("device %d %d %d\n", r[0], r[1], r[2]);
  // CHECK: host 10 1
  printf("host %d %d\n", x, arr[0]);
  int y = 4, ry = 0;
#pragma omp target map(from : ry)
  {
    ry = y * 2;
    y = 100;
  }
  // CHECK: implicit 8 host 4
  printf("implicit %d host %d\n", ry, y);
  return 0;
}
