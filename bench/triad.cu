// 1. STREAM triad, hand-written CUDA: one thread per element.
#include "cuda_common.h"

__global__ void triad(double *__restrict__ a, const double *__restrict__ b,
                      const double *__restrict__ c, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i] + s * c[i];
}

int main() {
  cuda_start("triad");
  const int n = (int)bench_size("BENCH_TRIAD_N", TRIAD_N, 1, 1 << 30);
  const int reps = bench_reps(20);
  double *a = (double *)bench_malloc(sizeof(double) * n);
  double *b = (double *)bench_malloc(sizeof(double) * n);
  double *c = (double *)bench_malloc(sizeof(double) * n);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  triad_init(a, b, c, n);
  double *da = dev_alloc<double>(n), *db = dev_alloc<double>(n),
         *dc = dev_alloc<double>(n);
  CK(cudaMemcpy(da, a, sizeof(double) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, b, sizeof(double) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dc, c, sizeof(double) * n, cudaMemcpyHostToDevice));
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    triad<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(da, db, dc, TRIAD_S, n);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(a, da, sizeof(double) * n, cudaMemcpyDeviceToHost));
  triad_check(a, b, c, n, "cuda");
  bench_report("triad", "cuda", t, reps, 1.0, 3.0 * sizeof(double) * n,
               "GB/s");
  return 0;
}
