// declare target enter(...) (OpenMP 5.2 spelling of to) on a function and
// a variable.
// RUN: %clang -fopenmp -fopenmp-version=52 -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int base = 40;
#pragma omp declare target enter(base)
int addBase(int x) { return x + base; }
#pragma omp declare target enter(addBase)

int main(void) {
  int r = 0;
#pragma omp target map(from : r)
  r = addBase(2);
  // CHECK: r 42
  printf("r %d\n", r);
  return 0;
}
