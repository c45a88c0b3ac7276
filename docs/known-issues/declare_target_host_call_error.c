// Calling a device_type(host) function from a target region is rejected at
// compile time (OpenMP 5.x makes such a program non-conforming; upstream
// Clang diagnoses it: "function with 'device_type(host)' is not available on
// device"). clang-offload silently compiles the host function for the device.
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t 2>&1 | FileCheck %s
#include <stdio.h>

int hostOnly(int x) { return x - 1; }
#pragma omp declare target to(hostOnly) device_type(host)

int main(void) {
  int r = 0;
#pragma omp target map(from : r)
  r = hostOnly(1);
  // CHECK: error: {{.*(hostOnly|device_type)}}
  printf("r %d\n", r);
  return 0;
}
