/* 7. Latency of an empty `#pragma omp target` region: many launches in a
 * row, each waited for (a target region without nowait is synchronous). */
#include "ref.h"

int main(void) {
  bench_require_gpu("empty_target");
  const int launches = (int)bench_param("BENCH_LAUNCHES", EMPTY_LAUNCHES);
  const int reps = bench_reps(5);
  double *t = bench_malloc(sizeof(double) * reps);

  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    for (int m = 0; m < launches; m++) {
#pragma omp target
      {
      }
    }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  bench_report("empty_target", "openmp", t, reps, 1.0 / launches, 0.0,
               "us/launch");
  return 0;
}
