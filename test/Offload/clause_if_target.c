// if(false) on target: the region runs on the host, in the host data
// environment, so even a `to`-only variable is the original.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(int argc, char **argv) {
  int a[2] = {1, 1};
  int b[2] = {1, 1};
  int off = argc > 5; // 0, not a constant
  int on = argc < 5;  // 1
#pragma omp target if(off) map(to : a)
  a[0] = 9;
#pragma omp target if(on) map(to : b)
  b[0] = 9;
  // CHECK: if-false 9 if-true 1
  printf("if-false %d if-true %d\n", a[0], b[0]);
  return 0;
}
