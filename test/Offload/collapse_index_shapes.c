// Collapsed loops recover their indices from one linear index, which GPU
// threads walk in grid-stride chunk loops. Every element of shapes that
// stress the recovery and the chunks (sizes that are not multiples of
// anything, negative lower bounds, steps above 1, unsigned and long
// counters, a grid-stride loop longer than the grid) is visited exactly
// once with its own indices, optimized or not; a loop of the region's own
// that divides by a divisor of either sign gets the same quotients as the
// host.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -O0 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: collapse(2) int: ok
// CHECK: collapse(3) negative bounds and steps: ok
// CHECK: collapse(3) unsigned and long: ok
// CHECK: collapse(2) parallel for: ok
// CHECK: region's own divisions: ok
// CHECK: on the device: 5 of 5
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int OnDevice;

static void report(const char *What, long Bad) {
  printf("%s: %s\n", What, Bad ? "WRONG" : "ok");
  if (Bad)
    printf("  %ld wrong elements\n", Bad);
}

// 1000 x 333: the inner size is prime to every warp and block size.
static void collapse2(int Ni, int Nj) {
  int *Out = calloc((size_t)Ni * Nj, sizeof(int));
  int Dev = 0;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : Out[0:Ni * Nj], Dev)
  for (int I = 0; I < Ni; ++I)
    for (int J = 0; J < Nj; ++J) {
      Out[I * Nj + J] += I * 1000 + J + 1;
      if (I == 0 && J == 0)
        Dev = !omp_is_initial_device();
    }
  long Bad = 0;
  for (int I = 0; I < Ni; ++I)
    for (int J = 0; J < Nj; ++J)
      Bad += Out[I * Nj + J] != I * 1000 + J + 1;
  OnDevice += Dev;
  report("collapse(2) int", Bad);
  free(Out);
}

// i from -7 by 3, j from 5 down by 2, k from -300 by 7: the linear index's
// divisors are trip counts (10, 23, 117), not the bounds.
static void collapse3Shifted(void) {
  enum { Ni = 10, Nj = 23, Nk = 117 };
  int *Out = calloc(Ni * Nj * Nk, sizeof(int));
  int Dev = 0;
#pragma omp target teams distribute parallel for collapse(3) map(tofrom : Out[0:Ni * Nj * Nk], Dev)
  for (int I = -7; I < -7 + 3 * Ni; I += 3)
    for (int J = 5; J > 5 - 2 * Nj; J -= 2)
      for (int K = -300; K < -300 + 7 * Nk; K += 7) {
        int Ii = (I + 7) / 3, Jj = (5 - J) / 2, Kk = (K + 300) / 7;
        Out[(Ii * Nj + Jj) * Nk + Kk] += I * 100000 + J * 1000 + K + 1;
        if (I == -7 && J == 5 && K == -300)
          Dev = !omp_is_initial_device();
      }
  long Bad = 0;
  for (int Ii = 0; Ii < Ni; ++Ii)
    for (int Jj = 0; Jj < Nj; ++Jj)
      for (int Kk = 0; Kk < Nk; ++Kk) {
        int I = -7 + 3 * Ii, J = 5 - 2 * Jj, K = -300 + 7 * Kk;
        Bad += Out[(Ii * Nj + Jj) * Nk + Kk] != I * 100000 + J * 1000 + K + 1;
      }
  OnDevice += Dev;
  report("collapse(3) negative bounds and steps", Bad);
  free(Out);
}

// Unsigned and long counters, 3 x 1013 x 65 (about 200000 iterations,
// several per thread of a small grid).
static void collapse3Mixed(void) {
  const unsigned Ni = 3;
  const long Nj = 1013;
  const unsigned short Nk = 65;
  long *Out = calloc((size_t)Ni * Nj * Nk, sizeof(long));
  int Dev = 0;
#pragma omp target teams distribute parallel for collapse(3) num_teams(7) thread_limit(64) map(tofrom : Out[0:Ni * Nj * Nk], Dev)
  for (unsigned I = 0; I < Ni; ++I)
    for (long J = 0; J < Nj; ++J)
      for (unsigned short K = 0; K < Nk; ++K) {
        Out[(I * Nj + J) * Nk + K] += (long)I * 10000000 + J * 100 + K + 1;
        if (I == 0 && J == 0 && K == 0)
          Dev = !omp_is_initial_device();
      }
  long Bad = 0;
  for (unsigned I = 0; I < Ni; ++I)
    for (long J = 0; J < Nj; ++J)
      for (unsigned K = 0; K < Nk; ++K)
        Bad += Out[(I * Nj + J) * Nk + K] != (long)I * 10000000 + J * 100 + K + 1;
  OnDevice += Dev;
  report("collapse(3) unsigned and long", Bad);
  free(Out);
}

// A `target parallel for` (one team) over 257 x 129.
static void collapse2ParallelFor(void) {
  enum { Ni = 257, Nj = 129 };
  int *Out = calloc(Ni * Nj, sizeof(int));
  int Dev = 0;
#pragma omp target parallel for collapse(2) map(tofrom : Out[0:Ni * Nj], Dev)
  for (int I = 0; I < Ni; ++I)
    for (int J = 0; J < Nj; ++J) {
      Out[I * Nj + J] += I * Nj + J + 1;
      if (I == 0 && J == 0)
        Dev = !omp_is_initial_device();
    }
  long Bad = 0;
  for (int I = 0; I < Ni * Nj; ++I)
    Bad += Out[I] != I + 1;
  OnDevice += Dev;
  report("collapse(2) parallel for", Bad);
  free(Out);
}

// The region's own loop divides its index by divisors of either sign.
static void ownDivisions(long D) {
  enum { N = 5000 };
  long *Out = calloc(N, sizeof(long));
  int Dev = 0;
#pragma omp target teams distribute parallel for map(tofrom : Out[0:N], Dev) firstprivate(D)
  for (int T = 0; T < 8; ++T) {
    long H = 0;
    for (long I = T; I < N; I += 8)
      H += (I / D) * 3 + I % D + (I / -D) * 5;
    Out[T] = H;
    if (T == 0)
      Dev = !omp_is_initial_device();
  }
  long Bad = 0;
  for (int T = 0; T < 8; ++T) {
    long H = 0;
    for (long I = T; I < N; I += 8)
      H += (I / D) * 3 + I % D + (I / -D) * 5;
    Bad += Out[T] != H;
  }
  OnDevice += Dev;
  report("region's own divisions", Bad);
  free(Out);
}

int main(int Argc, char **Argv) {
  (void)Argv;
  collapse2(1000, 333);
  collapse3Shifted();
  collapse3Mixed();
  collapse2ParallelFor();
  // A divisor the compiler cannot see: 13 here, -13 with an argument.
  ownDivisions(Argc > 1 ? -13 : 13);
  printf("on the device: %d of 5\n", OnDevice);
  return 0;
}
