// The OpenMP allocator routines and the allocate clause in device code.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

int main(void) {
  int Sum = 0, Aligned = 0, Kept = 0, Zeroed = 1, Private = 0, OnDev = 0;
#pragma omp target map(tofrom : Sum, Aligned, Kept, Zeroed, Private, OnDev)
  {
    OnDev = !omp_is_initial_device();
    int *P = (int *)omp_alloc(64 * sizeof(int), omp_default_mem_alloc);
    for (int I = 0; I < 64; ++I)
      P[I] = I;
    P = (int *)omp_realloc(P, 128 * sizeof(int), omp_default_mem_alloc,
                           omp_default_mem_alloc);
    for (int I = 0; I < 64; ++I)
      Sum += P[I];
    Kept = P[63] == 63;
    omp_free(P, omp_default_mem_alloc);
    double *D = (double *)omp_aligned_alloc(256, 10 * sizeof(double),
                                            omp_default_mem_alloc);
    Aligned = ((uintptr_t)D % 256) == 0;
    omp_free(D, omp_default_mem_alloc);
    int *C = (int *)omp_calloc(32, sizeof(int), omp_default_mem_alloc);
    for (int I = 0; I < 32; ++I)
      Zeroed &= C[I] == 0;
    omp_free(C, omp_default_mem_alloc);
    int X = 0;
#pragma omp parallel num_threads(2) private(X) allocate(omp_default_mem_alloc : X)
    {
      X = omp_get_thread_num() + 1;
#pragma omp atomic
      Private += X;
    }
  }
  // CHECK: sum 2016 kept 1 aligned 1 zeroed 1 private {{[13]}} on-device 1
  printf("sum %d kept %d aligned %d zeroed %d private %d on-device %d\n", Sum, Kept,
         Aligned, Zeroed, Private, OnDev);
  return 0;
}
