// REQUIRES: gpu
// The CUDA plugin's launch model on kernels our compiler analysed: the grid
// each gets and why (LIBOMPTARGET_INFO), the user's num_teams/thread_limit,
// the num_threads of the one parallel construct nested in a `teams
// distribute` region (the block size of CUDA-style code, a run-time value),
// generic mode, a reduction, a stencil; then the opt-in search (LIBOMPTARGET_LAUNCH_
// SEARCH) fills the launch cache, a later run reads it, and a corrupt cache
// file is a warning naming it, after which the model decides. Every grid
// computes the same results.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: rm -rf %t.cache
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 LIBOMPTARGET_LAUNCH_CACHE=%t.cache %t 1 > %t.out 2>&1
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 LIBOMPTARGET_LAUNCH_CACHE=%t.cache LIBOMPTARGET_LAUNCH_SEARCH=1 %t 8 >> %t.out 2>&1
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 LIBOMPTARGET_LAUNCH_CACHE=%t.cache %t 1 >> %t.out 2>&1
// RUN: sh -c 'for f in %t.cache/*.grid; do echo junk > "$f"; done'
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_LAUNCH_CACHE=%t.cache %t 1 >> %t.out 2>&1
// RUN: FileCheck %s --check-prefix=GPU-CHECK < %t.out
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: rm -rf %t.cache && env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 LIBOMPTARGET_LAUNCH_CACHE=%t.cache %t 1 && env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 LIBOMPTARGET_LAUNCH_CACHE=%t.cache LIBOMPTARGET_LAUNCH_SEARCH=1 %t 8 && env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 LIBOMPTARGET_LAUNCH_CACHE=%t.cache %t 1 && for f in %t.cache/*.grid; do echo junk > "$f"; done && env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_LAUNCH_CACHE=%t.cache %t 1
// GPU-EXIT: 0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

// Macros, not enumerators: the host passes a trip count only for bounds it
// can evaluate before the construct, and it does not take enumerators yet.
#define N (1 << 22)
#define Rows (1 << 20)
#define PerRow 16
#define Small 1000
#define Teams 100

static double A[N], B[N], C[N], X[Rows], Y[Rows], Val[Rows * PerRow];
static int RowPtr[Rows + 1], Col[Rows * PerRow];

static int triad(void) {
  int OnHost = 1;
#pragma omp target teams distribute parallel for map(to : B, C) map(from : A) map(tofrom : OnHost)
  for (int I = 0; I < N; I++) {
    A[I] = B[I] + 3.0 * C[I];
    if (I == 0)
      OnHost = omp_is_initial_device();
  }
  int Bad = OnHost;
  for (int I = 0; I < N; I++)
    Bad += A[I] != B[I] + 3.0 * C[I];
  return Bad;
}

static int spmv(void) {
  int OnHost = 1;
#pragma omp target teams distribute parallel for map(to : RowPtr, Col, Val, X) map(from : Y) map(tofrom : OnHost)
  for (int I = 0; I < Rows; I++) {
    double S = 0;
    for (int K = RowPtr[I]; K < RowPtr[I + 1]; K++)
      S += Val[K] * X[Col[K]];
    Y[I] = S;
    if (I == 0)
      OnHost = omp_is_initial_device();
  }
  int Bad = OnHost;
  for (int I = 0; I < Rows; I++) {
    double S = 0;
    for (int K = RowPtr[I]; K < RowPtr[I + 1]; K++)
      S += Val[K] * X[Col[K]];
    Bad += Y[I] != S;
  }
  return Bad;
}

static int dot(void) {
  double Sum = 0;
#pragma omp target teams distribute parallel for reduction(+ : Sum) map(to : B)
  for (int I = 0; I < N; I++)
    Sum += B[I] * 2.0 + (omp_is_initial_device() ? 1e9 : 0.0);
  double Want = 0;
  for (int I = 0; I < N; I++)
    Want += B[I] * 2.0;
  return Sum != Want;
}

// A 1D stencil: neighbouring iterations load each other's elements of B.
static int stencil(void) {
  int OnHost = 1;
#pragma omp target teams distribute parallel for map(to : B) map(from : A) map(tofrom : OnHost)
  for (int I = 1; I < N - 1; I++) {
    A[I] = B[I - 1] + B[I + 1];
    if (I == 1)
      OnHost = omp_is_initial_device();
  }
  int Bad = OnHost;
  for (int I = 1; I < N - 1; I++)
    Bad += A[I] != B[I - 1] + B[I + 1];
  return Bad;
}

static int small(void) {
  int OnHost = 1;
#pragma omp target teams distribute parallel for map(tofrom : A[0:Small], OnHost)
  for (int I = 0; I < Small; I++) {
    A[I] = I;
    if (I == 0)
      OnHost = omp_is_initial_device();
  }
  int Bad = OnHost;
  for (int I = 0; I < Small; I++)
    Bad += A[I] != I;
  return Bad;
}

static int teams(void) {
  int Bad = 0;
#pragma omp target teams distribute parallel for num_teams(3) thread_limit(64) map(tofrom : A[0:Small]) reduction(+ : Bad)
  for (int I = 0; I < Small; I++) {
    A[I] = 2 * I;
    Bad += omp_is_initial_device() || omp_get_num_teams() > 3 ||
           omp_get_num_threads() > 64;
  }
  for (int I = 0; I < Small; I++)
    Bad += A[I] != 2 * I;
  return Bad;
}

static int generic(void) {
  int Bad = 0;
#pragma omp target teams distribute map(tofrom : A[0:Teams]) reduction(+ : Bad)
  for (int I = 0; I < Teams; I++) {
    double T = 0;
#pragma omp parallel for reduction(+ : T)
    for (int J = 0; J < 4; J++)
      T += J;
    A[I] = T + I;
    Bad += omp_is_initial_device();
  }
  for (int I = 0; I < Teams; I++)
    Bad += A[I] != 6.0 + I;
  return Bad;
}

// CUDA-style: one team per row, the row's elements over a parallel for
// whose num_threads (a run-time value) is the block size.
static int cudaStyle(int Block) {
  int Bad = 0;
#pragma omp target teams distribute num_teams(Teams) map(tofrom : A[0:Teams * 64]) reduction(+ : Bad)
  for (int I = 0; I < Teams; I++) {
    int Row = I * 64;
#pragma omp parallel for num_threads(Block) reduction(+ : Bad)
    for (int J = 0; J < 64; J++) {
      A[Row + J] = Row + J + 0.5;
      Bad += omp_is_initial_device() || omp_get_num_threads() != Block;
    }
  }
  for (int I = 0; I < Teams * 64; I++)
    Bad += A[I] != I + 0.5;
  return Bad;
}

int main(int Argc, char **Argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  int Reps = Argc > 1 ? atoi(Argv[1]) : 1;
  for (int I = 0; I < N; I++) {
    B[I] = I % 17;
    C[I] = I % 5;
  }
  for (int I = 0; I <= Rows; I++)
    RowPtr[I] = I * PerRow;
  for (int I = 0; I < Rows * PerRow; I++) {
    Col[I] = (I / PerRow + I % PerRow * 7) % Rows;
    Val[I] = I % 3 + 1;
  }
  for (int I = 0; I < Rows; I++)
    X[I] = I % 11;
  printf("run: %d launches each\n", Reps);
  int Bad = 0;
  for (int R = 0; R < Reps; R++)
    Bad += triad() + spmv() + dot() + stencil() + small() + teams() +
           generic() + cudaStyle(Argc * 32);
  printf("results: %s\n", Bad ? "WRONG" : "ok");
  return Bad != 0;
}

// The model alone.
// GPU-CHECK-LABEL: run: 1 launches each
// GPU-CHECK: cuda device 0: kernel '{{.*}}triad_l{{[0-9]+}}' runs {{[0-9]+}} blocks x 256 threads (default 256 threads; streaming kernel (per iteration 24 B coalesced, {{.*}}2 operations), {{[0-9]+}} registers, occupancy {{[0-9]+}} blocks/SM; {{[0-9]+}} blocks/SM (4 waves of {{[0-9]+}}) x {{[0-9]+}} SMs)
// GPU-CHECK: cuda device 0: kernel '{{.*}}spmv_l{{[0-9]+}}' runs {{[0-9]+}} blocks x 256 threads (default 256 threads; thread-stretches kernel with neighbour reuse (per iteration {{.*}}, 2 thread streams), {{[0-9]+}} registers, occupancy {{[0-9]+}} blocks/SM; L1 of {{[0-9]+}} KiB holds 2 streams' 128-B lines for {{[0-9]+}} threads: {{[0-9]+}} blocks/SM x {{[0-9]+}} SMs)
// (The reduction's class: docs/known-issues, "kernel-traffic counts a
// per-block reduction's combine"; the rule for atomics is the same.)
// GPU-CHECK: cuda device 0: kernel '{{.*}}dot_l{{[0-9]+}}' runs {{[0-9]+}} blocks x 256 threads (default 256 threads; {{streaming|compute}} kernel with atomics {{.*}}; {{[0-9]+}} blocks/SM by occupancy (one wave for the atomics) x {{[0-9]+}} SMs)
// GPU-CHECK: cuda device 0: kernel '{{.*}}stencil_l{{[0-9]+}}' runs {{[0-9]+}} blocks x 256 threads (default 256 threads; streaming kernel with neighbour reuse (per iteration 24 B coalesced, {{.*}}; {{[0-9]+}} blocks/SM by occupancy (one wave, one front through memory for the neighbours' lines) x {{[0-9]+}} SMs)
// GPU-CHECK: cuda device 0: kernel '{{.*}}small_l{{[0-9]+}}' runs 32 blocks x 32 threads (32 threads, to spread the trip count 1000 over {{[0-9]+}} SMs; {{.*}}, cut to the trip count 1000 / 32 threads)
// GPU-CHECK: cuda device 0: kernel '{{.*}}teams_l{{[0-9]+}}' runs 3 blocks x 64 threads (thread_limit 64, num_teams 3)
// GPU-CHECK: cuda device 0: kernel '{{.*}}generic_l{{[0-9]+}}' runs 100 blocks x 256 threads (default 256 threads; a team's main thread runs the iterations, {{.*}}; {{[0-9]+}} blocks/SM by occupancy x {{[0-9]+}} SMs, cut to the trip count 100)
// GPU-CHECK: cuda device 0: kernel '{{.*}}cudaStyle_l{{[0-9]+}}' runs 100 blocks x 64 threads (num_threads 64, num_teams 100)
// GPU-CHECK: results: ok
//
// The search: each candidate once, then the fastest is saved.
// GPU-CHECK-LABEL: run: 8 launches each
// GPU-CHECK: kernel '{{.*}}spmv_l{{[0-9]+}}' runs {{[0-9]+}} blocks x 256 threads (256 threads, 1 blocks/SM x {{[0-9]+}} SMs: search candidate 1 of {{[0-9]+}}, round 1 of 1; the model: {{.*}})
// GPU-CHECK: kernel '{{.*}}spmv_l{{[0-9]+}}' launch search (trip class 21, 256 threads): {{.*}} is fastest (median over 1 launches at trip count 1048576: 1 blocks/SM: {{[0-9.]+}} us, 2 blocks/SM: {{.*}}), saved in {{.*}}.grid
// GPU-CHECK: results: ok
//
// A later run starts from the cache.
// GPU-CHECK-LABEL: run: 1 launches each
// GPU-CHECK: kernel '{{.*}}triad_l{{[0-9]+}}' runs {{[0-9]+}} blocks x 256 threads (256 threads, {{.*}}, found by the search (launch cache '{{.*}}.grid'); the model: {{[0-9]+}} x 256 ({{.*}}))
// GPU-CHECK: kernel '{{.*}}teams_l{{[0-9]+}}' runs 3 blocks x 64 threads (thread_limit 64, num_teams 3)
// GPU-CHECK: results: ok
//
// Corrupt cache files: warnings, and the model.
// GPU-CHECK-LABEL: run: 1 launches each
// GPU-CHECK: libomptarget: warning: launch cache file '{{.*}}.grid' is corrupt: it does not start with 'clang-offload launch cache 1'; the launch model chooses the grid of kernel '{{.*}}'
// GPU-CHECK: results: ok
