// C++: use_device_addr on a reference parameter gives the device address of
// the referenced object; use_device_ptr on a local pointer in a member
// function.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

static void viaRef(int &r, void **out) {
#pragma omp target data map(tofrom : r) use_device_addr(r)
  { *out = &r; }
}

struct Buf {
  int *p;
  int n;
  // Returns 1 when the region ran on the offload device.
  int run() {
    int *q = p;
    int nn = n;
    int onDev = 0;
#pragma omp target data map(tofrom : q[0:nn]) use_device_ptr(q)
    {
#pragma omp target is_device_ptr(q) map(from : onDev)
      {
        onDev = !omp_is_initial_device();
        for (int i = 0; i < 4; ++i)
          q[i] = -i;
      }
    }
    return onDev;
  }
};

int main() {
  int x = 5;
  void *dx = nullptr;
  viaRef(x, &dx);
  // CHECK: ref-addr 1
  std::printf("ref-addr %d\n", dx != nullptr && dx != (void *)&x);
  int data[4] = {9, 9, 9, 9};
  Buf b{data, 4};
  int onDev = b.run();
  // CHECK: data 0 -1 -2 -3 on-device 1
  std::printf("data %d %d %d %d on-device %d\n", data[0], data[1], data[2], data[3], onDev);
  return 0;
}
