/* 8. Data movement: a `target data map(tofrom:)` round trip of MAP_MB MiB
 * (device allocation, copy in, copy out, release), and `target update
 * to/from` of the same buffer while it stays mapped. Host memory is plain
 * malloc (pageable), as in most OpenMP programs. BENCH_MAP_MB sets the size. */
#include "ref.h"

int main(void) {
  bench_require_gpu("map_tofrom");
  const size_t mb = (size_t)bench_param("BENCH_MAP_MB", MAP_MB);
  const size_t n = mb * (1 << 20) / sizeof(double);
  const double bytes = (double)n * sizeof(double);
  const int reps = bench_reps(10);
  double *buf = bench_malloc(sizeof(double) * n);
  double *t = bench_malloc(sizeof(double) * reps);
  for (size_t i = 0; i < n; i++)
    buf[i] = (double)(i % 1024);

  /* correctness first (untimed): data really goes there and back */
#pragma omp target data map(tofrom : buf[0:n])
  {
#pragma omp target teams distribute parallel for
    for (size_t i = 0; i < n; i++)
      buf[i] += 1.0;
  }
  for (size_t i = 0; i < n; i++)
    if (buf[i] != (double)(i % 1024) + 1.0)
      bench_fail("map_tofrom", "openmp", "buf[i]", (long)i, buf[i],
                 (double)(i % 1024) + 1.0);
#pragma omp target data map(alloc : buf[0:n])
  {
#pragma omp target update to(buf[0:n])
#pragma omp target teams distribute parallel for
    for (size_t i = 0; i < n; i++)
      buf[i] *= 2.0;
#pragma omp target update from(buf[0:n])
  }
  for (size_t i = 0; i < n; i++)
    if (buf[i] != 2.0 * ((double)(i % 1024) + 1.0))
      bench_fail("update_from", "openmp", "buf[i]", (long)i, buf[i],
                 2.0 * ((double)(i % 1024) + 1.0));

  /* round trip: allocate + to + from + free, 2 x bytes moved */
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
#pragma omp target data map(tofrom : buf[0:n])
    {
    }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  bench_report("map_tofrom", "openmp", t, reps, 1.0, 2.0 * bytes, "GB/s");

#pragma omp target data map(alloc : buf[0:n])
  {
    for (int r = -1; r < reps; r++) {
      double t0 = bench_now();
#pragma omp target update to(buf[0:n])
      double t1 = bench_now();
      if (r >= 0)
        t[r] = t1 - t0;
    }
    bench_report("update_to", "openmp", t, reps, 1.0, bytes, "GB/s");
    for (int r = -1; r < reps; r++) {
      double t0 = bench_now();
#pragma omp target update from(buf[0:n])
      double t1 = bench_now();
      if (r >= 0)
        t[r] = t1 - t0;
    }
    bench_report("update_from", "openmp", t, reps, 1.0, bytes, "GB/s");
  }
  return 0;
}
