// Target regions inside lambdas, with captures by value and by reference,
// and generic lambdas instantiated twice.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

// The target regions that ran on the offload device.
static int RegionsOnDevice = 0;

int main() {
  int arr[4] = {1, 2, 3, 4};
  int factor = 10;
  auto scale = [&arr, factor]() {
    int on = 0;
#pragma omp target map(tofrom : arr) map(from : on)
    {
      on = !omp_is_initial_device();
      for (int i = 0; i < 4; ++i)
        arr[i] *= factor;
    }
    RegionsOnDevice += on;
  };
  scale();
  // CHECK: scaled 10 40
  std::printf("scaled %d %d\n", arr[0], arr[3]);
  auto onDevice = [](auto x) {
    decltype(x) r{};
    int on = 0;
#pragma omp target map(from : r, on)
    {
      on = !omp_is_initial_device();
      r = x * 3;
    }
    RegionsOnDevice += on;
    return r;
  };
  // CHECK: generic 21 4.5
  std::printf("generic %d %.1f\n", onDevice(7), onDevice(1.5));
  int total = 0;
  auto add = [&](int n) {
    int on = 0;
#pragma omp target map(tofrom : total) map(from : on)
    {
      on = !omp_is_initial_device();
      total += n;
    }
    RegionsOnDevice += on;
  };
  add(5);
  add(6);
  // CHECK: total 11
  std::printf("total %d\n", total);
  // CHECK: regions-on-device 5
  std::printf("regions-on-device %d\n", RegionsOnDevice);
  return 0;
}
