/* 2. Dot product (a reduction), OpenMP offload. The scalar goes to the
 * device and back each time, as a dot product's result must. */
#include "ref.h"

int main(void) {
  bench_require_gpu("dot");
  const int n = (int)bench_size("BENCH_DOT_N", DOT_N, 1, 1 << 30);
  const int reps = bench_reps(20);
  double *a = bench_malloc(sizeof(double) * n);
  double *b = bench_malloc(sizeof(double) * n);
  double *t = bench_malloc(sizeof(double) * reps);
  dot_init(a, b, n);
  const double want = dot_ref(a, b, n);

#pragma omp target data map(to : a[0:n], b[0:n])
  {
    for (int r = -1; r < reps; r++) {
      double sum = 0.0;
      double t0 = bench_now();
#pragma omp target teams distribute parallel for reduction(+ : sum) \
    map(tofrom : sum)
      for (int i = 0; i < n; i++)
        sum += a[i] * b[i];
      double t1 = bench_now();
      if (r >= 0)
        t[r] = t1 - t0;
      if (sum != want)
        bench_fail("dot", "openmp", "sum of repetition", r, sum, want);
    }
  }
  bench_report("dot", "openmp", t, reps, 1.0, 2.0 * sizeof(double) * n,
               "GB/s");
  return 0;
}
