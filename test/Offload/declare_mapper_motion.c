// A declare mapper's items take the motion of the map that uses the mapper:
// map(to: v) copies the pointee to the device and never back, so the
// device's writes through v.d do not reach the host (separate memory).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
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
#pragma omp target map(to : V) map(from : Seen)
  {
    Seen = V.D[3];
    for (int I = 0; I < V.N; ++I)
      V.D[I] = -1;
  }
  // CHECK: seen 4.0, host 1.0 4.0
  printf("seen %.1f, host %.1f %.1f\n", Seen, Data[0], Data[3]);
#pragma omp target map(tofrom : V)
  for (int I = 0; I < V.N; ++I)
    V.D[I] *= 10;
  // CHECK: after tofrom 10.0 40.0
  printf("after tofrom %.1f %.1f\n", Data[0], Data[3]);
  return 0;
}
