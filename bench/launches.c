/* 13. Many small launches, OpenMP offload: a 1024-iteration `target teams
 * distribute parallel for` on a mapped array, launched many times in a row
 * (launch_1024), and `target map(tofrom: x)` on a scalar (scalar_tofrom),
 * each waited for; and the same loop with `nowait`, each launch writing its
 * own row of a mapped array, with one taskwait after the last
 * (launch_nowait, the shape of a loop of small asynchronous kernels).
 * Microseconds per launch. BENCH_LAUNCHES sets the count. */
#include "ref.h"

int main(void) {
  bench_require_gpu("launches");
  const int launches = (int)bench_size("BENCH_LAUNCHES", LAUNCHES, 1, 1 << 24);
  const int reps = bench_reps(5);
  double a[LAUNCH_ITERS];
  double *t = bench_malloc(sizeof(double) * reps);
  for (int i = 0; i < LAUNCH_ITERS; i++)
    a[i] = (double)(i % 3);

#pragma omp target data map(tofrom : a)
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    for (int m = 0; m < launches; m++) {
#pragma omp target teams distribute parallel for
      for (int i = 0; i < LAUNCH_ITERS; i++)
        a[i] += 1.0;
    }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  for (int i = 0; i < LAUNCH_ITERS; i++) {
    const double want = (double)(i % 3) + (double)(reps + 1) * launches;
    if (a[i] != want)
      bench_fail("launch_1024", "openmp", "a[i]", i, a[i], want);
  }
  bench_report("launch_1024", "openmp", t, reps, 1.0 / launches, 0.0,
               "us/launch");

  long x = 7;
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    for (int m = 0; m < launches; m++) {
#pragma omp target map(tofrom : x)
      x += 3;
    }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  if (x != 7 + 3L * (reps + 1) * launches)
    bench_fail("scalar_tofrom", "openmp", "x", 0, (double)x,
               (double)(7 + 3L * (reps + 1) * launches));
  bench_report("scalar_tofrom", "openmp", t, reps, 1.0 / launches, 0.0,
               "us/launch");

  const size_t cells = (size_t)launches * LAUNCH_ITERS;
  double *rows = bench_malloc(sizeof(double) * cells);
#pragma omp target data map(to : a) map(from : rows[0:cells])
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    for (int m = 0; m < launches; m++) {
#pragma omp target teams distribute parallel for nowait
      for (int i = 0; i < LAUNCH_ITERS; i++)
        rows[(size_t)m * LAUNCH_ITERS + i] = a[i] + m;
    }
#pragma omp taskwait
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  launch_rows_check(rows, a, launches, "openmp");
  bench_report("launch_nowait", "openmp", t, reps, 1.0 / launches, 0.0,
               "us/launch");
  return 0;
}
