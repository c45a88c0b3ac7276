/* 15. `target enter data map(to:)` / `target exit data map(from:)` round
 * trip of a pageable (malloc) buffer: device allocation, copy in, copy out,
 * release. BENCH_ENTEREXIT_MB sets the size (MiB). */
#include "ref.h"

int main(void) {
  bench_require_gpu("enter_exit");
  const size_t mb =
      (size_t)bench_size("BENCH_ENTEREXIT_MB", ENTEREXIT_MB, 1, 1 << 20);
  const size_t n = mb * (1 << 20) / sizeof(double);
  const double bytes = (double)n * sizeof(double);
  const int reps = bench_reps(10);
  double *buf = bench_malloc(sizeof(double) * n);
  double *t = bench_malloc(sizeof(double) * reps);
  for (size_t i = 0; i < n; i++)
    buf[i] = (double)(i % 1024);

    /* correctness first (untimed): the data goes there and comes back */
#pragma omp target enter data map(to : buf[0:n])
#pragma omp target teams distribute parallel for
  for (size_t i = 0; i < n; i++)
    buf[i] += 1.0;
#pragma omp target exit data map(from : buf[0:n])
  for (size_t i = 0; i < n; i++)
    if (buf[i] != (double)(i % 1024) + 1.0)
      bench_fail("enter_exit", "openmp", "buf[i]", (long)i, buf[i],
                 (double)(i % 1024) + 1.0);

  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
#pragma omp target enter data map(to : buf[0:n])
#pragma omp target exit data map(from : buf[0:n])
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  bench_report("enter_exit", "openmp", t, reps, 1.0, 2.0 * bytes, "GB/s");
  return 0;
}
