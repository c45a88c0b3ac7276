// linear on a combined target construct: the variable is implicitly mapped
// tofrom (OpenMP 5.0 treats reduction, lastprivate and linear list items of
// combined target constructs as map(tofrom)) and ends with the value of the
// sequentially last iteration.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int j = 0;
#pragma omp target parallel for linear(j : 2)
  for (int i = 0; i < 10; ++i)
    j += 2;
  // CHECK: linear 20
  printf("linear %d\n", j);
  int k = 5;
#pragma omp target parallel for simd linear(k)
  for (int i = 0; i < 4; ++i)
    k++;
  // CHECK: linear-simd 9
  printf("linear-simd %d\n", k);
  return 0;
}
