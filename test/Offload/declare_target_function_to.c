// declare target to(function) after the definition, and a function called
// both on the host and on the device.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int where(void) { return omp_is_initial_device() ? 100 : 200; }
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
#pragma omp declare target to(where, fib)

int main(void) {
  int d = 0, f = 0;
#pragma omp target map(from : d, f)
  {
    d = where();
    f = fib(15);
  }
  // CHECK: device 200 fib 610 host 100
  printf("device %d fib %d host %d\n", d, f, where());
  return 0;
}
