// target nowait inside a parallel/single region; the implicit barrier at
// the end of the parallel region completes the deferred target tasks.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define N 8

int main(void) {
  int r[N];
#pragma omp parallel num_threads(4)
#pragma omp single
  for (int k = 0; k < N; ++k) {
#pragma omp target nowait map(from : r[k:1]) firstprivate(k)
    r[k] = k * k;
  }
  int s = 0;
  for (int k = 0; k < N; ++k)
    s += r[k];
  // CHECK: sum 140
  printf("sum %d\n", s);
  return 0;
}
