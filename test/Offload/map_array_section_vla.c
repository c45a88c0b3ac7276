// Variable-length arrays and pointer-to-row sections.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

static void fill(int n, int m, double a[n][m]) {
#pragma omp target map(tofrom : a[0:n][0:m])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      a[i][j] = i * m + j;
}

int main(void) {
  int n = 3, m = 4;
  double (*a)[4] = malloc(sizeof(double[3][4]));
  fill(n, m, a);
  // CHECK: 0 5 11
  printf("%.0f %.0f %.0f\n", a[0][0], a[1][1], a[2][3]);
  int vla[n][m];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      vla[i][j] = 0;
#pragma omp target map(tofrom : vla)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      vla[i][j] = i + j;
  // CHECK: vla 0 5 2
  printf("vla %d %d %d\n", vla[0][0], vla[2][3], vla[1][1]);
  // Section of rows of a VLA with non-zero lower bound.
#pragma omp target map(tofrom : vla[2:1][0:m])
  vla[2][0] = 77;
  // CHECK: vla-row 77
  printf("vla-row %d\n", vla[2][0]);
  free(a);
  return 0;
}
