// REQUIRES: gpu
// On a GPU, combined constructs with num_teams/num_threads/thread_limit/
// if(parallel:) clauses run as SPMD kernels whose blocks have the parallel
// part's threads (the launch says why), and their reductions are right:
// the integer sum of issue 12 (1024 teams of 256 threads), num_threads
// below thread_limit, num_threads above the block limit, and a parallel
// part whose if clause is false (one thread a team).
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t
// GPU-EXIT: 0
#include <omp.h>
#include <stdio.h>

enum { N = 1000003 };
static int A[N];

#define PRAGMA(...) _Pragma(#__VA_ARGS__)

/// Sum of A in the construct; Threads gets the team size the region saw,
/// OnDev whether it ran on the device.
#define SUM(...)                                                               \
  long Sum = 0;                                                                \
  int Threads = 0, OnDev = 0;                                                  \
  PRAGMA(omp __VA_ARGS__ reduction(+ : Sum) map(tofrom : Threads, OnDev))      \
  for (int I = 0; I < N; ++I) {                                                \
    Sum += A[I];                                                               \
    if (I == 0) {                                                              \
      Threads = omp_get_num_threads();                                         \
      OnDev = !omp_is_initial_device();                                        \
    }                                                                          \
  }

static void report(const char *Name, long Sum, long Want, int Threads,
                   int OnDev) {
  printf("%s: sum %s, %d threads, on-device %d\n", Name,
         Sum == Want ? "ok" : "WRONG", Threads, OnDev);
  fflush(stdout); // in order with the runtime's lines on stderr
}

int main(void) {
  long Want = 0;
  for (int I = 0; I < N; ++I) {
    A[I] = (I * 7) % 19 - 9;
    Want += A[I];
  }
#pragma omp target enter data map(to : A)
  {
    SUM(target teams distribute parallel for num_teams(1024) num_threads(256))
    report("teams 1024 threads 256", Sum, Want, Threads, OnDev);
  }
  {
    SUM(target teams distribute parallel for thread_limit(128) num_threads(64))
    report("thread_limit 128 num_threads 64", Sum, Want, Threads, OnDev);
  }
  {
    SUM(target teams distribute parallel for num_threads(4096))
    report("num_threads 4096", Sum, Want, Threads, OnDev);
  }
  {
    int Parallel = 0;
    SUM(target teams distribute parallel for num_teams(8)
            if(parallel : Parallel))
    report("if(parallel: 0)", Sum, Want, Threads, OnDev);
  }
  {
    SUM(target parallel for num_threads(96))
    report("target parallel for num_threads 96", Sum, Want, Threads, OnDev);
  }
#pragma omp target exit data map(release : A)
  return 0;
}

// GPU-CHECK: runs 1024 blocks x 256 threads (num_threads 256, num_teams 1024)
// GPU-CHECK: teams 1024 threads 256: sum ok, 256 threads, on-device 1
// GPU-CHECK: blocks x 64 threads (num_threads 64;
// GPU-CHECK: thread_limit 128 num_threads 64: sum ok, 64 threads, on-device 1
// GPU-CHECK: blocks x 1024 threads (num_threads 4096 clamped to the kernel's maximum 1024;
// GPU-CHECK: num_threads 4096: sum ok, 1024 threads, on-device 1
// GPU-CHECK: runs 8 blocks x 1 threads (num_threads 1, num_teams 8)
// GPU-CHECK: if(parallel: 0): sum ok, 1 threads, on-device 1
// GPU-CHECK: runs 1 blocks x 96 threads (num_threads 96, num_teams 1)
// GPU-CHECK: target parallel for num_threads 96: sum ok, 96 threads, on-device 1
