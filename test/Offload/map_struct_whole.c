// A whole struct is mapped and copied bitwise, nested structs included;
// implicit mapping of a struct is tofrom.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
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
#pragma omp target map(tofrom : o)
  {
    o.c += 1;
    o.in[1].b *= 2;
    o.l += o.in[0].a;
  }
  // CHECK: b 5.0 101
  printf("%c %.1f %ld\n", o.c, o.in[1].b, o.l);
#pragma omp target
  o.in[0].a = 9;
  // CHECK: implicit 9
  printf("implicit %d\n", o.in[0].a);
  return 0;
}
