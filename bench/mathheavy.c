/* 12. Math-heavy loops, OpenMP offload: per element sin, cos, exp, log, pow
 * and sqrt of two inputs, in double (math_f64) and in float with the float
 * functions (math_f32). BENCH_MATH_N sets the length. */
#include "ref.h"

int main(void) {
  bench_require_gpu("mathheavy");
  const long n = bench_size("BENCH_MATH_N", MATH_N, 1, 1L << 31);
  const int reps = bench_reps(10);
  double *x = bench_malloc(sizeof(double) * n);
  double *y = bench_malloc(sizeof(double) * n);
  double *o64 = bench_malloc(sizeof(double) * n);
  float *xf = bench_malloc(sizeof(float) * n);
  float *yf = bench_malloc(sizeof(float) * n);
  float *o32 = bench_malloc(sizeof(float) * n);
  double *t = bench_malloc(sizeof(double) * reps);
  double *t32 = bench_malloc(sizeof(double) * reps);
  math_init(x, y, xf, yf, n);

#pragma omp target data map(to : x[0:n], y[0:n], xf[0:n], yf[0:n]) \
    map(from : o64[0:n], o32[0:n])
  {
    for (int r = -1; r < reps; r++) {
      double t0 = bench_now();
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++)
        o64[i] = MATH_F64(x[i], y[i]);
      double t1 = bench_now();
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++)
        o32[i] = MATH_F32(xf[i], yf[i]);
      double t2 = bench_now();
      if (r >= 0) {
        t[r] = t1 - t0;
        t32[r] = t2 - t1;
      }
    }
  }
  math_check(x, y, xf, yf, o64, o32, n, "openmp");
  bench_report("math_f64", "openmp", t, reps, 1.0, (double)n, "Gelem/s");
  bench_report("math_f32", "openmp", t32, reps, 1.0, (double)n, "Gelem/s");
  return 0;
}
