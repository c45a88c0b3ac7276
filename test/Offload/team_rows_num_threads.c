// Row-per-team code in the shape of a layer normalization: `target teams
// distribute` over the rows, in each row three `parallel for num_threads(B)`
// loops (two of them sums), with team code between them that uses the sums.
// The host evaluates B before the construct and launches teams of B threads
// when every parallel construct in the region asks for that same value
// (docs/Design.md, kernel-modes); a region whose parallel constructs ask
// for different values keeps the default team size. Each parallel loop
// checks that it runs on the device with at most B threads and reports the
// most it saw (on the GPU exactly B: a team that is the block); the results
// are checked against the host's. On the GPU, LIBOMPTARGET_INFO shows the
// block size.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t -lm
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t
// GPU-EXIT: 0
// GPU-CHECK: kernel '{{.*}}normalize_l{{[0-9]+}}' runs 300 blocks x 32 threads (num_threads 32, num_teams 300)
// GPU-CHECK: block 32: ok, 32 threads
// GPU-CHECK: kernel '{{.*}}normalize_l{{[0-9]+}}' runs 300 blocks x 96 threads (num_threads 96, num_teams 300)
// GPU-CHECK: block 96: ok, 96 threads
// GPU-CHECK: kernel '{{.*}}twoSizes_l{{[0-9]+}}' runs 300 blocks x 256 threads (default 256 threads
// GPU-CHECK: two sizes: ok, 96 threads
// GPU-CHECK: 3 cases, 0 wrong
// CHECK: block 32: ok, {{[0-9]+}} threads
// CHECK: block 96: ok, {{[0-9]+}} threads
// CHECK: two sizes: ok, {{[0-9]+}} threads
// CHECK: 3 cases, 0 wrong
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define Rows 300
#define Cols 200

static float In[Rows * Cols], Out[Rows * Cols], Mean[Rows], Rstd[Rows];
static float Weight[Cols], Bias[Cols];

// Whether a parallel loop iteration runs off the device or in a team of
// more than Block threads; Most keeps the largest team size seen.
#pragma omp declare target
static int badTeam(int Block, int *Most) {
  int N = omp_get_num_threads();
  if (N > *Most)
    *Most = N;
  return omp_is_initial_device() || N > Block;
}
#pragma omp end declare target

// Normalizes each row with teams of Block threads; returns the number of
// parallel-loop iterations that ran off the device or in a larger team.
static int normalize(int Block, int *Most) {
  int Bad = 0, Threads = 0;
#pragma omp target teams distribute num_teams(Rows) reduction(+ : Bad)       \
    reduction(max : Threads) map(to : In, Weight, Bias)                       \
    map(from : Out, Mean, Rstd)
  for (int R = 0; R < Rows; R++) {
    const float *X = In + R * Cols;
    float M = 0.0f;
#pragma omp parallel for reduction(+ : M, Bad) reduction(max : Threads)      \
    num_threads(Block)
    for (int I = 0; I < Cols; I++) {
      M += X[I];
      Bad += badTeam(Block, &Threads);
    }
    M = M / Cols;
    float V = 0.0f;
#pragma omp parallel for reduction(+ : V, Bad) reduction(max : Threads)      \
    num_threads(Block)
    for (int I = 0; I < Cols; I++) {
      float D = X[I] - M;
      V += D * D;
      Bad += badTeam(Block, &Threads);
    }
    float S = 1.0f / sqrtf(V / Cols + 1e-5f);
#pragma omp parallel for reduction(+ : Bad) reduction(max : Threads)         \
    num_threads(Block)
    for (int I = 0; I < Cols; I++) {
      Out[R * Cols + I] = S * (X[I] - M) * Weight[I] + Bias[I];
      Bad += badTeam(Block, &Threads);
    }
    Mean[R] = M;
    Rstd[R] = S;
  }
  *Most = Threads;
  return Bad;
}

// Two parallel constructs that ask for different team sizes: each gets at
// most its own; Most is the largest team seen.
static int twoSizes(int Small, int Large, int *Most) {
  int Bad = 0, Threads = 0;
#pragma omp target teams distribute num_teams(Rows) reduction(+ : Bad)       \
    reduction(max : Threads) map(to : In) map(from : Out)
  for (int R = 0; R < Rows; R++) {
#pragma omp parallel for reduction(+ : Bad) reduction(max : Threads)         \
    num_threads(Small)
    for (int I = 0; I < Cols; I++) {
      Out[R * Cols + I] = 2.0f * In[R * Cols + I];
      Bad += badTeam(Small, &Threads);
    }
#pragma omp parallel for reduction(+ : Bad) reduction(max : Threads)         \
    num_threads(Large)
    for (int I = 0; I < Cols; I++) {
      Out[R * Cols + I] += 1.0f;
      Bad += badTeam(Large, &Threads);
    }
  }
  *Most = Threads;
  for (int I = 0; I < Rows * Cols; I++)
    Bad += Out[I] != 2.0f * In[I] + 1.0f;
  return Bad;
}

// Whether the device's results match the host's within float rounding.
static int matchesHost(void) {
  int Bad = 0;
  for (int R = 0; R < Rows; R++) {
    double M = 0.0, V = 0.0;
    for (int I = 0; I < Cols; I++)
      M += In[R * Cols + I];
    M /= Cols;
    for (int I = 0; I < Cols; I++)
      V += (In[R * Cols + I] - M) * (In[R * Cols + I] - M);
    double S = 1.0 / sqrt(V / Cols + 1e-5);
    Bad += fabs(Mean[R] - M) > 1e-4 || fabs(Rstd[R] - S) > 1e-3 * S;
    for (int I = 0; I < Cols; I++) {
      double O = S * (In[R * Cols + I] - M) * Weight[I] + Bias[I];
      Bad += fabs(Out[R * Cols + I] - O) > 1e-3;
    }
  }
  return Bad;
}

static int report(const char *Name, int Bad, int Threads) {
  printf("%s: %s, %d threads\n", Name, Bad ? "WRONG" : "ok", Threads);
  return Bad != 0;
}

int main(int Argc, char **Argv) {
  (void)Argv;
  setvbuf(stdout, NULL, _IONBF, 0);
  for (int I = 0; I < Rows * Cols; I++)
    In[I] = (float)((I * 37) % 101) / 101.0f;
  for (int I = 0; I < Cols; I++) {
    Weight[I] = 1.0f + (float)(I % 7) / 7.0f;
    Bias[I] = (float)(I % 5) / 5.0f;
  }
  // Run-time block sizes: the host cannot fold them.
  int Small = 32 * Argc, Large = 96 * Argc;
  int Wrong = 0, Threads = 0, Bad = 0;
  Bad = normalize(Small, &Threads) + matchesHost();
  Wrong += report("block 32", Bad, Threads);
  Bad = normalize(Large, &Threads) + matchesHost();
  Wrong += report("block 96", Bad, Threads);
  Bad = twoSizes(Small, Large, &Threads);
  Wrong += report("two sizes", Bad, Threads);
  printf("3 cases, %d wrong\n", Wrong);
  return Wrong != 0;
}
