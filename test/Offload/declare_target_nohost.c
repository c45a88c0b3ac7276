// A device_type(nohost) function exists only on the device and can be
// called from a target region (that is what nohost is for); the program
// must link even though no host version exists.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int devOnly(int x) { return x + 1000; }
#pragma omp declare target to(devOnly) device_type(nohost)

int main(void) {
  int r = 0;
#pragma omp target map(from : r)
  r = devOnly(2);
  // CHECK: r 1002
  printf("r %d\n", r);
  return 0;
}
