// Target regions in the constructor and destructor of a global object run
// on the device: before main and after it returns.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <cstdio>
#include <omp.h>

struct Init {
  int v = 0, dev = -1;
  Init() {
#pragma omp target map(from : v, dev)
    {
      v = 42;
      dev = omp_get_device_num();
    }
  }
  ~Init() {
    int w = 0, d = -1;
#pragma omp target map(from : w, d)
    {
      w = 7;
      d = omp_get_device_num();
    }
    std::printf("dtor %d dev %d\n", w, d);
  }
};
Init g;

int main() {
  // CHECK: ctor 42 dev 0
  std::printf("ctor %d dev %d\n", g.v, g.dev);
  // CHECK-NEXT: dtor 7 dev 0
  return 0;
}
