// Functions called from a target region need no declare target: they are
// compiled for the device implicitly (OpenMP 5.0), transitively, and
// through static functions in the same file.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

static int square(int x) { return x * x; }
int sum_squares(int n) {
  int s = 0;
  for (int i = 1; i <= n; ++i)
    s += square(i);
  return s;
}
int where(void) { return omp_is_initial_device(); }

int main(void) {
  int r = 0, w = -1;
#pragma omp target map(from : r, w)
  {
    r = sum_squares(10);
    w = where();
  }
  // CHECK: r 385 initial 0
  printf("r %d initial %d\n", r, w);
  return 0;
}
