// map(this[:1]) (OpenMP 5.0) maps the whole object the member function was
// called on.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

// The member functions return 1 when their region ran on the offload device.
struct Obj {
  int count = 6;
  double v[2] = {1, 2};
  int mapThis() {
    int onDev = 0;
#pragma omp target map(tofrom : this[:1]) map(from : onDev)
    {
      onDev = !omp_is_initial_device();
      count *= 2;
      v[1] = 20;
    }
    return onDev;
  }
  int mapThisTo() {
    int onDev = 0;
#pragma omp target map(to : this[0:1]) map(from : onDev)
    {
      onDev = !omp_is_initial_device();
      count = -1; // not copied back
    }
    return onDev;
  }
};

int main() {
  Obj o;
  int onDev = o.mapThis();
  // CHECK: this 12 20 on-device 1
  std::printf("this %d %.0f on-device %d\n", o.count, o.v[1], onDev);
  onDev = o.mapThisTo();
  // CHECK: this-to 12 on-device 1
  std::printf("this-to %d on-device %d\n", o.count, onDev);
  return 0;
}
