/* 3. CSR sparse matrix-vector product y = A*x, banded A, one row per
 * iteration, OpenMP offload. */
#include "ref.h"

int main(void) {
  bench_require_gpu("spmv");
  const int n = (int)bench_size("BENCH_SPMV_ROWS", SPMV_ROWS, SPMV_NNZ_ROW,
                                (1 << 30) / SPMV_NNZ_ROW);
  const int nnz = n * SPMV_NNZ_ROW;
  const int reps = bench_reps(20);
  int *rowptr = bench_malloc(sizeof(int) * (n + 1));
  int *col = bench_malloc(sizeof(int) * (size_t)nnz);
  double *val = bench_malloc(sizeof(double) * (size_t)nnz);
  double *x = bench_malloc(sizeof(double) * n);
  double *y = bench_malloc(sizeof(double) * n);
  double *t = bench_malloc(sizeof(double) * reps);
  spmv_init(rowptr, col, val, x, n);
  for (int i = 0; i < n; i++)
    y[i] = -1.0;

#pragma omp target data map(to : rowptr[0:n + 1], col[0:nnz], val[0:nnz], \
                                x[0:n]) map(tofrom : y[0:n])
  {
    for (int r = -1; r < reps; r++) {
      double t0 = bench_now();
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++) {
        double s = 0.0;
        for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
          s += val[k] * x[col[k]];
        y[i] = s;
      }
      double t1 = bench_now();
      if (r >= 0)
        t[r] = t1 - t0;
    }
  }
  spmv_check(rowptr, col, val, x, y, n, "openmp");
  /* bytes: val + col per nonzero, rowptr + x + y per row (x read once) */
  double bytes = (double)nnz * (sizeof(double) + sizeof(int)) +
                 (double)n * (sizeof(int) + 2 * sizeof(double));
  bench_report("spmv", "openmp", t, reps, 1.0, bytes, "GB/s");
  return 0;
}
