// In-place updates through pointers that may alias, as OpenMP ports of CUDA
// kernels write them without __restrict__: on the GPU such a loop runs in a
// copy that keeps the values in registers when a run-time test finds the
// ranges disjoint (LoopVersioningLICM, docs/Design.md), and as written
// otherwise. Both must give the sequential result: disjoint arrays, and the
// same array passed as m and v (each step's store to v[j] changes m[j]).
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: on device 1
// CHECK-NEXT: disjoint: ok
// CHECK-NEXT: aliased: ok
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t -lm
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-CHECK: on device 1
// GPU-CHECK-NEXT: disjoint: ok
// GPU-CHECK-NEXT: aliased: ok
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 4096, Steps = 50 };

static float step(float *p, float *m, float *v, const float *g, long j,
                  int t) {
  m[j] = 0.9f * m[j] + 0.1f * g[j];
  v[j] = 0.99f * v[j] + 0.01f * g[j] * g[j];
  float mc = m[j] / (1.f - powf(0.9f, (float)t));
  float vc = v[j] / (1.f - powf(0.99f, (float)t));
  p[j] -= 0.01f * mc / (sqrtf(vc) + 1e-8f);
  return p[j];
}

/* The kernel: every array in place, the step loop inside each iteration. */
static int update(float *p, float *m, float *v, const float *g, long n) {
  int OnDevice = 0;
#pragma omp target teams distribute parallel for map(tofrom : p[0:n], m[0:n], v[0:n]) map(to : g[0:n]) map(tofrom : OnDevice)
  for (long j = 0; j < n; j++) {
    if (j == 0)
      OnDevice = !omp_is_initial_device();
    for (int t = 1; t <= Steps; t++)
      step(p, m, v, g, j, t);
  }
  return OnDevice;
}

static void reference(float *p, float *m, float *v, const float *g, long n) {
  for (long j = 0; j < n; j++)
    for (int t = 1; t <= Steps; t++)
      step(p, m, v, g, j, t);
}

static int same(const float *a, const float *b, long n) {
  for (long j = 0; j < n; j++)
    if (fabsf(a[j] - b[j]) > 1e-4f * (1.f + fabsf(b[j]))) {
      printf("element %ld: %g, expected %g\n", j, a[j], b[j]);
      return 0;
    }
  return 1;
}

static void fill(float *a, long n, int seed) {
  for (long j = 0; j < n; j++)
    a[j] = (float)((j * 7919 + seed * 104729) % 1000) / 1000.f;
}

int main(void) {
  float *buf = malloc(sizeof(float) * N * 8);
  float *p = buf, *m = buf + N, *v = buf + 2 * N, *g = buf + 3 * N;
  float *rp = buf + 4 * N, *rm = buf + 5 * N, *rv = buf + 6 * N;
  fill(p, N, 1), fill(m, N, 2), fill(v, N, 3), fill(g, N, 4);
  fill(rp, N, 1), fill(rm, N, 2), fill(rv, N, 3);
  printf("on device %d\n", update(p, m, v, g, N));
  reference(rp, rm, rv, g, N);
  printf("disjoint: %s\n",
         same(p, rp, N) && same(m, rm, N) && same(v, rv, N) ? "ok" : "wrong");

  fill(p, N, 1), fill(m, N, 2), fill(rp, N, 1), fill(rm, N, 2);
  update(p, m, m, g, N);
  reference(rp, rm, rm, g, N);
  printf("aliased: %s\n", same(p, rp, N) && same(m, rm, N) ? "ok" : "wrong");
  free(buf);
  return 0;
}
