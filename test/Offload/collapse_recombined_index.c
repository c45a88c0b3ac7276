// Collapsed loops whose indices the body puts back together in int, as
// code ported from CUDA does: a row index `(b * rows + x) * width` in a
// `teams distribute collapse(2)` around a `parallel for` (HeCBench gelu's
// shape), `i * n + j` and `(i * n + j) * m + k` in combined constructs, and
// a nest with lower bounds and steps whose recombination is not the
// iteration number. The device code folds such sums back to the loop's
// iteration number (openmp-device-recombined-indices); every element must
// still be written once, with its own indices.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: rows of teams: ok
// CHECK: collapse(2) i * n + j: ok
// CHECK: collapse(3) (i * n + j) * m + k: ok
// CHECK: bounds and steps: ok
// CHECK: on the device: 4 of 4
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int OnDevice;

static void report(const char *What, long Bad, int Dev) {
  printf("%s: %s\n", What, Bad ? "WRONG" : "ok");
  if (Bad)
    printf("  %ld wrong elements\n", Bad);
  OnDevice += Dev;
}

// One row of `width` per team, as gelu: 3 batches of 37 rows of 70.
static void rowsOfTeams(int Batches, int Rows, int Width) {
  int *Out = calloc((size_t)Batches * Rows * Width, sizeof(int));
  int Dev = 0;
#pragma omp target teams distribute collapse(2) num_teams(Batches * Rows)     \
    map(tofrom : Out[0:Batches * Rows * Width], Dev)
  for (int B = 0; B < Batches; B++)
    for (int X = 0; X < Rows; X++) {
      int Index = B * Width * Rows + X * Width;
#pragma omp parallel for num_threads(32)
      for (int Y = 0; Y < Width; Y++) {
        Out[Index + Y] += (B * Rows + X) * 1000 + Y + 1;
        if (B == 0 && X == 0 && Y == 0)
          Dev = !omp_is_initial_device();
      }
    }
  long Bad = 0;
  for (int B = 0; B < Batches; B++)
    for (int X = 0; X < Rows; X++)
      for (int Y = 0; Y < Width; Y++)
        Bad += Out[(B * Rows + X) * Width + Y] != (B * Rows + X) * 1000 + Y + 1;
  report("rows of teams", Bad, Dev);
  free(Out);
}

static void linear2(int Ni, int Nj) {
  int *Out = calloc((size_t)Ni * Nj, sizeof(int));
  int Dev = 0;
#pragma omp target teams distribute parallel for collapse(2)                  \
    map(tofrom : Out[0:Ni * Nj], Dev)
  for (int I = 0; I < Ni; I++)
    for (int J = 0; J < Nj; J++) {
      Out[I * Nj + J] += I * Nj + J + 1;
      if (I == 0 && J == 0)
        Dev = !omp_is_initial_device();
    }
  long Bad = 0;
  for (long E = 0; E < (long)Ni * Nj; E++)
    Bad += Out[E] != E + 1;
  report("collapse(2) i * n + j", Bad, Dev);
  free(Out);
}

static void linear3(int Ni, int Nj, int Nk) {
  int *Out = calloc((size_t)Ni * Nj * Nk, sizeof(int));
  int Dev = 0;
#pragma omp target teams distribute parallel for collapse(3)                  \
    map(tofrom : Out[0:Ni * Nj * Nk], Dev)
  for (int I = 0; I < Ni; I++)
    for (int J = 0; J < Nj; J++)
      for (int K = 0; K < Nk; K++) {
        Out[(I * Nj + J) * Nk + K] += (I * Nj + J) * Nk + K + 1;
        if (I == 0 && J == 0 && K == 0)
          Dev = !omp_is_initial_device();
      }
  long Bad = 0;
  for (long E = 0; E < (long)Ni * Nj * Nk; E++)
    Bad += Out[E] != E + 1;
  report("collapse(3) (i * n + j) * m + k", Bad, Dev);
  free(Out);
}

// I in -3, -1, ..., J in 5, 8, ...: I * Nj + J is not the iteration number.
static void boundsAndSteps(int Ni, int Nj) {
  int Span = 2 * Ni * (3 * Nj + 5);
  int *Out = calloc((size_t)Span, sizeof(int));
  int Dev = 0;
#pragma omp target teams distribute parallel for collapse(2)                  \
    map(tofrom : Out[0:Span], Dev)
  for (int I = -3; I < 2 * Ni - 3; I += 2)
    for (int J = 5; J < 3 * Nj + 5; J += 3) {
      int Index = (I + 3) * (3 * Nj + 5) + J;
      Out[Index] += Index + 1;
      if (I == -3 && J == 5)
        Dev = !omp_is_initial_device();
    }
  long Bad = 0;
  for (int I = -3; I < 2 * Ni - 3; I += 2)
    for (int J = 5; J < 3 * Nj + 5; J += 3) {
      int Index = (I + 3) * (3 * Nj + 5) + J;
      Bad += Out[Index] != Index + 1;
      Out[Index] = 0;
    }
  for (int E = 0; E < Span; E++)
    Bad += Out[E] != 0;
  report("bounds and steps", Bad, Dev);
  free(Out);
}

int main(void) {
  rowsOfTeams(3, 37, 70);
  linear2(1000, 333);
  linear3(17, 29, 61);
  boundsAndSteps(101, 77);
  printf("on the device: %d of 4\n", OnDevice);
  return 0;
}
