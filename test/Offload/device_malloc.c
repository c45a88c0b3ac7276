// malloc/free inside a target region allocate device memory.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  long s = 0;
  int on_dev = 0;
#pragma omp target map(tofrom : s) map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    int *tmp = malloc(100 * sizeof(int));
    for (int i = 0; i < 100; ++i)
      tmp[i] = i;
    for (int i = 0; i < 100; ++i)
      s += tmp[i];
    free(tmp);
  }
  // CHECK: s 4950 on-device 1
  printf("s %ld on-device %d\n", s, on_dev);
  return 0;
}
