// A static library of offload objects given with -L/-l (the usual way)
// links like one given by path: its kernels, declare target function and
// variable reach the device image.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %S/Inputs/multi_tu_lib.c -o %t.lib.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %S/Inputs/static_lib_extra.c -o %t.extra.o
// RUN: rm -f %t.a && llvm-ar rcs %t.a %t.lib.o %t.extra.o
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %t.a %t.dir/liboffloadtest.a
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -L%t.dir -loffloadtest -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

#pragma omp declare target
int lib_square(int x);
extern int lib_offset;
#pragma omp end declare target
int lib_kernel(int x);
int extra_sum(int n);

int main(void) {
  int r = 0;
#pragma omp target map(from : r)
  r = lib_square(5) + lib_offset;
  // CHECK: r 125
  printf("r %d\n", r);
  // CHECK: lib-kernel 81 extra 45
  printf("lib-kernel %d extra %d\n", lib_kernel(9), extra_sum(10));
  return 0;
}
