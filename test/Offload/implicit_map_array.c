// Arrays referenced in a target region without a map clause are mapped
// tofrom; scalars are firstprivate.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int a[3] = {1, 2, 3};
  int k = 5;
#pragma omp target
  {
    for (int i = 0; i < 3; ++i)
      a[i] *= k;
    k = 0;
  }
  // CHECK: a 5 10 15 k 5
  printf("a %d %d %d k %d\n", a[0], a[1], a[2], k);
  return 0;
}
