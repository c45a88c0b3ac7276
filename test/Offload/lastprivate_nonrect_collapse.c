// lastprivate of non-rectangular collapsed nests (OpenMP 5.0): Clang runs
// such a nest over its bounding rectangle and skips what lies outside, so
// only a blocked schedule gives the last-iteration flag to the thread that
// ran the sequentially last real iteration. On the GPU, whose default
// schedules are cyclic, the value came from elsewhere (0 and 60301 below);
// loops whose flag the code reads now keep the blocked schedule
// (CyclicSchedule.cpp). A rectangular nest, and the iteration counts, for
// comparison; every region checks that it ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#define N 14

int main(void) {
  int Last3 = -1, LastRect = -1, Last2 = -1, OnHost = 1;
  long Count = 0;
#pragma omp target teams distribute parallel for collapse(3) lastprivate(Last3) reduction(+ : Count) map(tofrom : OnHost)
  for (int I = 0; I < N; I++)
    for (int J = I; J < N; J++)
      for (int K = 0; K < J; K++) {
        if (I == 0 && J == 1 && K == 0)
          OnHost = omp_is_initial_device();
        Last3 = I * 10000 + J * 100 + K;
        Count++;
      }
#pragma omp target teams distribute parallel for collapse(3) lastprivate(LastRect)
  for (int I = 0; I < N; I++)
    for (int J = 0; J < N; J++)
      for (int K = 0; K < N; K++)
        LastRect = I * 10000 + J * 100 + K;
#pragma omp target teams distribute parallel for collapse(2) lastprivate(Last2)
  for (int I = 0; I < N; I++)
    for (int J = I; J < N; J++)
      Last2 = I * 100 + J;
  // CHECK: non-rectangular 131312 (910 iterations), rectangular 131313, collapse(2) 1313, on host 0
  printf("non-rectangular %d (%ld iterations), rectangular %d, collapse(2) %d, "
         "on host %d\n",
         Last3, Count, LastRect, Last2, OnHost);
  return 0;
}
