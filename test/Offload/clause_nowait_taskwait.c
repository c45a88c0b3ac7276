// target nowait: the region is deferred as a task; taskwait waits for it.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define N 1000

int main(void) {
  static int a[N], b[N];
#pragma omp target nowait map(from : a)
  for (int i = 0; i < N; ++i)
    a[i] = i;
#pragma omp target nowait map(from : b)
  for (int i = 0; i < N; ++i)
    b[i] = 2 * i;
#pragma omp taskwait
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i] + b[i];
  // CHECK: sum 1498500
  printf("sum %ld\n", s);
  return 0;
}
