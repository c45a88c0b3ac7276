// Pointers to pointers: map the row pointers and each row, and use them
// through the attached device pointers.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int rows = 3, cols = 4;
  int **m = malloc(rows * sizeof(int *));
  for (int i = 0; i < rows; ++i) {
    m[i] = malloc(cols * sizeof(int));
    for (int j = 0; j < cols; ++j)
      m[i][j] = 0;
  }
#pragma omp target enter data map(to : m[0:rows])
  for (int i = 0; i < rows; ++i) {
#pragma omp target enter data map(to : m[i][0:cols])
  }
  int on_dev = 0;
#pragma omp target map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j)
        m[i][j] = i * 10 + j;
  }
  for (int i = 0; i < rows; ++i) {
#pragma omp target exit data map(from : m[i][0:cols])
  }
#pragma omp target exit data map(delete : m[0:rows])
  // CHECK: 0 13 23 on-device 1
  printf("%d %d %d on-device %d\n", m[0][0], m[1][3], m[2][3], on_dev);

  // Double pointer with a section of the inner one in a single clause.
  int *row = m[1];
  int **pp = &row;
  on_dev = 0;
#pragma omp target map(tofrom : pp[0][0:cols]) map(from : on_dev)
  {
    pp[0][2] = -7;
    on_dev = !omp_is_initial_device();
  }
  // CHECK: pp -7 on-device 1
  printf("pp %d on-device %d\n", m[1][2], on_dev);
  for (int i = 0; i < rows; ++i)
    free(m[i]);
  free(m);
  return 0;
}
