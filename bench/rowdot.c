/* 20. Dense matrix-vector product y = A x, a team per row, OpenMP offload,
 * in the generic form applications use: `target teams distribute` over the
 * rows, in each a `parallel for reduction(+ : sum)` over the columns, then
 * y[row] = sum (team-sequential code around the parallel loop). A is ROWS x
 * COLS floats, row-major. Rate: 4 bytes per matrix element (x and y are
 * small beside A). BENCH_ROWDOT_ROWS, BENCH_ROWDOT_COLS. */
#include "ref.h"

int main(void) {
  bench_require_gpu("rowdot");
  int rows, cols;
  rowdot_size(&rows, &cols);
  const int reps = bench_reps(20);
  const size_t nel = (size_t)rows * cols;
  float *A = bench_malloc(sizeof(float) * nel);
  float *x = bench_malloc(sizeof(float) * cols);
  float *y = bench_malloc(sizeof(float) * rows);
  double *t = bench_malloc(sizeof(double) * reps);
  rowdot_init(A, x, y, rows, cols);

#pragma omp target data map(to : A[0:nel], x[0:cols]) map(tofrom : y[0:rows])
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
#pragma omp target teams distribute
    for (int row = 0; row < rows; row++) {
      float sum = 0.0f;
#pragma omp parallel for reduction(+ : sum)
      for (int col = 0; col < cols; col++)
        sum += A[(size_t)row * cols + col] * x[col];
      y[row] = sum;
    }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  rowdot_check(A, x, y, rows, cols, "openmp");
  bench_report("rowdot", "openmp", t, reps, 1.0, (double)sizeof(float) * nel,
               "GB/s");
  return 0;
}
