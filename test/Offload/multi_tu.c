// Two translation units compiled separately with -c and linked: a declare
// target function and a declare target variable defined in the other file
// are used from this file's kernels; the other file has kernels too.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t.main.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %S/Inputs/multi_tu_lib.c -o %t.lib.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t.main.o %t.lib.o -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
int lib_square(int x);
extern int lib_offset;
#pragma omp end declare target
int lib_kernel(int x, int *on_device); // runs its own target region

int main(void) {
  int r[4];
  int on_dev = 0;
#pragma omp target map(from : r, on_dev)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < 4; ++i)
      r[i] = lib_square(i) + lib_offset;
  }
  // CHECK: 100 101 104 109 on-device 1
  printf("%d %d %d %d on-device %d\n", r[0], r[1], r[2], r[3], on_dev);
  int lib = lib_kernel(7, &on_dev);
  // CHECK: lib-kernel 49 on-device 1
  printf("lib-kernel %d on-device %d\n", lib, on_dev);
  return 0;
}
