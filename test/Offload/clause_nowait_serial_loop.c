// Hundreds of nowait regions met by one thread outside any parallel region,
// each with teams and a parallel loop, as code ported from CUDA launches
// its kernels in a loop; here on independent slices, with and without
// depend, then a taskwait. libomp runs their tasks on its hidden helper
// threads, from which libomp 19 cannot fork teams (it aborted in 4 runs of
// 10, or corrupted its heap): the host device runs such kernels on threads
// of its own.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// The abort was intermittent: two more runs.
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define PASSES 300

static unsigned value(int X, int K) { return (unsigned)X * 3u + (unsigned)K; }

static int wrong(const unsigned *B) {
  int Bad = 0;
  for (int K = 0; K < PASSES; ++K)
    for (int X = 0; X < N; ++X)
      Bad += B[K * N + X] != value(X, K);
  return Bad;
}

int main(void) {
  unsigned *b = calloc(PASSES * N, sizeof(unsigned));
  unsigned *c = calloc(PASSES * N, sizeof(unsigned));
  int on_dev[1] = {1};
#pragma omp target data map(tofrom : on_dev[0 : 1]) \
    map(from : b[0 : PASSES * N], c[0 : PASSES * N])
  {
    for (int k = 0; k < PASSES; ++k) {
#pragma omp target teams distribute parallel for thread_limit(64) nowait \
    depend(out : b[k * N])
      for (int x = 0; x < N; ++x) {
        if (x == 0 && omp_is_initial_device())
          on_dev[0] = 0;
        b[k * N + x] = value(x, k);
      }
#pragma omp target teams distribute parallel for thread_limit(64) nowait
      for (int x = 0; x < N; ++x) {
        if (x == 0 && omp_is_initial_device())
          on_dev[0] = 0;
        c[k * N + x] = value(x, k);
      }
    }
#pragma omp taskwait
  }
  // CHECK: with depend: 0 wrong, without: 0 wrong
  printf("with depend: %d wrong, without: %d wrong\n", wrong(b), wrong(c));
  // CHECK-NEXT: on device: 1
  printf("on device: %d\n", on_dev[0]);
  free(b);
  free(c);
  return 0;
}
