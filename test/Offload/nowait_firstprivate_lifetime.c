// A deferred region keeps the firstprivate values of the moment it was met,
// even when their variables are gone by the time it runs.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#define N 64

static int Out[4][N];

static void start(int Slot, int Scale) {
  int Table[N];
  for (int I = 0; I < N; ++I)
    Table[I] = I * Scale;
#pragma omp target nowait firstprivate(Table) map(from : Out[Slot][0:N])
  for (int I = 0; I < N; ++I)
    Out[Slot][I] = Table[I] + Slot;
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
  // CHECK: sum 20544
  printf("sum %ld\n", Sum);
  return 0;
}
