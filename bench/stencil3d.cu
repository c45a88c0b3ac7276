// 14. 3D 7-point stencil, hand-written CUDA: one thread per interior point,
// 32 x 4 x 2 blocks (x along the contiguous k dimension).
#include "cuda_common.h"

__global__ void stencil3d(const double *__restrict__ u, double *__restrict__ v,
                          int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
  const int i = blockIdx.z * blockDim.z + threadIdx.z + 1;
  if (i < n - 1 && j < n - 1 && k < n - 1) {
    const size_t nn = (size_t)n * n, c = ((size_t)i * n + j) * n + k;
    v[c] = ST3_C0 * u[c] + ST3_C1 * (u[c - 1] + u[c + 1] + u[c - n] + u[c + n] +
                                     u[c - nn] + u[c + nn]);
  }
}

int main() {
  cuda_start("stencil3d");
  const int n = (int)bench_size("BENCH_STENCIL3D_N", STENCIL3D_N, 3, 2048);
  const int reps = bench_reps(10);
  const size_t nnn = (size_t)n * n * n;
  double *u = (double *)bench_malloc(sizeof(double) * nnn);
  double *v = (double *)bench_malloc(sizeof(double) * nnn);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  stencil3d_init(u, v, n);
  double *du = dev_alloc<double>(nnn), *dv = dev_alloc<double>(nnn);
  CK(cudaMemcpy(du, u, sizeof(double) * nnn, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dv, v, sizeof(double) * nnn, cudaMemcpyHostToDevice));
  const dim3 block(32, 4, 2);
  const dim3 grid((n - 2 + block.x - 1) / block.x,
                  (n - 2 + block.y - 1) / block.y,
                  (n - 2 + block.z - 1) / block.z);
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    stencil3d<<<grid, block>>>(du, dv, n);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(v, dv, sizeof(double) * nnn, cudaMemcpyDeviceToHost));
  stencil3d_check(u, v, n, "cuda");
  const double pts = (double)(n - 2) * (n - 2) * (n - 2);
  bench_report("stencil3d", "cuda", t, reps, 1.0, 2.0 * sizeof(double) * pts,
               "GB/s");
  return 0;
}
