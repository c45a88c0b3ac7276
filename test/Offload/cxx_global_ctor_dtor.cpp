// Target regions in the constructor and destructor of a global object run
// on the device: before main and after it returns.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

struct Init {
  int v = 0, dev = -1, onDev = 0;
  Init() {
#pragma omp target map(from : v, dev, onDev)
    {
      v = 42;
      dev = omp_get_device_num();
      onDev = !omp_is_initial_device();
    }
  }
  ~Init() {
    int w = 0, d = -1, on = 0;
#pragma omp target map(from : w, d, on)
    {
      w = 7;
      d = omp_get_device_num();
      on = !omp_is_initial_device();
    }
    std::printf("dtor %d dev %d on-device %d\n", w, d, on);
  }
};
Init g;

int main() {
  // CHECK: ctor 42 dev 0 on-device 1
  std::printf("ctor %d dev %d on-device %d\n", g.v, g.dev, g.onDev);
  // CHECK-NEXT: dtor 7 dev 0 on-device 1
  return 0;
}
