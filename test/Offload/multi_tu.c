// Two translation units compiled separately with -c and linked: a declare
// target function and a declare target variable defined in the other file
// are used from this file's kernels; the other file has kernels too.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t.main.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %S/Inputs/multi_tu_lib.c -o %t.lib.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t.main.o %t.lib.o -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

#pragma omp declare target
int lib_square(int x);
extern int lib_offset;
#pragma omp end declare target
int lib_kernel(int x); // runs its own target region

int main(void) {
  int r[4];
#pragma omp target map(from : r)
  for (int i = 0; i < 4; ++i)
    r[i] = lib_square(i) + lib_offset;
  // CHECK: 100 101 104 109
  printf("%d %d %d %d\n", r[0], r[1], r[2], r[3]);
  // CHECK: lib-kernel 49
  printf("lib-kernel %d\n", lib_kernel(7));
  return 0;
}
