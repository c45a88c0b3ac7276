// Target regions inside lambdas, with captures by value and by reference,
// and generic lambdas instantiated twice.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <cstdio>

int main() {
  int arr[4] = {1, 2, 3, 4};
  int factor = 10;
  auto scale = [&arr, factor]() {
#pragma omp target map(tofrom : arr)
    for (int i = 0; i < 4; ++i)
      arr[i] *= factor;
  };
  scale();
  // CHECK: scaled 10 40
  std::printf("scaled %d %d\n", arr[0], arr[3]);
  auto onDevice = [](auto x) {
    decltype(x) r{};
#pragma omp target map(from : r)
    r = x * 3;
    return r;
  };
  // CHECK: generic 21 4.5
  std::printf("generic %d %.1f\n", onDevice(7), onDevice(1.5));
  int total = 0;
  auto add = [&](int n) {
#pragma omp target map(tofrom : total)
    total += n;
  };
  add(5);
  add(6);
  // CHECK: total 11
  std::printf("total %d\n", total);
  return 0;
}
