// lastprivate(conditional:) on a combined target construct: the value of
// the sequentially last iteration that assigned the variable comes back
// (OpenMP 5.0), here from the second of eight threads' chunks, not the
// last one's. Clang 19 does not record a plain `x = e` in C (the Sema step
// makes it, LastprivateConditional.h); it names its helper globals with a
// dot, which device images must not.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void) {
  int A[N], Last = -1, OnDev = 0, Threads = 0;
  double Half = -1.0;
  for (int I = 0; I < N; ++I)
    A[I] = I == 10 || I == 177;
#pragma omp target parallel for lastprivate(conditional : Last, Half)       \
    num_threads(8) map(to : A) map(from : OnDev, Threads)
  for (int I = 0; I < N; ++I) {
    if (A[I]) {
      Last = I;
      (Half) = I * 0.5;
    }
    if (I == 0) {
      OnDev = !omp_is_initial_device();
      Threads = omp_get_num_threads();
    }
  }
  // CHECK: last 177 half 88.5 on-device 1 threads 8
  printf("last %d half %.1f on-device %d threads %d\n", Last, Half, OnDev,
         Threads);
  return 0;
}
