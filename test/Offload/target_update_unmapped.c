// target update of data that is not mapped is a no-op (no error, no copy).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int a[2] = {1, 2};
#pragma omp target update from(a)
#pragma omp target update to(a)
  // CHECK: a 1 2
  printf("a %d %d\n", a[0], a[1]);
  return 0;
}
