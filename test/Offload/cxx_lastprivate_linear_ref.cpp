// C++: a reference in a lastprivate or linear clause of a combined target
// construct is mapped tofrom (OpenMP 5.0), so the referenced variable gets
// the value of the last iteration; also in a function template.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <cstdio>

template <typename T> T lastOf(T Init) {
  T V = Init;
#pragma omp target parallel for simd lastprivate(V)
  for (int I = 0; I < 64; ++I)
    V = Init + I;
  return V;
}

int main() {
  int V = -1;
  int &R = V;
#pragma omp target parallel for lastprivate(R)
  for (int I = 0; I < 33; ++I)
    R = I;
  // CHECK: lastprivate-ref 32
  std::printf("lastprivate-ref %d\n", V);
  int J = 0;
  int &RJ = J;
#pragma omp target parallel for linear(RJ : 2)
  for (int I = 0; I < 10; ++I)
    RJ += 2;
  // CHECK: linear-ref 20
  std::printf("linear-ref %d\n", J);
  // CHECK: template 73 63.5
  std::printf("template %d %.1f\n", lastOf(10), lastOf(0.5));
  return 0;
}
