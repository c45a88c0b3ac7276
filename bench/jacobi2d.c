/* 4. 2D Jacobi sweeps (5-point average) with collapse(2), OpenMP offload.
 * Each repetition is one sweep; the host swaps the two buffers.
 * jacobi2d nests the loops in row order, jacobi2d_colorder in column
 * order (the inner loop's index strides by a row). */
#include "ref.h"

/* One timed run of warm + reps sweeps from the initial grid, checked against
 * the host. Column order walks the same grid with the loops swapped (j
 * outer, i inner): the contiguous index is the outer loop's, as in code
 * written for column-major arrays. */
static void sweeps(const char *name, int column_order, int n) {
  const int reps = bench_reps(10), warm = 1;
  const size_t nn = (size_t)n * n;
  double *u = bench_malloc(sizeof(double) * nn);
  double *v = bench_malloc(sizeof(double) * nn);
  double *t = bench_malloc(sizeof(double) * reps);
  jacobi_init(u, v, n);

  double *uo = u, *un = v;
#pragma omp target data map(tofrom : u[0:nn], v[0:nn])
  {
    for (int r = -warm; r < reps; r++) {
      double t0 = bench_now();
      if (column_order) {
#pragma omp target teams distribute parallel for collapse(2)
        for (int j = 1; j < n - 1; j++)
          for (int i = 1; i < n - 1; i++)
            un[i * n + j] = 0.25 * (uo[(i - 1) * n + j] + uo[(i + 1) * n + j] +
                                    uo[i * n + j - 1] + uo[i * n + j + 1]);
      } else {
#pragma omp target teams distribute parallel for collapse(2)
        for (int i = 1; i < n - 1; i++)
          for (int j = 1; j < n - 1; j++)
            un[i * n + j] = 0.25 * (uo[(i - 1) * n + j] + uo[(i + 1) * n + j] +
                                    uo[i * n + j - 1] + uo[i * n + j + 1]);
      }
      double t1 = bench_now();
      if (r >= 0)
        t[r] = t1 - t0;
      double *tmp = uo;
      uo = un;
      un = tmp;
    }
  }
  /* uo holds the result of warm + reps sweeps */
  double *hu = bench_malloc(sizeof(double) * nn);
  double *hv = bench_malloc(sizeof(double) * nn);
  jacobi_init(hu, hv, n);
  jacobi_check(uo, jacobi_host(hu, hv, n, warm + reps), n, "openmp");
  /* bytes: read u and write u' once per interior point */
  double pts = (double)(n - 2) * (n - 2);
  bench_report(name, "openmp", t, reps, 1.0, 2.0 * sizeof(double) * pts,
               "GB/s");
  free(u);
  free(v);
  free(t);
  free(hu);
  free(hv);
}

int main(void) {
  bench_require_gpu("jacobi2d");
  const int n = (int)bench_size("BENCH_JACOBI_N", JACOBI_N, 3, 46340);
  sweeps("jacobi2d", 0, n);
  sweeps("jacobi2d_colorder", 1, n);
  return 0;
}
