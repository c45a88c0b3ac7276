// Target regions and declare target code in a shared library (linked at
// build time) register and run next to the program's own.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -fPIC -shared %S/Inputs/shared_lib.c -o %t.so
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s %t.so -Wl,-rpath,%T -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int so_kernel(int x);

int main(void) {
  int r = 0;
#pragma omp target map(from : r)
  r = 5;
  // CHECK: main 5 lib 36
  printf("main %d lib %d\n", r, so_kernel(6));
  return 0;
}
