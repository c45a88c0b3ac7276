/* 21. Conjugate gradients, OpenMP offload: a time loop of small kernels.
 * ITERS iterations on the N x N 1D Laplacian (three diagonals computed on
 * the fly), in double, each five target regions: q = A p (`target teams
 * distribute parallel for`); p.q (`reduction(+ : pq) map(tofrom : pq)`,
 * the result used on the host: alpha = rho / pq); x += alpha p and
 * r -= alpha q in one loop; rho' = r.r (another reduction); p = r + beta p.
 * The arrays are mapped once with `target data`; only the scalars move,
 * through the reductions' maps, each iteration. Each repetition starts from
 * x = 0 (untimed). Microseconds per iteration. The check is against a host
 * run with a tolerance (see ref.h). BENCH_CGSOLVE_N, BENCH_CGSOLVE_ITERS. */
#include "ref.h"

int main(void) {
  bench_require_gpu("cgsolve");
  int n, iters;
  cg_size(&n, &iters);
  const int reps = bench_reps(10);
  double *b = bench_malloc(sizeof(double) * n);
  double *x = bench_malloc(sizeof(double) * n);
  double *r = bench_malloc(sizeof(double) * n);
  double *p = bench_malloc(sizeof(double) * n);
  double *q = bench_malloc(sizeof(double) * n);
  double *t = bench_malloc(sizeof(double) * reps);
  cg_init(b, n);

#pragma omp target data map(to : b[0:n]) map(from : x[0:n]) \
    map(alloc : r[0:n], p[0:n], q[0:n])
  for (int rep = -1; rep < reps; rep++) {
    /* x = 0, r = p = b, rho = r.r (untimed) */
    double rho = 0.0;
#pragma omp target teams distribute parallel for reduction(+ : rho) \
    map(tofrom : rho)
    for (int i = 0; i < n; i++) {
      x[i] = 0.0;
      r[i] = b[i];
      p[i] = b[i];
      rho += b[i] * b[i];
    }
    double t0 = bench_now();
    for (int it = 0; it < iters; it++) {
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++)
        q[i] = 2.0 * p[i] - (i > 0 ? p[i - 1] : 0.0) -
               (i < n - 1 ? p[i + 1] : 0.0);
      double pq = 0.0;
#pragma omp target teams distribute parallel for reduction(+ : pq) \
    map(tofrom : pq)
      for (int i = 0; i < n; i++)
        pq += p[i] * q[i];
      const double alpha = rho / pq;
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++) {
        x[i] += alpha * p[i];
        r[i] -= alpha * q[i];
      }
      double rho_new = 0.0;
#pragma omp target teams distribute parallel for reduction(+ : rho_new) \
    map(tofrom : rho_new)
      for (int i = 0; i < n; i++)
        rho_new += r[i] * r[i];
      const double beta = rho_new / rho;
      rho = rho_new;
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++)
        p[i] = r[i] + beta * p[i];
    }
    double t1 = bench_now();
    if (rep >= 0)
      t[rep] = t1 - t0;
  }
  cg_check(x, b, n, iters, "openmp");
  bench_report("cgsolve", "openmp", t, reps, 1.0 / iters, 0.0, "us/iter");
  return 0;
}
