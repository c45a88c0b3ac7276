// A deferred region keeps the firstprivate values of the moment it was met,
// even when their variables are gone by the time it runs.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 64

static int Out[4][N];
// OnDev[Slot]: 1 when the region of that slot ran on the offload device.
static int OnDev[4];

static void start(int Slot, int Scale) {
  int Table[N];
  for (int I = 0; I < N; ++I)
    Table[I] = I * Scale;
#pragma omp target nowait firstprivate(Table) map(from : Out[Slot][0:N], OnDev[Slot:1])
  {
    OnDev[Slot] = !omp_is_initial_device();
    for (int I = 0; I < N; ++I)
      Out[Slot][I] = Table[I] + Slot;
  }
  // Table's storage is reused by the next call before the task runs.
}

int main(void) {
#pragma omp target enter data map(alloc : Out)
  for (int S = 0; S < 4; ++S)
    start(S, S + 1);
#pragma omp taskwait
#pragma omp target exit data map(from : Out)
  long Sum = 0;
  for (int S = 0; S < 4; ++S)
    for (int I = 0; I < N; ++I)
      Sum += Out[S][I];
  // sum over S of (S+1)*2016 + 64*S = 2016*10 + 64*6
  // CHECK: sum 20544 on-device 4
  printf("sum %ld on-device %d\n", Sum, OnDev[0] + OnDev[1] + OnDev[2] + OnDev[3]);
  return 0;
}
