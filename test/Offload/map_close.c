// The close modifier is a hint; behaviour is that of the plain map type.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int a[3] = {1, 2, 3};
  int b[3] = {0, 0, 0};
#pragma omp target map(close, to : a) map(close, tofrom : b)
  for (int i = 0; i < 3; ++i)
    b[i] = a[i] * 3;
  // CHECK: b 3 6 9
  printf("b %d %d %d\n", b[0], b[1], b[2]);
  return 0;
}
