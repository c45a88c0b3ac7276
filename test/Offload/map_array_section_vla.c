// Variable-length arrays and pointer-to-row sections.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

// Returns 1 when the region ran on the offload device.
static int fill(int n, int m, double a[n][m]) {
  int on_dev = 0;
#pragma omp target map(tofrom : a[0:n][0:m]) map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j)
        a[i][j] = i * m + j;
  }
  return on_dev;
}

int main(void) {
  int n = 3, m = 4;
  double (*a)[4] = malloc(sizeof(double[3][4]));
  // Each region adds 1 when it runs on the offload device.
  int on_dev = fill(n, m, a);
  // CHECK: 0 5 11
  printf("%.0f %.0f %.0f\n", a[0][0], a[1][1], a[2][3]);
  int vla[n][m];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      vla[i][j] = 0;
#pragma omp target map(tofrom : vla, on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j)
        vla[i][j] = i + j;
  }
  // CHECK: vla 0 5 2
  printf("vla %d %d %d\n", vla[0][0], vla[2][3], vla[1][1]);
  // Section of rows of a VLA with non-zero lower bound.
#pragma omp target map(tofrom : vla[2:1][0:m], on_dev)
  {
    vla[2][0] = 77;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: vla-row 77 regions-on-device 3
  printf("vla-row %d regions-on-device %d\n", vla[2][0], on_dev);
  free(a);
  return 0;
}
