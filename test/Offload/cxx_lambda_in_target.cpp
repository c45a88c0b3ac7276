// Lambdas defined and called inside target regions.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

int main() {
  int a[8];
  int k = 3;
  int onDev = 0;
#pragma omp target map(from : a, onDev)
  {
    onDev = !omp_is_initial_device();
    auto f = [k](int i) { return i * k; };
    int base = 1;
    auto g = [&base](int x) { base += x; return base; };
    for (int i = 0; i < 8; ++i)
      a[i] = f(i) + g(i);
  }
  // a[i] = 3i + 1 + i(i+1)/2
  // CHECK: 1 5 10 16 23 31 40 50
  for (int i = 0; i < 8; ++i)
    std::printf("%d ", a[i]);
  // CHECK-NEXT: on-device 1
  std::printf("\non-device %d\n", onDev);
  int s = 0;
  onDev = 0;
#pragma omp target teams distribute parallel for reduction(+ : s) map(from : onDev)
  for (int i = 0; i < 100; ++i) {
    auto sq = [](int x) { return x * x; };
    s += sq(i);
    if (i == 0)
      onDev = !omp_is_initial_device();
  }
  // CHECK: sq 328350 on-device 1
  std::printf("sq %d on-device %d\n", s, onDev);
  return 0;
}
