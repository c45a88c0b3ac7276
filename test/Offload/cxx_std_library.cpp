// C++ standard library pieces usable in device code (std::array,
// std::max/max_element, std::sqrt), and is_device_ptr on a reference to a
// pointer.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: arr 2 8 m 12.0 on-device 1
// CHECK: refptr 3 9 on-device 1
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <omp.h>
int main() {
  std::array<int, 4> arr{1, 2, 3, 4};
  double m = 0;
  int onDev = 0;
#pragma omp target map(tofrom : arr, m) map(from : onDev)
  {
    onDev = !omp_is_initial_device();
    for (auto &x : arr) x *= 2;
    m = std::max(std::sqrt(16.0), 3.0) + *std::max_element(arr.begin(), arr.end());
  }
  std::printf("arr %d %d m %.1f on-device %d\n", arr[0], arr[3], m, onDev);
  int *d = (int *)omp_target_alloc(4 * sizeof(int), 0);
  int *&rd = d;
  onDev = 0;
#pragma omp target is_device_ptr(rd) map(from : onDev)
  {
    onDev = !omp_is_initial_device();
    for (int i = 0; i < 4; ++i) rd[i] = i * 3;
  }
  int h[4];
  omp_target_memcpy(h, d, sizeof(h), 0, 0, omp_get_initial_device(), 0);
  std::printf("refptr %d %d on-device %d\n", h[1], h[3], onDev);
  omp_target_free(d, 0);
}
