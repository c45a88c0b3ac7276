// Target regions launched from explicit host tasks and a taskloop.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define NB 8

int main(void) {
  int res[NB] = {0};
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int b = 0; b < NB / 2; ++b) {
#pragma omp task firstprivate(b) shared(res)
      {
        int v = 0;
#pragma omp target map(from : v)
        v = b * 10;
        res[b] = v;
      }
    }
#pragma omp taskloop shared(res)
    for (int b = NB / 2; b < NB; ++b) {
      int v = 0;
#pragma omp target map(from : v)
      v = b * 10;
      res[b] = v;
    }
  }
  int s = 0;
  for (int b = 0; b < NB; ++b)
    s += res[b];
  // CHECK: sum 280
  printf("sum %d\n", s);
  return 0;
}
