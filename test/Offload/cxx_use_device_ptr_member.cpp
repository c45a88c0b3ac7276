// C++: use_device_ptr on a class member pointer (this->p) inside a member
// function: in the region p is the device address of the mapped data.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

struct Buf {
  int *p;
  int n;
  void run() {
    int *host = p;
#pragma omp target data map(tofrom : p[0:n]) use_device_ptr(p)
    {
      int *dp = p;
      std::printf("member-ptr-translated %d\n", dp != host &&
                  dp == omp_get_mapped_ptr(host, omp_get_default_device()));
      int onDev = 0;
#pragma omp target is_device_ptr(dp) map(from : onDev)
      {
        onDev = !omp_is_initial_device();
        for (int i = 0; i < 4; ++i)
          dp[i] = -i;
      }
      std::printf("on-device %d\n", onDev);
    }
    // The member holds the host address again after the region.
    std::printf("restored %d\n", p == host);
  }
};

int main() {
  int data[4] = {9, 9, 9, 9};
  Buf b{data, 4};
  // CHECK: member-ptr-translated 1
  // CHECK: on-device 1
  // CHECK: restored 1
  b.run();
  // CHECK: data 0 -1 -2 -3
  std::printf("data %d %d %d %d\n", data[0], data[1], data[2], data[3]);
  return 0;
}
