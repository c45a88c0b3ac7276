/* 19. Histogram with global atomics, OpenMP offload: a 1024-bin histogram
 * of N ints, `target teams distribute parallel for` with `#pragma omp
 * atomic update` on hist[data[i] % 1024]++ in global memory, after a
 * kernel that zeroes the bins (both inside the timing, every repetition).
 * Rate: 4 bytes per element. BENCH_HISTATOMIC_N sets N. */
#include "ref.h"

int main(void) {
  bench_require_gpu("histatomic");
  const int n = histatomic_n();
  const int reps = bench_reps(10);
  int *data = bench_malloc(sizeof(int) * n);
  int hist[HISTA_BINS];
  double *t = bench_malloc(sizeof(double) * reps);
  hista_init(data, n);

#pragma omp target data map(to : data[0:n]) map(from : hist)
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
#pragma omp target teams distribute parallel for
    for (int b = 0; b < HISTA_BINS; b++)
      hist[b] = 0;
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++) {
#pragma omp atomic update
      hist[data[i] % HISTA_BINS]++;
    }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  hista_check(data, n, hist, "openmp");
  bench_report("histatomic", "openmp", t, reps, 1.0, (double)sizeof(int) * n,
               "GB/s");
  return 0;
}
