// Array shaping in motion clauses (OpenMP 5.0): from(([10][10])p) and
// to(([n][m])p) move the contiguous elements p[0:10*10] and p[0:n*m], and
// nothing past them.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define TOTAL 120

int main(void) {
  int *p = malloc(TOTAL * sizeof(int));
  for (int i = 0; i < TOTAL; ++i)
    p[i] = 0;
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
#pragma omp target enter data map(to : p[0:TOTAL])
#pragma omp target map(tofrom : on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < TOTAL; ++i)
      p[i] = i;
  }
#pragma omp target update from(([10][10])p)
  // CHECK: from 0 99 0
  printf("from %d %d %d\n", p[0], p[99], p[100]);

  int n = 3, m = 4;
  for (int i = 0; i < TOTAL; ++i)
    p[i] = -i;
#pragma omp target update to(([n][m])p)
#pragma omp target map(tofrom : on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < TOTAL; ++i)
      p[i] += 1000;
  }
#pragma omp target update from(([2][3][2 * 5])p)
  // CHECK: to 1000 989 1012 1013 1059 -60 regions-on-device 2
  printf("to %d %d %d %d %d %d regions-on-device %d\n", p[0], p[11], p[12], p[13], p[59],
         p[60], on_dev);
#pragma omp target exit data map(delete : p[0:TOTAL])
  free(p);
  return 0;
}
