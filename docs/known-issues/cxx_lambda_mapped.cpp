// A lambda defined on the host and called inside a target region: the
// closure object is mapped; by-value captures travel with it, and a
// by-reference capture of a variable mapped on the construct refers to
// the device copy (OpenMP 5.0 lambda mapping).
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <cstdio>

int main() {
  int k = 3;
  auto byValue = [k](int i) { return i * k; };
  int r[4];
#pragma omp target map(from : r)
  for (int i = 0; i < 4; ++i)
    r[i] = byValue(i);
  // CHECK: by-value 0 3 6 9
  std::printf("by-value %d %d %d %d\n", r[0], r[1], r[2], r[3]);
  int acc[2] = {0, 0};
  auto add = [&acc](int v) { acc[0] += v; acc[1] += 1; };
#pragma omp target map(tofrom : acc)
  for (int i = 1; i <= 4; ++i)
    add(i);
  // CHECK: by-ref 10 4
  std::printf("by-ref %d %d\n", acc[0], acc[1]);
  return 0;
}
