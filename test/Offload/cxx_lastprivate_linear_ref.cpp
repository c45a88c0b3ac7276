// C++: a reference in a lastprivate or linear clause of a combined target
// construct is mapped tofrom (OpenMP 5.0), so the referenced variable gets
// the value of the last iteration; also in a function template.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

// The regions that ran on the offload device (counted on the host).
static int RegionsOnDevice = 0;

template <typename T> T lastOf(T Init) {
  T V = Init;
  int OnDev = 0;
#pragma omp target parallel for simd lastprivate(V) map(tofrom : OnDev)
  for (int I = 0; I < 64; ++I) {
    V = Init + I;
    if (I == 0)
      OnDev = !omp_is_initial_device();
  }
  RegionsOnDevice += OnDev;
  return V;
}

int main() {
  int V = -1;
  int &R = V;
  int OnDev = 0;
#pragma omp target parallel for lastprivate(R) map(tofrom : OnDev)
  for (int I = 0; I < 33; ++I) {
    R = I;
    if (I == 0)
      OnDev = !omp_is_initial_device();
  }
  RegionsOnDevice += OnDev;
  // CHECK: lastprivate-ref 32
  std::printf("lastprivate-ref %d\n", V);
  int J = 0;
  int &RJ = J;
  OnDev = 0;
#pragma omp target parallel for linear(RJ : 2) map(tofrom : OnDev)
  for (int I = 0; I < 10; ++I) {
    RJ += 2;
    if (I == 0)
      OnDev = !omp_is_initial_device();
  }
  RegionsOnDevice += OnDev;
  // CHECK: linear-ref 20
  std::printf("linear-ref %d\n", J);
  // CHECK: template 73 63.5
  std::printf("template %d %.1f\n", lastOf(10), lastOf(0.5));
  // CHECK: regions-on-device 4
  std::printf("regions-on-device %d\n", RegionsOnDevice);
  return 0;
}
