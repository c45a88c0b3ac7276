/* 14. 3D 7-point stencil, OpenMP offload: one out-of-place sweep of the
 * interior of an N^3 grid per kernel, `target teams distribute parallel for
 * collapse(3)`. BENCH_STENCIL3D_N sets N. */
#include "ref.h"

int main(void) {
  bench_require_gpu("stencil3d");
  const int n = (int)bench_size("BENCH_STENCIL3D_N", STENCIL3D_N, 3, 2048);
  const int reps = bench_reps(10);
  const size_t nn = (size_t)n * n, nnn = nn * n;
  double *u = bench_malloc(sizeof(double) * nnn);
  double *v = bench_malloc(sizeof(double) * nnn);
  double *t = bench_malloc(sizeof(double) * reps);
  stencil3d_init(u, v, n);

#pragma omp target data map(to : u[0:nnn]) map(tofrom : v[0:nnn])
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
#pragma omp target teams distribute parallel for collapse(3)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++) {
          const size_t c = ((size_t)i * n + j) * n + k;
          v[c] = ST3_C0 * u[c] + ST3_C1 * (u[c - 1] + u[c + 1] + u[c - n] +
                                           u[c + n] + u[c - nn] + u[c + nn]);
        }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  stencil3d_check(u, v, n, "openmp");
  const double pts = (double)(n - 2) * (n - 2) * (n - 2);
  bench_report("stencil3d", "openmp", t, reps, 1.0, 2.0 * sizeof(double) * pts,
               "GB/s");
  return 0;
}
