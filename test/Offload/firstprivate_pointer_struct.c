// firstprivate of a pointer keeps the host address (not translated) and of
// a struct copies it; writes stay on the device.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

struct Cfg {
  int a;
  double b[3];
};

int main(void) {
  int x = 0;
  int *p = &x;
  unsigned long seen = 0;
#pragma omp target data map(tofrom : x)
  {
#pragma omp target firstprivate(p) map(from : seen)
    seen = (unsigned long)p;
  }
  // CHECK: host-address 1
  printf("host-address %d\n", seen == (unsigned long)&x);
  struct Cfg c = {3, {1.5, 2.5, 3.5}};
  double r = 0;
#pragma omp target firstprivate(c) map(from : r)
  {
    c.a += 1;
    r = c.a * c.b[2];
  }
  // CHECK: r 14.0 host 3
  printf("r %.1f host %d\n", r, c.a);
  return 0;
}
