// A static library of offload objects given with -L/-l (the usual way)
// links like one given by path: its kernels, declare target function and
// variable reach the device image.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %S/Inputs/multi_tu_lib.c -o %t.lib.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %S/Inputs/static_lib_extra.c -o %t.extra.o
// RUN: rm -f %t.a && llvm-ar rcs %t.a %t.lib.o %t.extra.o
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %t.a %t.dir/liboffloadtest.a
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -L%t.dir -loffloadtest -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
int lib_square(int x);
extern int lib_offset;
#pragma omp end declare target
int lib_kernel(int x, int *on_device);
int extra_sum(int n, int *on_device);

int main(void) {
  int r = 0, on_dev = 0;
#pragma omp target map(from : r, on_dev)
  {
    r = lib_square(5) + lib_offset;
    on_dev = !omp_is_initial_device();
  }
  // CHECK: r 125 on-device 1
  printf("r %d on-device %d\n", r, on_dev);
  int lib_on_dev = 0, extra_on_dev = 0;
  int lib = lib_kernel(9, &lib_on_dev), extra = extra_sum(10, &extra_on_dev);
  // CHECK: lib-kernel 81 extra 45 on-device 1 1
  printf("lib-kernel %d extra %d on-device %d %d\n", lib, extra, lib_on_dev, extra_on_dev);
  return 0;
}
