/* 18. Black-Scholes option pricing, OpenMP offload: the call and put price
 * of each of N options in float (expf, logf, sqrtf and the Abramowitz-
 * Stegun polynomial for the normal distribution, in the declare-target
 * helpers bs_price and bs_cnd of ref.h), `target teams distribute parallel
 * for` over the options. Rate: 20 bytes per option (3 inputs, 2 prices).
 * The check is against double precision with a tolerance (see ref.h).
 * BENCH_BLACKSCHOLES_N sets N. */
#include "ref.h"

int main(void) {
  bench_require_gpu("blackscholes");
  const int n = blackscholes_n();
  const int reps = bench_reps(20);
  float *S = bench_malloc(sizeof(float) * n);
  float *X = bench_malloc(sizeof(float) * n);
  float *T = bench_malloc(sizeof(float) * n);
  float *call = bench_malloc(sizeof(float) * n);
  float *put = bench_malloc(sizeof(float) * n);
  double *t = bench_malloc(sizeof(double) * reps);
  bs_init(S, X, T, call, put, n);

#pragma omp target data map(to : S[0:n], X[0:n], T[0:n]) \
    map(tofrom : call[0:n], put[0:n])
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
      bs_price(S[i], X[i], T[i], &call[i], &put[i]);
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  bs_check(S, X, T, call, put, n, "openmp");
  bench_report("blackscholes", "openmp", t, reps, 1.0, 5.0 * sizeof(float) * n,
               "GB/s");
  return 0;
}
