// Loops whose iteration numbers reach the top of their type: the chunk
// loops that give GPU threads and teams their iterations advance a lower
// bound by the grid's stride, which must not wrap around past INT_MAX (and
// run iterations again, or negative ones). Every iteration runs once.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: int loop: 2147483647 iterations, 0 out of range
// CHECK: unsigned loop: 4294967295 iterations, 0 out of range
// CHECK: distribute with inner loop: 2147483646 iterations, 0 out of range
// CHECK: on the device: 3 of 3
#include <limits.h>
#include <omp.h>
#include <stdio.h>

int main(void) {
  int OnDevice = 0;
  long Count = 0, Bad = 0;
#pragma omp target teams distribute parallel for reduction(+ : Count, Bad, OnDevice)
  for (int I = 0; I < INT_MAX; ++I) {
    Count += 1;
    Bad += I < 0;
    if (I == 0)
      OnDevice += !omp_is_initial_device();
  }
  printf("int loop: %ld iterations, %ld out of range\n", Count, Bad);

  Count = Bad = 0;
#pragma omp target teams distribute parallel for reduction(+ : Count, Bad, OnDevice)
  for (unsigned I = 0; I < UINT_MAX; ++I) {
    Count += 1;
    Bad += I == UINT_MAX;
    if (I == 0)
      OnDevice += !omp_is_initial_device();
  }
  printf("unsigned loop: %ld iterations, %ld out of range\n", Count, Bad);

  // Per-iteration code with a loop of its own keeps the plain chunk loop
  // (not the counted one) around it.
  Count = Bad = 0;
#pragma omp target teams distribute parallel for reduction(+ : Count, Bad, OnDevice)
  for (int I = 1; I < INT_MAX; ++I) {
    for (int K = 0; K < (I & 1); ++K)
      Bad += I < 1;
    Count += 1;
    if (I == 1)
      OnDevice += !omp_is_initial_device();
  }
  printf("distribute with inner loop: %ld iterations, %ld out of range\n",
         Count, Bad);
  printf("on the device: %d of 3\n", OnDevice);
  return 0;
}
