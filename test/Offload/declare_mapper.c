// declare mapper (OpenMP 5.0): the default mapper of a struct maps its
// pointer member's pointee along with the struct.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *d;
} Vec;
#pragma omp declare mapper(Vec v) map(v, v.d[0:v.n])

int main(void) {
  Vec v = {4, malloc(4 * sizeof(double))};
  for (int i = 0; i < 4; ++i)
    v.d[i] = i;
  int on_dev = 0;
#pragma omp target map(tofrom : v) map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < v.n; ++i)
      v.d[i] += 0.5;
  }
  // CHECK: 0.5 3.5 on-device 1
  printf("%.1f %.1f on-device %d\n", v.d[0], v.d[3], on_dev);
  free(v.d);
  return 0;
}
