// 7. Latency of an empty kernel: launch <<<1, 1>>> and wait, many times.
#include "cuda_common.h"

__global__ void empty() {}

int main() {
  cuda_start("empty_target");
  const int launches = (int)bench_param("BENCH_LAUNCHES", EMPTY_LAUNCHES);
  const int reps = bench_reps(5);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    for (int m = 0; m < launches; m++) {
      empty<<<1, 1>>>();
      CK(cudaDeviceSynchronize());
    }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK_LAUNCH();
  bench_report("empty_target", "cuda", t, reps, 1.0 / launches, 0.0,
               "us/launch");
  return 0;
}
