// REQUIRES: gpu
// On a GPU, a nowait region without depend is queued where it is met, and
// later kernels and copies out of the data it may write wait for it: a
// loop of such regions on one array runs in order, and a target update
// from after it sees the last pass without a taskwait. OpenMP leaves that
// order to the program; CUDA streams give it and code ported from CUDA
// relies on it (HeCBench's floydwarshall).
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s --check-prefix=GPU-CHECK
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256
#define PASSES 200

static unsigned step(unsigned V, int K) { return V * 3u + (unsigned)K; }

int main(void) {
  unsigned *a = malloc(N * N * sizeof(unsigned));
  unsigned *want = malloc(N * N * sizeof(unsigned));
  int on_dev[1] = {1};
  for (int i = 0; i < N * N; ++i)
    a[i] = want[i] = (unsigned)(i % 7);
  for (int k = 0; k < PASSES; ++k)
    for (int i = 0; i < N * N; ++i)
      want[i] = step(want[i], k);

#pragma omp target data map(to : a[0 : N * N]) map(tofrom : on_dev[0 : 1])
  {
    for (int k = 0; k < PASSES; ++k) {
#pragma omp target teams distribute parallel for collapse(2) thread_limit(256) \
    nowait
      for (int y = 0; y < N; ++y)
        for (int x = 0; x < N; ++x) {
          if (y == 0 && x == 0 && omp_is_initial_device())
            on_dev[0] = 0;
          a[y * N + x] = step(a[y * N + x], k);
        }
    }
#pragma omp target update from(a[0 : N * N])
    int bad = 0;
    for (int i = 0; i < N * N; ++i)
      bad += a[i] != want[i];
    // GPU-CHECK: in order without taskwait: 0 wrong
    printf("in order without taskwait: %d wrong\n", bad);
#pragma omp taskwait
  }
  // GPU-CHECK-NEXT: on device: 1
  printf("on device: %d\n", on_dev[0]);
  free(a);
  free(want);
  return 0;
}
