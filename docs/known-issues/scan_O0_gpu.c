// REQUIRES: gpu
// Known issue (README.md): built at -O0 for the GPU, an inclusive scan in a
// target region (one team of 256 threads, a generic kernel with its control
// loop) gives the prefix sums of the first warp's share of the iterations
// only: from element 2528 (thread 32's first, blocked schedule) on, each
// element holds its own input. Built at -O2 it is right
// (test/Offload/scan_in_target.c).
// RUN: %clang -O0 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: on device 1, 0 wrong
#include <omp.h>
#include <stdio.h>

enum { Length = 20000 };

int main(void) {
  static long In[Length], Inclusive[Length];
  for (int I = 0; I < Length; I++)
    In[I] = (I * 13) % 101 - 30;
  long Sum = 0;
  int OnDevice = 0;
#pragma omp target map(to : In) map(from : Inclusive) map(tofrom : OnDevice)
  {
    OnDevice = !omp_is_initial_device();
#pragma omp parallel for reduction(inscan, + : Sum)
    for (int I = 0; I < Length; I++) {
      Sum += In[I];
#pragma omp scan inclusive(Sum)
      Inclusive[I] = Sum;
    }
  }
  long Want = 0;
  int Wrong = 0;
  for (int I = 0; I < Length; I++) {
    Want += In[I];
    Wrong += Inclusive[I] != Want;
  }
  printf("on device %d, %d wrong\n", OnDevice, Wrong);
  return Wrong != 0;
}
