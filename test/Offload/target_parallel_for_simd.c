// target parallel for simd.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define N 1024

int main(void) {
  float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
#pragma omp target parallel for simd map(to : x) map(tofrom : y)
  for (int i = 0; i < N; ++i)
    y[i] = 2.0f * x[i] + y[i];
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += y[i];
  // CHECK: sum 1048576
  printf("sum %.0f\n", s);
  return 0;
}
