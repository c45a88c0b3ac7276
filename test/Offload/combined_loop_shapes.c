// `target teams distribute parallel for` without schedule clauses over
// loops of many shapes: every iteration runs once, lastprivate takes the
// last iteration's value and a reduction sees every iteration, for trip
// counts below, at and far above the number of threads of the league, up
// and down, with steps other than one, signed and unsigned, 32 and 64 bits,
// and collapsed. On GPUs these kernels run one cyclic loop over all the
// league's threads (openmp-device-league-loops).
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.O0
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.O0 | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int OnDevice = 1;

// Marks A[i] once per visit; returns whether every index was visited once,
// the lastprivate value is the last iteration's and the sum is complete.
static int up(int N, int Step) {
  int *A = calloc(N > 0 ? N : 1, sizeof(int));
  int Last = -1;
  long Sum = 0;
#pragma omp target teams distribute parallel for map(tofrom : A[0:N], OnDevice) \
    lastprivate(Last) reduction(+ : Sum)
  for (int I = 0; I < N; I += Step) {
    A[I] += 1;
    Last = I;
    Sum += I;
    if (omp_is_initial_device())
      OnDevice = 0;
  }
  int Ok = 1;
  long Want = 0;
  int WantLast = -1;
  for (int I = 0; I < N; ++I) {
    int Visited = I % Step == 0;
    Ok &= A[I] == Visited;
    if (Visited) {
      Want += I;
      WantLast = I;
    }
  }
  free(A);
  return Ok && Sum == Want && (N <= 0 || Last == WantLast);
}

static int down_unsigned(unsigned N) {
  unsigned char *A = calloc(N + 1, 1);
  unsigned Last = 0;
#pragma omp target teams distribute parallel for map(tofrom : A[0:N + 1]) \
    lastprivate(Last)
  for (unsigned I = N; I > 0; --I) {
    A[I] += 1;
    Last = I;
  }
  int Ok = A[0] == 0;
  for (unsigned I = 1; I <= N; ++I)
    Ok &= A[I] == 1;
  free(A);
  return Ok && Last == 1;
}

static int wide(long N) {
  long Count = 0, Last = -1;
#pragma omp target teams distribute parallel for reduction(+ : Count) \
    lastprivate(Last)
  for (long I = -N; I < N; I += 5) {
    Count += 1;
    Last = I;
  }
  long Trips = (2 * N + 4) / 5;
  return Count == Trips && Last == -N + (Trips - 1) * 5;
}

static int collapsed(int Rows, int Cols) {
  int *A = calloc(Rows * Cols, sizeof(int));
  int LastI = -1, LastJ = -1;
#pragma omp target teams distribute parallel for collapse(2) \
    map(tofrom : A[0:Rows * Cols]) lastprivate(LastI, LastJ)
  for (int I = 0; I < Rows; ++I)
    for (int J = 0; J < Cols; ++J) {
      A[I * Cols + J] += 1;
      LastI = I;
      LastJ = J;
    }
  int Ok = 1;
  for (int K = 0; K < Rows * Cols; ++K)
    Ok &= A[K] == 1;
  free(A);
  return Ok && LastI == Rows - 1 && LastJ == Cols - 1;
}

int main(void) {
  int Ok = 1;
  int Sizes[] = {0, 1, 7, 255, 256, 257, 4096, 100003};
  for (unsigned K = 0; K < sizeof(Sizes) / sizeof(Sizes[0]); ++K)
    for (int Step = 1; Step <= 3; Step += 2)
      if (!up(Sizes[K], Step)) {
        printf("up %d step %d wrong\n", Sizes[K], Step);
        Ok = 0;
      }
  Ok &= down_unsigned(5) && down_unsigned(70000);
  Ok &= wide(3) && wide(1000001);
  Ok &= collapsed(3, 5) && collapsed(300, 257);
  // CHECK-NOT: wrong
  // CHECK: shapes 1 on-device 1
  printf("shapes %d on-device %d\n", Ok, OnDevice);
  return 0;
}
