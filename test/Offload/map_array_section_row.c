// Sections of one row of a 2-D array and of a pointer-to-array.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int m[4][5] = {{0}};
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
#pragma omp target map(tofrom : m[2][1:3], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int j = 1; j < 4; ++j)
      m[2][j] = 7;
  }
  // CHECK: row2 0 7 7 7 0 row1 0
  printf("row2 %d %d %d %d %d row1 %d\n", m[2][0], m[2][1], m[2][2], m[2][3], m[2][4], m[1][1]);
  int (*p)[5] = malloc(3 * sizeof(*p));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j)
      p[i][j] = 0;
#pragma omp target map(tofrom : p[1:2], on_dev)
  {
    on_dev += !omp_is_initial_device();
    p[1][0] = 11;
    p[2][4] = 24;
  }
  // CHECK: ptr-to-array 0 11 24 regions-on-device 2
  printf("ptr-to-array %d %d %d regions-on-device %d\n", p[0][0], p[1][0], p[2][4], on_dev);
  free(p);
  return 0;
}
