// The error directive at execution time inside a target region: a warning
// prints its message and the region goes on.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t 2>&1 | FileCheck %s
#include <stdio.h>

int main(void) {
  int After = 0;
#pragma omp target map(from : After)
  {
#pragma omp error at(execution) severity(warning) message("check the input")
    After = 1;
  }
  // CHECK: check the input
  // CHECK: after 1
  printf("after %d\n", After);
  return 0;
}
