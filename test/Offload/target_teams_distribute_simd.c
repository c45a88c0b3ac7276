// target teams distribute simd.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define N 500

int main(void) {
  double a[N];
#pragma omp target teams distribute simd map(from : a)
  for (int i = 0; i < N; ++i)
    a[i] = 0.5 * i;
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i];
  // CHECK: sum 62375.0
  printf("sum %.1f\n", s);
  return 0;
}
