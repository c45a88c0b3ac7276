// 16. Matrix transpose, hand-written CUDA, on 32 x 8 blocks: naive (one
// element per thread, x along the rows of in) and the classic shared-memory
// transpose (a 32 x 33 tile per block, 8 rows per thread in and out,
// __syncthreads() between).
#include "cuda_common.h"

__global__ void transpose_naive(const float *__restrict__ in,
                                float *__restrict__ out, int n) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < n)
    out[j * n + i] = in[i * n + j];
}

__global__ void transpose_tiled(const float *__restrict__ in,
                                float *__restrict__ out, int n) {
  __shared__ float tile[TR_TILE][TR_TILE + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int i0 = blockIdx.y * TR_TILE, j0 = blockIdx.x * TR_TILE;
  for (int k = ty; k < TR_TILE; k += TR_ROWS)
    tile[k][tx] = in[(i0 + k) * n + j0 + tx];
  __syncthreads();
  for (int k = ty; k < TR_TILE; k += TR_ROWS)
    out[(j0 + k) * n + i0 + tx] = tile[tx][k];
}

int main() {
  cuda_start("transpose");
  const int n = transpose_n();
  const int reps = bench_reps(10);
  const size_t nn = (size_t)n * n;
  const int tiles = n / TR_TILE;
  float *in = (float *)bench_malloc(sizeof(float) * nn);
  float *out = (float *)bench_malloc(sizeof(float) * nn);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  transpose_init(in, out, n);
  float *din = dev_alloc<float>(nn), *dout = dev_alloc<float>(nn);
  CK(cudaMemcpy(din, in, sizeof(float) * nn, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dout, out, sizeof(float) * nn, cudaMemcpyHostToDevice));
  const dim3 block(TR_TILE, TR_ROWS);

  const dim3 ngrid(tiles, n / TR_ROWS);
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    transpose_naive<<<ngrid, block>>>(din, dout, n);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(out, dout, sizeof(float) * nn, cudaMemcpyDeviceToHost));
  transpose_check("transpose_naive", out, n, "cuda");
  bench_report("transpose_naive", "cuda", t, reps, 1.0,
               2.0 * sizeof(float) * nn, "GB/s");

  // start the tiled kernel from a fresh output (untimed)
  for (size_t k = 0; k < nn; k++)
    out[k] = -1.0f;
  CK(cudaMemcpy(dout, out, sizeof(float) * nn, cudaMemcpyHostToDevice));
  const dim3 tgrid(tiles, tiles);
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    transpose_tiled<<<tgrid, block>>>(din, dout, n);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(out, dout, sizeof(float) * nn, cudaMemcpyDeviceToHost));
  transpose_check("transpose_tiled", out, n, "cuda");
  bench_report("transpose_tiled", "cuda", t, reps, 1.0,
               2.0 * sizeof(float) * nn, "GB/s");
  return 0;
}
