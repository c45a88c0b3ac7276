// target teams distribute parallel for: every iteration exactly once.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define N 10000

int main(void) {
  static int count[N];
  static long v[N];
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(8) map(tofrom : count) map(from : v)
  for (int i = 0; i < N; ++i) {
    count[i] += 1;
    v[i] = (long)i * 3;
  }
  int ok = 1;
  long s = 0;
  for (int i = 0; i < N; ++i) {
    ok &= count[i] == 1;
    s += v[i];
  }
  // CHECK: once 1 sum 149985000
  printf("once %d sum %ld\n", ok, s);
  return 0;
}
