// Generic-form teams reductions: `target teams reduction(op: x)` whose
// distribute loop runs a `parallel for reduction(op: x)` per chunk. On the
// GPU each thread of a guarded kernel keeps its own copy of the team's x
// and the block combines them once (TeamsReductionCopies.h); the regions
// that must keep one copy per team (the team code reads or assigns x,
// another operator, another item) run as before. Every result is checked
// against the host's, with more teams than chunks (teams without work), a
// region of fewer threads than the block, two regions per chunk, and
// types from int to double _Complex.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -latomic
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <complex.h>
#include <omp.h>
#include <stdio.h>

#define N 100003
#define CHUNK 1000
#define CHUNKS ((N + CHUNK - 1) / CHUNK)

static int A[N];
static double D[N];

#define LO(c) ((c) * CHUNK)
#define HI(c) ((c) * CHUNK + CHUNK < N ? (c) * CHUNK + CHUNK : N)

#define PRAGMA(text) _Pragma(#text)
#define OMP(text) PRAGMA(omp text)

/* NAME(Teams): X op= F over every i, the team's chunks each reduced by a
 * parallel for. */
#define GENERIC(NAME, T, OP, INIT, X, F)                                       \
  static T NAME(int Teams) {                                                   \
    T X = INIT;                                                                \
    OMP(target teams num_teams(Teams) reduction(OP : X))                       \
    OMP(distribute)                                                            \
    for (int c = 0; c < CHUNKS; c++) {                                         \
      OMP(parallel for reduction(OP : X))                                      \
      for (int i = LO(c); i < HI(c); i++)                                      \
        X = F;                                                                 \
    }                                                                          \
    return X;                                                                  \
  }

GENERIC(sumLong, long, +, 0, s, s + A[i])
GENERIC(maxInt, int, max, -1000, m, A[i] > m ? A[i] : m)
GENERIC(minInt, int, min, 1000, m, A[i] < m ? A[i] : m)
GENERIC(xorInt, int, ^, 0, x, x ^ A[i])
GENERIC(sumDouble, double, +, 0, d, d + D[i])
GENERIC(mulInt, int, *, 1, p, p * (A[i] % 3 == 0 ? -1 : 1))
GENERIC(andInt, int, &&, 1, a, a && A[i] != 0)
GENERIC(orInt, int, ||, 0, a, a || A[i] == 499)

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i] = (i * 7919) % 1000 - 500;
    D[i] = (double)((i * 31) % 97) / 8.0;
  }
  int OnDevice = 0;
#pragma omp target map(from : OnDevice)
  OnDevice = !omp_is_initial_device();
  // CHECK: on device 1
  printf("on device %d\n", OnDevice);

  long WantSum = 0;
  int WantMax = -1000, WantMin = 1000, WantXor = 0, WantMul = 1, WantAnd = 1,
      WantOr = 0;
  double WantD = 0;
  for (int i = 0; i < N; i++) {
    WantSum += A[i];
    WantMax = A[i] > WantMax ? A[i] : WantMax;
    WantMin = A[i] < WantMin ? A[i] : WantMin;
    WantXor ^= A[i];
    WantD += D[i];
    WantMul *= A[i] % 3 == 0 ? -1 : 1;
    WantAnd = WantAnd && A[i] != 0;
    WantOr = WantOr || A[i] == 499;
  }
  // CHECK-NEXT: expected mul 1 && 0 || 1
  printf("expected mul %d && %d || %d\n", WantMul, WantAnd, WantOr);

  // 1, 4, 16, 64 and 256 teams for 101 chunks.
  for (int Teams = 1; Teams <= 4 * CHUNKS; Teams *= 4)
    // CHECK-COUNT-5: sum 1 max 1 min 1 xor 1 double 1 mul 1 && 1 || 1
    printf("sum %d max %d min %d xor %d double %d mul %d && %d || %d\n",
           sumLong(Teams) == WantSum, maxInt(Teams) == WantMax,
           minInt(Teams) == WantMin, xorInt(Teams) == WantXor,
           sumDouble(Teams) == WantD, mulInt(Teams) == WantMul,
           andInt(Teams) == WantAnd, orInt(Teams) == WantOr);

  // double _Complex: two parts, each initialized once.
  double _Complex Z = 0;
#pragma omp target teams reduction(+ : Z)
#pragma omp distribute
  for (int c = 0; c < CHUNKS; c++) {
#pragma omp parallel for reduction(+ : Z)
    for (int i = LO(c); i < HI(c); i++)
      Z += D[i] + 2 * D[i] * I;
  }
  // CHECK-NEXT: complex 1 1
  printf("complex %d %d\n", creal(Z) == WantD, cimag(Z) == 2 * WantD);

  // A region of 7 threads, and two regions per chunk.
  long Seven = 0, Twice = 0;
#pragma omp target teams reduction(+ : Seven) thread_limit(128)
#pragma omp distribute
  for (int c = 0; c < CHUNKS; c++) {
#pragma omp parallel for reduction(+ : Seven) num_threads(7)
    for (int i = LO(c); i < HI(c); i++)
      Seven += A[i];
  }
