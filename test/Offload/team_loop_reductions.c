// A team loop (`target teams distribute`) whose body reduces with a nested
// `parallel for reduction` and stores the result from team code, many
// iterations per team, as ports from CUDA write a row-wise reduction
// (HeCBench keogh): on the GPU every thread runs the team code, thread 0
// alone the stores, and the guard that clears the reduction variable starts
// without a barrier after the loop head's load of the loop's bound, which it
// does not write. A second loop, in `target teams` code, strides by the
// league, advances a step the parallel region reads and may stop early.
// Every sum is checked against its exact value.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { Rows = 3001, Cols = 97, Teams = 13, Threads = 64 };

// Row I's sum of (I + J) % 7 over J in [0, Cols).
static long rowSum(int I) {
  long Sum = 0;
  for (int J = 0; J < Cols; J++)
    Sum += (I + J) % 7;
  return Sum;
}

static int rowSums(void) {
  long *Out = malloc(sizeof(long) * Rows);
  int OnHost = 0;
#pragma omp target teams distribute num_teams(Teams) thread_limit(Threads)   \
    map(from : Out[0:Rows]) map(tofrom : OnHost)
  for (int I = 0; I < Rows; I++) {
    long Sum = 0;
#pragma omp parallel for reduction(+ : Sum)
    for (int J = 0; J < Cols; J++)
      Sum += (I + J) % 7;
    Out[I] = Sum;
    if (omp_is_initial_device())
      OnHost = 1;
  }
  int Ok = !OnHost;
  for (int I = 0; I < Rows; I++)
    if (Out[I] != rowSum(I)) {
      printf("row %d: %ld, expected %ld\n", I, Out[I], rowSum(I));
      Ok = 0;
      break;
    }
  free(Out);
  return Ok;
}

// Team code advances Step each iteration; the region adds Step to every
// column's term, and the loop stops early once Step passes Limit.
static int steppedSums(void) {
  enum { Limit = 40 };
  long *Out = calloc(Rows, sizeof(long));
  int OnHost = 0, League = 0;
#pragma omp target teams num_teams(Teams) thread_limit(Threads)              \
    map(tofrom : Out[0:Rows], OnHost, League)
  {
    int Step = 0;
    int Team = omp_get_team_num(), Stride = omp_get_num_teams();
    if (Team == 0)
      League = Stride;
    for (int I = Team; I < Rows && Step <= Limit; I += Stride) {
      long Sum = 0;
#pragma omp parallel for reduction(+ : Sum)
      for (int J = 0; J < Cols; J++)
        Sum += (I + J) % 7 + Step;
      Out[I] = Sum;
      Step += 1;
      if (omp_is_initial_device())
        OnHost = 1;
    }
  }
  int Ok = !OnHost && League > 0;
  for (int I = 0; Ok && I < Rows; I++) {
    long Step = I / League;
    long Expected = Step <= Limit ? rowSum(I) + Step * Cols : 0;
    if (Out[I] != Expected) {
      printf("stepped row %d: %ld, expected %ld\n", I, Out[I], Expected);
      Ok = 0;
      break;
    }
  }
  free(Out);
  return Ok;
}

int main(void) {
  int RowsOk = rowSums(), SteppedOk = steppedSums();
  // CHECK: row sums: ok
  printf("row sums: %s\n", RowsOk ? "ok" : "FAILED");
  // CHECK-NEXT: stepped sums: ok
  printf("stepped sums: %s\n", SteppedOk ? "ok" : "FAILED");
  return !(RowsOk && SteppedOk);
}
