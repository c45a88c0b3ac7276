// target simd.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define N 256

int main(void) {
  int a[N];
#pragma omp target simd map(from : a)
  for (int i = 0; i < N; ++i)
    a[i] = i * i;
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i];
  // CHECK: a[255] 65025 sum 5559680
  printf("a[255] %d sum %ld\n", a[N - 1], s);
  return 0;
}
