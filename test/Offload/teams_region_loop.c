// `target teams` whose whole region is one `distribute parallel for` runs
// as the combined `target teams distribute parallel for` does (on GPUs an
// SPMD kernel, docs/Design.md "kernel-modes"): every iteration once, with
// num_teams and thread_limit, a firstprivate of the teams construct,
// schedule clauses, collapse(2) and an unsigned loop. The forms that keep
// the generic kernel (a private copy for the team, reductions, lastprivate,
// two loops in the region) give the same results. (The two loops write
// different arrays: which team runs an iteration of a distribute loop
// without dist_schedule is the implementation's, so a second loop over the
// first one's results would race.)
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: whole region: ok
// CHECK: num_teams and thread_limit: ok
// CHECK: firstprivate: ok
// CHECK: schedules: ok
// CHECK: collapse(2): ok
// CHECK: unsigned: ok
// CHECK: private on teams: ok
// CHECK: reductions: ok
// CHECK: lastprivate: ok
// CHECK: two loops: ok
// CHECK: on the device: 10 of 10
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 100003, Rows = 37, Cols = 1001 };
static long B[N];

static int OnDevice;

/// Prints whether A[0:Count] holds Want(i) = i * Mul + Add and counts a
/// region that ran on the offload device.
static void check(const char *What, const long *A, long Count, long Mul,
                  long Add, int Dev) {
  long Bad = 0;
  for (long I = 0; I < Count; ++I)
    Bad += A[I] != I * Mul + Add;
  printf("%s: %s\n", What, Bad ? "WRONG" : "ok");
  if (Bad)
    printf("  %ld wrong elements\n", Bad);
  OnDevice += Dev;
}

int main(void) {
  long *A = calloc(N, sizeof(long));
  int Dev = 0;

#pragma omp target teams map(tofrom : A[0:N], Dev)
  {
#pragma omp distribute parallel for
    for (int I = 0; I < N; ++I) {
      A[I] = 2L * I + 1;
      if (I == 0)
        Dev = !omp_is_initial_device();
    }
  }
  check("whole region", A, N, 2, 1, Dev);

  Dev = 0;
#pragma omp target teams num_teams(7) thread_limit(64) map(tofrom : A[0:N], Dev)
#pragma omp distribute parallel for num_threads(32)
  for (int I = 0; I < N; ++I) {
    A[I] = 3L * I;
    if (I == N - 1)
      Dev = !omp_is_initial_device();
  }
  check("num_teams and thread_limit", A, N, 3, 0, Dev);

  Dev = 0;
  long Scale = 5;
#pragma omp target teams firstprivate(Scale) map(tofrom : A[0:N], Dev)
#pragma omp distribute parallel for
  for (int I = 0; I < N; ++I) {
    A[I] = Scale * I + 2;
    if (I == 7)
      Dev = !omp_is_initial_device();
  }
  check("firstprivate", A, N, 5, 2, Dev);

  Dev = 0;
#pragma omp target teams map(tofrom : A[0:N], Dev)
#pragma omp distribute parallel for dist_schedule(static, 1000)               \
    schedule(static, 3)
  for (int I = 0; I < N; ++I) {
    A[I] = 4L * I + 3;
    if (I == 1)
      Dev = !omp_is_initial_device();
  }
  check("schedules", A, N, 4, 3, Dev);

  Dev = 0;
#pragma omp target teams map(tofrom : A[0:Rows * Cols], Dev)
#pragma omp distribute parallel for collapse(2)
  for (int R = 0; R < Rows; ++R)
    for (int C = 0; C < Cols; ++C) {
      A[R * Cols + C] = 6L * (R * Cols + C) + 1;
      if (R == 0 && C == 0)
        Dev = !omp_is_initial_device();
    }
  check("collapse(2)", A, (long)Rows * Cols, 6, 1, Dev);

  Dev = 0;
  unsigned Count = N;
#pragma omp target teams map(tofrom : A[0:N], Dev)
#pragma omp distribute parallel for
  for (unsigned I = 0; I < Count; ++I) {
    A[I] = 7L * I + 4;
    if (I == 3)
      Dev = !omp_is_initial_device();
  }
  check("unsigned", A, N, 7, 4, Dev);

  Dev = 0;
  long Team = 0;
#pragma omp target teams private(Team) map(tofrom : A[0:N], Dev)
#pragma omp distribute parallel for
  for (int I = 0; I < N; ++I) {
    A[I] = 8L * I;
    if (I == 5)
      Dev = !omp_is_initial_device();
  }
  check("private on teams", A, N, 8, 0, Dev);

  Dev = 0;
  long Sum = 0;
#pragma omp target teams map(tofrom : A[0:N], Dev) reduction(+ : Sum)
#pragma omp distribute parallel for reduction(+ : Sum)
  for (int I = 0; I < N; ++I) {
    Sum += A[I];
    if (I == 0)
      Dev = !omp_is_initial_device();
  }
  printf("reductions: %s\n", Sum == 8L * ((long)N * (N - 1) / 2) ? "ok" : "WRONG");
  OnDevice += Dev;

  Dev = 0;
  int Last = -1;
#pragma omp target teams map(tofrom : A[0:N], Dev, Last)
#pragma omp distribute parallel for lastprivate(Last)
  for (int I = 0; I < N; ++I) {
    Last = I;
    if (I == 0)
      Dev = !omp_is_initial_device();
  }
  printf("lastprivate: %s\n", Last == N - 1 ? "ok" : "WRONG");
  OnDevice += Dev;

  Dev = 0;
#pragma omp target teams map(tofrom : A[0:N], B, Dev)
  {
#pragma omp distribute parallel for
    for (int I = 0; I < N; ++I)
      B[I] = I;
#pragma omp distribute parallel for
    for (int I = 0; I < N; ++I) {
      A[I] = 2L * I + 9;
      if (I == 2)
        Dev = !omp_is_initial_device();
    }
  }
  check("two loops", A, N, 2, 9, Dev);

  printf("on the device: %d of 10\n", OnDevice);
  free(A);
  return 0;
}
