// Multi-dimensional arrays and sections: rows with a non-zero lower bound.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int m[4][5];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      m[i][j] = 10 * i + j;
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
  // Rows 1 and 2, all columns (contiguous).
#pragma omp target map(tofrom : m[1:2][0:5], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 1; i < 3; ++i)
      for (int j = 0; j < 5; ++j)
        m[i][j] += 1000;
  }
  // CHECK: 0 1014 1020 30
  printf("%d %d %d %d\n", m[0][0], m[1][4], m[2][0], m[3][0]);
  // Whole 2-D array.
#pragma omp target map(tofrom : m, on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < 4; ++i)
      m[i][i] = -1;
  }
  // CHECK: diag -1 -1 -1 -1 off 1010
  printf("diag %d %d %d %d off %d\n", m[0][0], m[1][1], m[2][2], m[3][3], m[1][0]);

  double cube[2][3][4];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        cube[i][j][k] = 0;
#pragma omp target map(tofrom : cube[1:1][0:3][0:4], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        cube[1][j][k] = j * 4 + k;
  }
  // CHECK: cube 0 11 0 regions-on-device 3
  printf("cube %.0f %.0f %.0f regions-on-device %d\n", cube[1][0][0], cube[1][2][3],
         cube[0][2][3], on_dev);
  return 0;
}
