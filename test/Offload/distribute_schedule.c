// dist_schedule and schedule clauses on target teams distribute parallel
// for: every iteration exactly once, whatever the chunking.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define N 999

int main(void) {
  static int c[N];
#pragma omp target teams distribute parallel for dist_schedule(static, 10) schedule(static, 3) map(tofrom : c)
  for (int i = 0; i < N; ++i)
    c[i] += 1;
#pragma omp target teams distribute parallel for schedule(dynamic, 7) map(tofrom : c)
  for (int i = 0; i < N; ++i)
    c[i] += 1;
#pragma omp target parallel for schedule(guided) map(tofrom : c)
  for (int i = N - 1; i >= 0; i -= 2)
    c[i] += 10;
  int ok = 1;
  for (int i = 0; i < N; ++i)
    ok &= c[i] == (i % 2 == 0 ? 12 : 2);
  // CHECK: ok 1
  printf("ok %d\n", ok);
  return 0;
}
