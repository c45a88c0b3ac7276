// C++ standard library pieces usable in device code (std::array,
// std::max/max_element, std::sqrt), and is_device_ptr on a reference to a
// pointer.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
// CHECK: arr 2 8 m 12.0
// CHECK: refptr 3 9
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <omp.h>
int main() {
  std::array<int, 4> arr{1, 2, 3, 4};
  double m = 0;
#pragma omp target map(tofrom : arr, m)
  {
    for (auto &x : arr) x *= 2;
    m = std::max(std::sqrt(16.0), 3.0) + *std::max_element(arr.begin(), arr.end());
  }
  std::printf("arr %d %d m %.1f\n", arr[0], arr[3], m);
  int *d = (int *)omp_target_alloc(4 * sizeof(int), 0);
  int *&rd = d;
#pragma omp target is_device_ptr(rd)
  for (int i = 0; i < 4; ++i) rd[i] = i * 3;
  int h[4];
  omp_target_memcpy(h, d, sizeof(h), 0, 0, omp_get_initial_device(), 0);
  std::printf("refptr %d %d\n", h[1], h[3]);
  omp_target_free(d, 0);
}
