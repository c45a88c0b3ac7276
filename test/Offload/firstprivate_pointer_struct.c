// firstprivate of a pointer keeps the host address (not translated) and of
// a struct copies it; writes stay on the device.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

struct Cfg {
  int a;
  double b[3];
};

int main(void) {
  int x = 0;
  int *p = &x;
  unsigned long seen = 0;
  int on_dev = 0;
#pragma omp target data map(tofrom : x)
  {
#pragma omp target firstprivate(p) map(from : seen, on_dev)
    {
      seen = (unsigned long)p;
      on_dev = !omp_is_initial_device();
    }
  }
  // CHECK: host-address 1 on-device 1
  printf("host-address %d on-device %d\n", seen == (unsigned long)&x, on_dev);
  struct Cfg c = {3, {1.5, 2.5, 3.5}};
  double r = 0;
  on_dev = 0;
#pragma omp target firstprivate(c) map(from : r, on_dev)
  {
    on_dev = !omp_is_initial_device();
    c.a += 1;
    r = c.a * c.b[2];
  }
  // CHECK: r 14.0 host 3 on-device 1
  printf("r %.1f host %d on-device %d\n", r, c.a, on_dev);
  return 0;
}
