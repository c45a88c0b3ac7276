// A static local variable of a declare target function keeps its value on
// the device across target regions.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

#pragma omp declare target
int next_id(void) {
  static int Counter = 0;
  return ++Counter;
}
#pragma omp end declare target

int main(void) {
  int A = 0, B = 0, C = 0;
#pragma omp target map(from : A, B)
  {
    A = next_id();
    B = next_id();
  }
#pragma omp target map(from : C)
  C = next_id();
  // CHECK: 1 2 3
  printf("%d %d %d\n", A, B, C);
  return 0;
}
