// Target regions and declare target code in a shared library (linked at
// build time) register and run next to the program's own.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -fPIC -shared %S/Inputs/shared_lib.c -o %t.so
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s %t.so -Wl,-rpath,%T -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int so_kernel(int x, int *on_device);

int main(void) {
  int r = 0, on_dev = 0, lib_on_dev = 0;
#pragma omp target map(from : r, on_dev)
  {
    r = 5;
    on_dev = !omp_is_initial_device();
  }
  int lib = so_kernel(6, &lib_on_dev);
  // CHECK: main 5 lib 36 on-device 1 1
  printf("main %d lib %d on-device %d %d\n", r, lib, on_dev, lib_on_dev);
  return 0;
}
