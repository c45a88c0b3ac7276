// Variable-length arrays in target regions: a VLA in each iteration of a
// combined construct, one in the team code of a `target teams` region that
// the team's parallel region fills and reads, one in a declare target
// function that the loop calls, and one in an inner scope of a long loop
// (freed each iteration). On the GPU they live in device memory
// (openmp-device-dynamic-allocas): the NVPTX back end had no dynamic stack,
// and every such kernel crashed the device link ("Cannot select:
// stacksave"). The sizes come from argc, so no optimization makes them
// constant. scan_in_target.c has the scan buffers of `reduction(inscan)`.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -O0 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.O0
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.O0 | FileCheck %s
// CHECK: per iteration: ok
// CHECK-NEXT: team code: ok
// CHECK-NEXT: declare target function: ok
// CHECK-NEXT: inner scope: ok
#include <omp.h>
#include <stdio.h>

enum { Rows = 300, Teams = 40, Steps = 5000 };

#pragma omp declare target
static long sumOfMultiples(int N, int Factor) {
  long Multiples[N];
  for (int K = 0; K < N; K++)
    Multiples[K] = (long)K * Factor;
  long Sum = 0;
  for (int K = N - 1; K >= 0; K--)
    Sum += Multiples[K];
  return Sum;
}
#pragma omp end declare target

static void report(const char *What, int Bad, int OnDevice) {
  printf("%s: %s\n", What, Bad || !OnDevice ? "FAILED" : "ok");
}

static void perIteration(int N) {
  long Out[Rows];
  int OnDevice = 0;
#pragma omp target teams distribute parallel for map(from : Out) map(tofrom : OnDevice)
  for (int I = 0; I < Rows; I++) {
    long Scratch[N + I % 3];
    for (int K = 0; K < N + I % 3; K++)
      Scratch[K] = I + K;
    long Sum = 0;
    for (int K = 0; K < N + I % 3; K++)
      Sum += Scratch[N + I % 3 - 1 - K];
    Out[I] = Sum;
    if (I == 0)
      OnDevice = !omp_is_initial_device();
  }
  int Bad = 0;
  for (int I = 0; I < Rows; I++) {
    long Len = N + I % 3;
    Bad |= Out[I] != Len * I + Len * (Len - 1) / 2;
  }
  report("per iteration", Bad, OnDevice);
}

static void teamCode(int N) {
  long Out[Teams];
  int OnDevice = 0;
#pragma omp target teams num_teams(Teams) map(from : Out) map(tofrom : OnDevice)
  {
    int Team = omp_get_team_num();
    long Shared[N];
#pragma omp parallel for
    for (int K = 0; K < N; K++)
      Shared[K] = (long)Team * N + K;
    long Sum = 0;
    for (int K = 0; K < N; K++)
      Sum += Shared[K];
    if (Team < Teams)
      Out[Team] = Sum;
    if (Team == 0)
      OnDevice = !omp_is_initial_device();
  }
  int Bad = 0;
  for (int T = 0; T < Teams; T++)
    Bad |= Out[T] != (long)T * N * N + (long)N * (N - 1) / 2;
  report("team code", Bad, OnDevice);
}

static void declareTarget(int N) {
  long Out[Rows];
  int OnDevice = 0;
#pragma omp target teams distribute parallel for map(from : Out) map(tofrom : OnDevice)
  for (int I = 0; I < Rows; I++) {
    Out[I] = sumOfMultiples(N + I % 5, I);
    if (I == 0)
      OnDevice = !omp_is_initial_device();
  }
  int Bad = 0;
  for (int I = 0; I < Rows; I++) {
    long Len = N + I % 5;
    Bad |= Out[I] != (long)I * Len * (Len - 1) / 2;
  }
  report("declare target function", Bad, OnDevice);
}

static void innerScope(int N) {
  long Total = 0;
  int OnDevice = 0;
#pragma omp target map(tofrom : Total, OnDevice)
  {
    OnDevice = !omp_is_initial_device();
    for (int Step = 0; Step < Steps; Step++) {
      int Scratch[N];
      for (int K = 0; K < N; K++)
        Scratch[K] = Step + K;
      Total += Scratch[N - 1];
    }
  }
  long Want = (long)Steps * (N - 1) + (long)Steps * (Steps - 1) / 2;
  report("inner scope", Total != Want, OnDevice);
}

int main(int Argc, char **Argv) {
  (void)Argv;
  int N = 60 + Argc;
  perIteration(N);
  teamCode(N);
  declareTarget(N);
  innerScope(N);
  return 0;
}
