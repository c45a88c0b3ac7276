// Several target regions on one source line (through a macro and written
// side by side) are distinct kernels.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define TWICE()                                                                \
  do {                                                                         \
    _Pragma("omp target map(tofrom : a)") a += 1;                              \
    _Pragma("omp target map(tofrom : b)") b += 10;                             \
  } while (0)

int main(void) {
  int a = 0, b = 0;
  TWICE(); // both regions expand on this line
  // CHECK: a 1 b 10
  printf("a %d b %d\n", a, b);
  int c = 0, d = 0;
  { _Pragma("omp target map(tofrom : c)") c = 5; } { _Pragma("omp target map(tofrom : d)") d = 6; }
  // CHECK: c 5 d 6
  printf("c %d d %d\n", c, d);
  return 0;
}
