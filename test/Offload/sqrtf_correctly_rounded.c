// sqrtf and 1.0f / sqrtf(x) in a target region give the host's correctly
// rounded results for every input (IEEE 754 square root and division, not
// approximations), over mantissas and exponents from 2^-20 to 2^20.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -lm -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <math.h>
#include <omp.h>
#include <stdio.h>

#define N 200000

static float X[N], Root[N], InverseRoot[N];

int main(void) {
  for (int I = 0; I < N; I++)
    X[I] = ldexpf(1.0f + (float)I * 0x1p-18f, I % 41 - 20);
  int OnDevice = 0;
#pragma omp target teams distribute parallel for map(to : X)                  \
    map(from : Root, InverseRoot) map(tofrom : OnDevice)
  for (int I = 0; I < N; I++) {
    if (I == 0)
      OnDevice = !omp_is_initial_device();
    Root[I] = sqrtf(X[I]);
    InverseRoot[I] = 1.0f / sqrtf(X[I]);
  }
  int Roots = 0, Inverses = 0;
  for (int I = 0; I < N; I++) {
    volatile float Value = X[I];
    float Want = sqrtf(Value);
    Roots += Root[I] != Want;
    Inverses += InverseRoot[I] != 1.0f / Want;
  }
  // CHECK: on the offload device: 1; wrong sqrtf: 0; wrong 1/sqrtf: 0
  printf("on the offload device: %d; wrong sqrtf: %d; wrong 1/sqrtf: %d\n",
         OnDevice, Roots, Inverses);
  return 0;
}
