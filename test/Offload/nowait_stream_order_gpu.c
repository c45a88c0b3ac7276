// REQUIRES: gpu
// On a GPU, a nowait region without depend is queued where it is met, and
// later kernels and copies out of the data it may write wait for it: a
// loop of such regions on one array runs in order, and a target update
// from after it sees the last pass without a taskwait. OpenMP leaves that
// order to the program; CUDA streams give it and code ported from CUDA
// relies on it (HeCBench's floydwarshall). Such loops go through the
// device's launch thread: the order holds for the launches it has not made
// yet too.
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

  // Regions on rows of their own spread over the thread's queues; a
  // synchronous region after them that reads every row waits for each
  // (those that the device's launch thread has not launched yet too).
  unsigned *rows = malloc(PASSES * N * sizeof(unsigned));
  unsigned long total = 0, want_total = 0;
  for (int k = 0; k < PASSES; ++k)
    for (int x = 0; x < N; ++x)
      want_total += step((unsigned)x, k);
#pragma omp target data map(alloc : rows[0 : PASSES * N])                     \
    map(tofrom : on_dev[0 : 1])
  {
    for (int k = 0; k < PASSES; ++k) {
#pragma omp target teams distribute parallel for nowait
      for (int x = 0; x < N; ++x) {
        if (x == 0 && omp_is_initial_device())
          on_dev[0] = 0;
        rows[k * N + x] = step((unsigned)x, k);
      }
    }
#pragma omp target teams distribute parallel for reduction(+ : total)       \
    map(tofrom : total)
    for (int i = 0; i < PASSES * N; ++i)
      total += rows[i];
    // GPU-CHECK-NEXT: a kernel after independent regions: ok
    printf("a kernel after independent regions: %s\n",
           total == want_total ? "ok" : "wrong");
#pragma omp taskwait
  }
  // GPU-CHECK-NEXT: on device: 1
  printf("on device: %d\n", on_dev[0]);
  free(a);
  free(want);
  free(rows);
  return 0;
}
