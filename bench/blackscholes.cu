// 18. Black-Scholes option pricing, hand-written CUDA: one thread per
// option, 256-thread blocks, the same __host__ __device__ helpers (ref.h).
#include "cuda_common.h"

__global__ void blackscholes(const float *__restrict__ S,
                             const float *__restrict__ X,
                             const float *__restrict__ T,
                             float *__restrict__ call, float *__restrict__ put,
                             int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    bs_price(S[i], X[i], T[i], &call[i], &put[i]);
}

int main() {
  cuda_start("blackscholes");
  const int n = blackscholes_n();
  const int reps = bench_reps(20);
  float *S = (float *)bench_malloc(sizeof(float) * n);
  float *X = (float *)bench_malloc(sizeof(float) * n);
  float *T = (float *)bench_malloc(sizeof(float) * n);
  float *call = (float *)bench_malloc(sizeof(float) * n);
  float *put = (float *)bench_malloc(sizeof(float) * n);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  bs_init(S, X, T, call, put, n);
  float *dS = dev_alloc<float>(n), *dX = dev_alloc<float>(n),
        *dT = dev_alloc<float>(n), *dcall = dev_alloc<float>(n),
        *dput = dev_alloc<float>(n);
  CK(cudaMemcpy(dS, S, sizeof(float) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dX, X, sizeof(float) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dT, T, sizeof(float) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dcall, call, sizeof(float) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dput, put, sizeof(float) * n, cudaMemcpyHostToDevice));
  const int grid = (n + BLOCK - 1) / BLOCK;
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    blackscholes<<<grid, BLOCK>>>(dS, dX, dT, dcall, dput, n);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(call, dcall, sizeof(float) * n, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(put, dput, sizeof(float) * n, cudaMemcpyDeviceToHost));
  bs_check(S, X, T, call, put, n, "cuda");
  bench_report("blackscholes", "cuda", t, reps, 1.0, 5.0 * sizeof(float) * n,
               "GB/s");
  return 0;
}
