/* 5. Naive matrix multiply C = A*B, one iteration of the collapsed (i, j)
 * loop per element of C, OpenMP offload. */
#include "ref.h"

int main(void) {
  bench_require_gpu("matmul");
  const int n = (int)bench_size("BENCH_MATMUL_N", MATMUL_N, 2, 46340);
  const int reps = bench_reps(5);
  const size_t nn = (size_t)n * n;
  double *A = bench_malloc(sizeof(double) * nn);
  double *B = bench_malloc(sizeof(double) * nn);
  double *C = bench_malloc(sizeof(double) * nn);
  double *t = bench_malloc(sizeof(double) * reps);
  matmul_init(A, B, C, n);

#pragma omp target data map(to : A[0:nn], B[0:nn]) map(tofrom : C[0:nn])
  {
    for (int r = -1; r < reps; r++) {
      double t0 = bench_now();
#pragma omp target teams distribute parallel for collapse(2)
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
          double s = 0.0;
          for (int k = 0; k < n; k++)
            s += A[i * n + k] * B[k * n + j];
          C[i * n + j] = s;
        }
      double t1 = bench_now();
      if (r >= 0)
        t[r] = t1 - t0;
    }
  }
  matmul_check(A, B, C, n, "openmp");
  bench_report("matmul", "openmp", t, reps, 1.0, 2.0 * n * (double)nn,
               "GFLOP/s");
  return 0;
}
