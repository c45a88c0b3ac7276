// Several target regions on one source line (through a macro and written
// side by side) are distinct kernels.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
// Each region also adds 1 to on_dev when it runs on the offload device.
#define TWICE()                                                                \
  do {                                                                         \
    _Pragma("omp target map(tofrom : a, on_dev)") {                            \
      a += 1;                                                                  \
      on_dev += !omp_is_initial_device();                                      \
    }                                                                          \
    _Pragma("omp target map(tofrom : b, on_dev)") {                            \
      b += 10;                                                                 \
      on_dev += !omp_is_initial_device();                                      \
    }                                                                          \
  } while (0)

int main(void) {
  int a = 0, b = 0, on_dev = 0;
  TWICE(); // both regions expand on this line
  // CHECK: a 1 b 10 regions-on-device 2
  printf("a %d b %d regions-on-device %d\n", a, b, on_dev);
  int c = 0, d = 0;
  on_dev = 0;
  { _Pragma("omp target map(tofrom : c, on_dev)") { c = 5; on_dev += !omp_is_initial_device(); } } { _Pragma("omp target map(tofrom : d, on_dev)") { d = 6; on_dev += !omp_is_initial_device(); } }
  // CHECK: c 5 d 6 regions-on-device 2
  printf("c %d d %d regions-on-device %d\n", c, d, on_dev);
  return 0;
}
