// A whole struct is mapped and copied bitwise, nested structs included;
// implicit mapping of a struct is tofrom.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

struct In {
  short a;
  double b;
};
struct Out {
  char c;
  struct In in[2];
  long l;
};

int main(void) {
  struct Out o = {'a', {{1, 1.5}, {2, 2.5}}, 100};
  int on_dev = 0;
#pragma omp target map(tofrom : o) map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    o.c += 1;
    o.in[1].b *= 2;
    o.l += o.in[0].a;
  }
  // CHECK: b 5.0 101 on-device 1
  printf("%c %.1f %ld on-device %d\n", o.c, o.in[1].b, o.l, on_dev);
  on_dev = 0;
#pragma omp target map(from : on_dev)
  {
    o.in[0].a = 9;
    on_dev = !omp_is_initial_device();
  }
  // CHECK: implicit 9 on-device 1
  printf("implicit %d on-device %d\n", o.in[0].a, on_dev);
  return 0;
}
