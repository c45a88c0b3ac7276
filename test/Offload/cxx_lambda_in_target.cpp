// Lambdas defined and called inside target regions.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <cstdio>

int main() {
  int a[8];
  int k = 3;
#pragma omp target map(from : a)
  {
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
  std::printf("\n");
  int s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s)
  for (int i = 0; i < 100; ++i) {
    auto sq = [](int x) { return x * x; };
    s += sq(i);
  }
  // CHECK: sq 328350
  std::printf("sq %d\n", s);
  return 0;
}
