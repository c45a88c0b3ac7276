// 5. Naive matrix multiply, hand-written CUDA: one thread per element of C,
// 16 x 16 blocks, x along j (B and C accessed contiguously by a warp).
#include "cuda_common.h"

__global__ void matmul(const double *__restrict__ A,
                       const double *__restrict__ B, double *__restrict__ C,
                       int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < n) {
    double s = 0.0;
    for (int k = 0; k < n; k++)
      s += A[i * n + k] * B[k * n + j];
    C[i * n + j] = s;
  }
}

int main() {
  cuda_start("matmul");
  const int n = (int)bench_size("BENCH_MATMUL_N", MATMUL_N, 2, 46340);
  const int reps = bench_reps(5);
  const size_t nn = (size_t)n * n;
  double *A = (double *)bench_malloc(sizeof(double) * nn);
  double *B = (double *)bench_malloc(sizeof(double) * nn);
  double *C = (double *)bench_malloc(sizeof(double) * nn);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  matmul_init(A, B, C, n);
  double *dA = dev_alloc<double>(nn), *dB = dev_alloc<double>(nn),
         *dC = dev_alloc<double>(nn);
  CK(cudaMemcpy(dA, A, sizeof(double) * nn, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dB, B, sizeof(double) * nn, cudaMemcpyHostToDevice));
  dim3 block(16, 16), grid((n + 15) / 16, (n + 15) / 16);
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    matmul<<<grid, block>>>(dA, dB, dC, n);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(C, dC, sizeof(double) * nn, cudaMemcpyDeviceToHost));
  matmul_check(A, B, C, n, "cuda");
  bench_report("matmul", "cuda", t, reps, 1.0, 2.0 * n * (double)nn,
               "GFLOP/s");
  return 0;
}
