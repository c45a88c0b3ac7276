// target teams distribute: iterations are spread over the teams, each runs
// exactly once.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define N 100

int main(void) {
  int count[N] = {0};
#pragma omp target teams distribute num_teams(4) map(tofrom : count)
  for (int i = 0; i < N; ++i)
    count[i] += 1;
  int ok = 1;
  for (int i = 0; i < N; ++i)
    ok &= count[i] == 1;
  // CHECK: once 1
  printf("once %d\n", ok);
  return 0;
}
