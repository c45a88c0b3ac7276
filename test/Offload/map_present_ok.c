// The present modifier succeeds when the data is already mapped.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int a[4] = {1, 2, 3, 4};
#pragma omp target enter data map(to : a)
#pragma omp target map(present, tofrom : a)
  for (int i = 0; i < 4; ++i)
    a[i] *= 10;
#pragma omp target exit data map(present, from : a)
  // CHECK: a 10 20 30 40
  printf("a %d %d %d %d\n", a[0], a[1], a[2], a[3]);
  return 0;
}
