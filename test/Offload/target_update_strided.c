// target update with a strided array section (OpenMP 5.0 allows strides in
// target update motion clauses): only every other element moves.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  int on_dev = 0;
#pragma omp target data map(to : a)
  {
#pragma omp target map(from : on_dev)
    {
      on_dev = !omp_is_initial_device();
      for (int i = 0; i < 8; ++i)
        a[i] = 100 + i;
    }
#pragma omp target update from(a[0:4:2])
    // CHECK: 100 1 102 3 104 5 106 7
    for (int i = 0; i < 8; ++i)
      printf("%d ", a[i]);
    printf("\n");
  }
  // CHECK-NEXT: on-device 1
  printf("on-device %d\n", on_dev);
  return 0;
}
