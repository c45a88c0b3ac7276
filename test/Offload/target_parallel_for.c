// target parallel for: every iteration runs once, on the device.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define N 1000

int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; ++i)
    a[i] = i;
#pragma omp target parallel for map(to : a) map(from : b)
  for (int i = 0; i < N; ++i)
    b[i] = a[i] * 2 + 1;
  long s = 0;
  int ok = 1;
  for (int i = 0; i < N; ++i) {
    s += b[i];
    ok &= b[i] == 2 * i + 1;
  }
  // CHECK: ok 1 sum 1000000
  printf("ok %d sum %ld\n", ok, s);
  return 0;
}
