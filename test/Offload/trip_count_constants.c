// The host passes a combined loop's trip count with its launch (the GPU
// plugin sizes the grid by it) also when the bounds are integer constants
// other than literals: enumerators, sizeof, macros expanding to them.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env LIBOMPTARGET_INFO=1 OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>

enum { Rows = 48, Cols = 40 };
static double Grid[Rows][Cols];

int main(void) {
  int OnDevice = 0;
  // CHECK: launch kernel '{{.*}}main_l[[#@LINE+1]]' on device 0 ({{.*}}, trip count 1920)
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : Grid, OnDevice)
  for (int I = 0; I < Rows; ++I)
    for (int J = 0; J < Cols; ++J) {
      Grid[I][J] = I * Cols + J;
      if (I == 0 && J == 0)
        OnDevice = !omp_is_initial_device();
    }
  // CHECK: launch kernel '{{.*}}main_l[[#@LINE+1]]' on device 0 ({{.*}}, trip count 40)
#pragma omp target teams distribute parallel for map(tofrom : Grid)
  for (unsigned J = 0; J < sizeof(Grid[0]) / sizeof(Grid[0][0]); ++J)
    Grid[0][J] += 1;
  // CHECK: on-device 1 sum 1842280
  double Sum = 0;
  for (int I = 0; I < Rows; ++I)
    for (int J = 0; J < Cols; ++J)
      Sum += Grid[I][J];
  printf("on-device %d sum %.0f\n", OnDevice, Sum);
  return 0;
}
