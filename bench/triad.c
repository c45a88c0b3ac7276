/* 1. STREAM triad a[i] = b[i] + s*c[i], OpenMP offload. */
#include "ref.h"

int main(void) {
  bench_require_gpu("triad");
  const int n = (int)bench_size("BENCH_TRIAD_N", TRIAD_N, 1, 1 << 30);
  const int reps = bench_reps(20);
  const double s = TRIAD_S;
  double *a = bench_malloc(sizeof(double) * n);
  double *b = bench_malloc(sizeof(double) * n);
  double *c = bench_malloc(sizeof(double) * n);
  double *t = bench_malloc(sizeof(double) * reps);
  triad_init(a, b, c, n);

#pragma omp target data map(to : b[0:n], c[0:n]) map(tofrom : a[0:n])
  {
    for (int r = -1; r < reps; r++) { /* r = -1: warm-up */
      double t0 = bench_now();
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++)
        a[i] = b[i] + s * c[i];
      double t1 = bench_now();
      if (r >= 0)
        t[r] = t1 - t0;
    }
  }
  triad_check(a, b, c, n, "openmp");
  bench_report("triad", "openmp", t, reps, 1.0, 3.0 * sizeof(double) * n,
               "GB/s");
  return 0;
}
