// A declare mapper's items take the motion of the map that uses the mapper:
// map(to: v) copies the pointee to the device and never back, so the
// device's writes through v.d do not reach the host (separate memory).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

typedef struct {
  int N;
  double *D;
} Vec;
#pragma omp declare mapper(Vec V) map(V, V.D[0:V.N])

int main(void) {
  double Data[4] = {1, 2, 3, 4};
  Vec V = {4, Data};
  double Seen = 0;
  int OnDev = 0;
#pragma omp target map(to : V) map(from : Seen, OnDev)
  {
    OnDev = !omp_is_initial_device();
    Seen = V.D[3];
    for (int I = 0; I < V.N; ++I)
      V.D[I] = -1;
  }
  // CHECK: seen 4.0, host 1.0 4.0 on-device 1
  printf("seen %.1f, host %.1f %.1f on-device %d\n", Seen, Data[0], Data[3], OnDev);
  OnDev = 0;
#pragma omp target map(tofrom : V) map(from : OnDev)
  {
    OnDev = !omp_is_initial_device();
    for (int I = 0; I < V.N; ++I)
      V.D[I] *= 10;
  }
  // CHECK: after tofrom 10.0 40.0 on-device 1
  printf("after tofrom %.1f %.1f on-device %d\n", Data[0], Data[3], OnDev);
  return 0;
}
