// target teams loop.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define N 2000

int main(void) {
  static int a[N];
  static int count[N];
#pragma omp target teams loop map(from : a) map(tofrom : count)
  for (int i = 0; i < N; ++i) {
    a[i] = N - i;
    count[i] += 1;
  }
  int ok = 1;
  for (int i = 0; i < N; ++i)
    ok &= a[i] == N - i && count[i] == 1;
  // CHECK: ok 1
  printf("ok %d\n", ok);
  return 0;
}
