/* 22. Row normalization (a layer normalization's forward pass), OpenMP
 * offload, as ported ML code writes it: `target teams distribute
 * num_teams(rows)` over the rows, in each row three `parallel for
 * num_threads(block)` loops with a run-time block: the mean (a sum), the
 * variance (a second sum), then out = (x - mean) * rstd * w + b; team code
 * between them divides the sums and keeps mean and rstd per row. Timed at
 * two block sizes (ref.h: ROWNORM_SMALL, ROWNORM_LARGE), each reported as
 * rownorm_BLOCK. Rate: 8 bytes per element (x read, out written).
 * BENCH_ROWNORM_ROWS, BENCH_ROWNORM_COLS. */
#include "ref.h"

static void rownorm(float *out, float *mean, float *rstd, const float *x,
                    const float *w, const float *b, int rows, int cols,
                    int block) {
#pragma omp target teams distribute num_teams(rows)
  for (int r = 0; r < rows; r++) {
    const float *xr = x + (size_t)r * cols;
    float m = 0.0f;
#pragma omp parallel for reduction(+ : m) num_threads(block)
    for (int c = 0; c < cols; c++)
      m += xr[c];
    m = m / cols;
    float v = 0.0f;
#pragma omp parallel for reduction(+ : v) num_threads(block)
    for (int c = 0; c < cols; c++) {
      const float d = xr[c] - m;
      v += d * d;
    }
    const float s = 1.0f / sqrtf(v / cols + 1e-5f);
    float *o = out + (size_t)r * cols;
#pragma omp parallel for num_threads(block)
    for (int c = 0; c < cols; c++)
      o[c] = (xr[c] - m) * s * w[c] + b[c];
    mean[r] = m;
    rstd[r] = s;
  }
}

static void run(int block, const float *x, const float *w, const float *b,
                float *out, float *mean, float *rstd, int rows, int cols,
                double *t, int reps) {
  char name[32];
  snprintf(name, sizeof name, "rownorm_%d", block);
  const size_t nel = (size_t)rows * cols;
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    rownorm(out, mean, rstd, x, w, b, rows, cols, block);
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
#pragma omp target update from(out[0:nel], mean[0:rows], rstd[0:rows])
  rownorm_check(x, w, b, out, mean, rstd, rows, cols, name, "openmp");
  bench_report(name, "openmp", t, reps, 1.0, 2.0 * sizeof(float) * nel,
               "GB/s");
}

int main(void) {
  bench_require_gpu("rownorm");
  int rows, cols;
  rownorm_size(&rows, &cols);
  const int reps = bench_reps(20);
  const size_t nel = (size_t)rows * cols;
  float *x = bench_malloc(sizeof(float) * nel);
  float *out = bench_malloc(sizeof(float) * nel);
  float *w = bench_malloc(sizeof(float) * cols);
  float *b = bench_malloc(sizeof(float) * cols);
  float *mean = bench_malloc(sizeof(float) * rows);
  float *rstd = bench_malloc(sizeof(float) * rows);
  double *t = bench_malloc(sizeof(double) * reps);
  rownorm_init(x, w, b, rows, cols);

#pragma omp target data map(to : x[0:nel], w[0:cols], b[0:cols])              \
    map(alloc : out[0:nel], mean[0:rows], rstd[0:rows])
  {
    run(ROWNORM_SMALL, x, w, b, out, mean, rstd, rows, cols, t, reps);
    run(ROWNORM_LARGE, x, w, b, out, mean, rstd, rows, cols, t, reps);
  }
  return 0;
}