#pragma omp target teams reduction(+ : Twice)
#pragma omp distribute
  for (int c = 0; c < CHUNKS; c++) {
#pragma omp parallel for reduction(+ : Twice)
    for (int i = LO(c); i < HI(c); i++)
      Twice += A[i];
#pragma omp parallel for reduction(+ : Twice)
    for (int i = LO(c); i < HI(c); i++)
      Twice += 1;
  }
  // CHECK-NEXT: seven threads 1 two regions 1
  printf("seven threads %d two regions %d\n", Seven == WantSum,
         Twice == WantSum + N);

  // A region that runs serialized (if(0)), one with a nested parallel
  // region, and chunks handed to the teams four at a time.
  long Serial = 0, Nested = 0, Dealt = 0;
  int Cond = 0;
#pragma omp target teams reduction(+ : Serial) num_teams(4)
#pragma omp distribute
  for (int c = 0; c < CHUNKS; c++) {
#pragma omp parallel for reduction(+ : Serial) if(Cond)
    for (int i = LO(c); i < HI(c); i++)
      Serial += A[i];
  }
#pragma omp target teams reduction(+ : Nested) num_teams(4)
#pragma omp distribute
  for (int c = 0; c < CHUNKS; c++) {
#pragma omp parallel reduction(+ : Nested)
    {
#pragma omp for
      for (int i = LO(c); i < HI(c); i++) {
        long Inner = 0;
#pragma omp parallel for reduction(+ : Inner)
        for (int k = 0; k < 2; k++)
          Inner += A[i];
        Nested += Inner;
      }
    }
  }
#pragma omp target teams reduction(+ : Dealt) num_teams(5)
#pragma omp distribute dist_schedule(static, 4)
  for (int c = 0; c < CHUNKS; c++) {
#pragma omp parallel for reduction(+ : Dealt)
    for (int i = LO(c); i < HI(c); i++)
      Dealt += A[i];
  }
  // CHECK-NEXT: serialized 1 nested 1 dealt 1
  printf("serialized %d nested %d dealt %d\n", Serial == WantSum,
         Nested == 2 * WantSum, Dealt == WantSum);

  // Regions that write only the thread's own memory end without a barrier;
  // the team code's write of a shared local still waits for the region
  // before (Staged), and a region that reads what the next one overwrites
  // keeps its barrier (Flipped: the next region writes the chunk reversed,
  // so each thread overwrites what others read).
  long Staged = 0, WantStaged = 0, Flipped = 0;
  for (int c = 0; c < CHUNKS; c++)
    WantStaged += (long)c * (HI(c) - LO(c));
#pragma omp target teams reduction(+ : Staged) num_teams(3)
  {
    long Base[8] = {0};
#pragma omp distribute
    for (int c = 0; c < CHUNKS; c++) {
      Base[0] = c;
#pragma omp parallel for reduction(+ : Staged)
      for (int i = LO(c); i < HI(c); i++)
        Staged += Base[0];
    }
  }
#pragma omp target teams reduction(+ : Flipped) num_teams(3)
#pragma omp distribute
  for (int c = 0; c < CHUNKS; c++) {
#pragma omp parallel for reduction(+ : Flipped)
    for (int i = LO(c); i < HI(c); i++)
      Flipped += A[i];
#pragma omp parallel for
    for (int i = LO(c); i < HI(c); i++)
      A[LO(c) + HI(c) - 1 - i] = 0;
  }
  // CHECK-NEXT: staged 1 flipped 1
  printf("staged %d flipped %d\n", Staged == WantStaged, Flipped == WantSum);
  for (int i = 0; i < N; i++)
    A[i] = (i * 7919) % 1000 - 500;

  // The team's copy must stay one: the team code reads it between chunks,
  // assigns it, or the region reduces with another operator.
  long Seen = 0, Reset = 0;
  int Mixed = 0;
#pragma omp target teams reduction(+ : Seen) num_teams(1)
#pragma omp distribute
  for (int c = 0; c < CHUNKS; c++) {
    if (Seen > 1000000000)
      Seen = 0;
#pragma omp parallel for reduction(+ : Seen)
    for (int i = LO(c); i < HI(c); i++)
      Seen += 1;
  }
#pragma omp target teams reduction(+ : Reset) num_teams(1)
  {
    Reset = 5;
#pragma omp distribute
    for (int c = 0; c < CHUNKS; c++) {
#pragma omp parallel for reduction(+ : Reset)
      for (int i = LO(c); i < HI(c); i++)
        Reset += 1;
    }
  }
#pragma omp target teams reduction(+ : Mixed) num_teams(1)
#pragma omp distribute
  for (int c = 0; c < CHUNKS; c++) {
#pragma omp parallel for reduction(max : Mixed)
    for (int i = LO(c); i < HI(c); i++)
      Mixed = A[i] > Mixed ? A[i] : Mixed;
  }
  // One team: Mixed sums nothing but the max over all chunks, each chunk's
  // max reduced into the running value with max.
  // CHECK-NEXT: read 1 assigned 1 mixed 1
  printf("read %d assigned %d mixed %d\n", Seen == N, Reset == 5 + N,
         Mixed == WantMax);
  return 0;
}
