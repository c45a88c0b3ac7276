// atomic read/write/update with seq_cst, acquire and release, and flush, in
// device code (the GPU back end selects only relaxed atomics and no fences:
// they become relaxed accesses with memory barriers).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int Flag = 0, Data = 0, Seen = -1, Count = 0, OnDev = 0;
#pragma omp target map(tofrom : Flag, Data, Seen, Count, OnDev)
  {
    OnDev = !omp_is_initial_device();
    Data = 42;
#pragma omp atomic write release
    Flag = 1;
    int F;
#pragma omp atomic read acquire
    F = Flag;
    if (F)
      Seen = Data;
#pragma omp atomic write seq_cst
    Count = 5;
#pragma omp atomic update seq_cst
    Count += 2;
#pragma omp flush
#pragma omp atomic read seq_cst
    F = Count;
    Count = F * 10;
  }
  // CHECK: seen 42 count 70 on-device 1
  printf("seen %d count %d on-device %d\n", Seen, Count, OnDev);

  int Sum = 0;
  OnDev = 0;
#pragma omp target teams distribute parallel for map(tofrom : Sum, OnDev)
  for (int I = 0; I < 1000; ++I) {
#pragma omp atomic update seq_cst
    Sum += I;
    if (I == 0)
      OnDev = !omp_is_initial_device();
  }
  // CHECK: sum 499500 on-device 1
  printf("sum %d on-device %d\n", Sum, OnDev);
  return 0;
}
