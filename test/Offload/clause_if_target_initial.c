// if(false) on target: omp_is_initial_device() is 1 in the region.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int r0 = -1, r1 = -1;
#pragma omp target if(argc > 5) map(from : r0)
  r0 = omp_is_initial_device();
#pragma omp target if(target : argc < 5) map(from : r1)
  r1 = omp_is_initial_device();
  // CHECK: if-false 1 if-true 0
  printf("if-false %d if-true %d\n", r0, r1);
  return 0;
}
