// Array sections of a pointer, with non-zero lower bounds: only the section
// is mapped and copied.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 10;
  int *p = malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i)
    p[i] = i;
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
#pragma omp target map(tofrom : p[3:4], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 3; i < 7; ++i)
      p[i] *= 100;
  }
  // CHECK: 0 1 2 300 400 500 600 7 8 9
  for (int i = 0; i < n; ++i)
    printf("%d ", p[i]);
  printf("\n");
  int lo = 8, len = 2;
#pragma omp target map(tofrom : p[lo:len], on_dev)
  {
    on_dev += !omp_is_initial_device();
    p[lo] = -1;
    p[lo + 1] = -2;
  }
  // CHECK: tail 7 -1 -2
  printf("tail %d %d %d\n", p[7], p[8], p[9]);
  // A section without length starts at the lower bound and runs to the end
  // is not allowed for pointers; [:n] from 0 is.
#pragma omp target map(tofrom : p[:3], on_dev)
  {
    p[0] = p[1] + p[2];
    on_dev += !omp_is_initial_device();
  }
  // CHECK: head 3 regions-on-device 3
  printf("head %d regions-on-device %d\n", p[0], on_dev);
  free(p);
  return 0;
}
