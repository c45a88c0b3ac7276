// 15. The same round trip in CUDA: cudaMalloc, cudaMemcpy in and out of the
// pageable buffer, cudaFree.
#include "cuda_common.h"

__global__ void add_one(double *a, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += 1.0;
}

int main() {
  cuda_start("enter_exit");
  const size_t mb =
      (size_t)bench_size("BENCH_ENTEREXIT_MB", ENTEREXIT_MB, 1, 1 << 20);
  const size_t n = mb * (1 << 20) / sizeof(double);
  const double bytes = (double)n * sizeof(double);
  const int reps = bench_reps(10);
  double *buf = (double *)bench_malloc(sizeof(double) * n);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  for (size_t i = 0; i < n; i++)
    buf[i] = (double)(i % 1024);

  double *d = nullptr;
  CK(cudaMalloc((void **)&d, sizeof(double) * n));
  CK(cudaMemcpy(d, buf, sizeof(double) * n, cudaMemcpyHostToDevice));
  add_one<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(d, n);
  CK_LAUNCH();
  CK(cudaMemcpy(buf, d, sizeof(double) * n, cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  for (size_t i = 0; i < n; i++)
    if (buf[i] != (double)(i % 1024) + 1.0)
      bench_fail("enter_exit", "cuda", "buf[i]", (long)i, buf[i],
                 (double)(i % 1024) + 1.0);

  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    CK(cudaMalloc((void **)&d, sizeof(double) * n));
    CK(cudaMemcpy(d, buf, sizeof(double) * n, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(buf, d, sizeof(double) * n, cudaMemcpyDeviceToHost));
    CK(cudaFree(d));
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  bench_report("enter_exit", "cuda", t, reps, 1.0, 2.0 * bytes, "GB/s");
  return 0;
}
