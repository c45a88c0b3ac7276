// Collapsed nests of `int` loops whose bounds are run-time values, as
// stencils and matrix codes write them: from 0 and from 1 to n - 1, with a
// negative lower bound, with num_teams and num_threads, and with counts of
// zero or less (no iteration runs). On the GPU their per-iteration bound
// test is gone (openmp-device-nonnegative-extends): every point must still
// be written exactly once and no point outside the nest at all.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: from 0, 37 x 53: ok
// CHECK: from 1 to n - 1, 19^3: ok
// CHECK: from -5, 23 x 31: ok
// CHECK: num_teams and num_threads, 64 x 64: ok
// CHECK: n = 2, n = 0, n = -3: ok
// CHECK: on the device: 5 of 5
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

static long countBad(const int *Out, long Size, const char *Want) {
  long Bad = 0;
  for (long E = 0; E < Size; E++)
    Bad += Out[E] != Want[E];
  return Bad;
}

static void fromZero(int N, int M) {
  int *Out = calloc((size_t)N * M, sizeof(int));
  char *Want = malloc((size_t)N * M);
  int Dev = 0;
#pragma omp target teams distribute parallel for collapse(2)                  \
    map(tofrom : Out[0:N * M], Dev)
  for (int I = 0; I < N; I++)
    for (int J = 0; J < M; J++) {
      Out[I * M + J] += 1;
      if (I == 0 && J == 0)
        Dev = !omp_is_initial_device();
    }
  for (long E = 0; E < (long)N * M; E++)
    Want[E] = 1;
  report("from 0, 37 x 53", countBad(Out, (long)N * M, Want), Dev);
  free(Out);
  free(Want);
}

static void interior(int N) {
  long Size = (long)N * N * N;
  int *Out = calloc(Size, sizeof(int));
  char *Want = calloc(Size, 1);
  int Dev = 0;
#pragma omp target teams distribute parallel for collapse(3)                  \
    map(tofrom : Out[0:Size], Dev)
  for (int I = 1; I < N - 1; I++)
    for (int J = 1; J < N - 1; J++)
      for (int K = 1; K < N - 1; K++) {
        Out[((long)I * N + J) * N + K] += 1;
        if (I == 1 && J == 1 && K == 1)
          Dev = !omp_is_initial_device();
      }
  for (int I = 1; I < N - 1; I++)
    for (int J = 1; J < N - 1; J++)
      for (int K = 1; K < N - 1; K++)
        Want[((long)I * N + J) * N + K] = 1;
  report("from 1 to n - 1, 19^3", countBad(Out, Size, Want), Dev);
  free(Out);
  free(Want);
}

static void negativeStart(int Lo, int N, int M) {
  long Size = (long)(N - Lo) * M;
  int *Out = calloc(Size, sizeof(int));
  int Dev = 0;
#pragma omp target teams distribute parallel for collapse(2)                  \
    map(tofrom : Out[0:Size], Dev)
  for (int I = Lo; I < N; I++)
    for (int J = 0; J < M; J++) {
      Out[(long)(I - Lo) * M + J] += I + 100;
      if (I == Lo && J == 0)
        Dev = !omp_is_initial_device();
    }
  long Bad = 0;
  for (int I = Lo; I < N; I++)
    for (int J = 0; J < M; J++)
      Bad += Out[(long)(I - Lo) * M + J] != I + 100;
  report("from -5, 23 x 31", Bad, Dev);
  free(Out);
}

static void explicitGrid(int N) {
  int *Out = calloc((size_t)N * N, sizeof(int));
  char *Want = malloc((size_t)N * N);
  int Dev = 0;
#pragma omp target teams distribute parallel for collapse(2)                  \
    num_teams(N * N / 256) num_threads(256) map(tofrom : Out[0:N * N], Dev)
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < N; ++I) {
      Out[I + J * N] += (I < N - 1) + (J > 0) + 1;
      if (I == 0 && J == 0)
        Dev = !omp_is_initial_device();
    }
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < N; ++I)
      Want[I + J * N] = (char)((I < N - 1) + (J > 0) + 1);
  report("num_teams and num_threads, 64 x 64", countBad(Out, (long)N * N, Want),
         Dev);
  free(Out);
  free(Want);
}

// Interior nests of n = 2, 0 and -3 have no iteration: nothing is written.
static void empty(void) {
  int Out[8] = {0};
  int Dev = 0;
  int Sizes[3] = {2, 0, -3};
  for (int S = 0; S < 3; S++) {
    int N = Sizes[S];
#pragma omp target teams distribute parallel for collapse(3)                  \
    map(tofrom : Out, Dev)
    for (int I = 1; I < N - 1; I++)
      for (int J = 1; J < N - 1; J++)
        for (int K = 1; K < N - 1; K++)
          Out[(I + J + K) & 7] += 1;
#pragma omp target map(from : Dev)
    Dev = !omp_is_initial_device();
  }
  long Bad = 0;
  for (int E = 0; E < 8; E++)
    Bad += Out[E] != 0;
  report("n = 2, n = 0, n = -3", Bad, Dev);
}

int main(void) {
  fromZero(37, 53);
  interior(19);
  negativeStart(-5, 18, 31);
  explicitGrid(64);
  empty();
  printf("on the device: %d of 5\n", OnDevice);
  return 0;
}
