// 19. Histogram with global atomics, hand-written CUDA: one element per
// thread, 256-thread blocks, atomicAdd on the bin in global memory; the
// bins are zeroed with cudaMemset before each kernel (inside the timing,
// like the OpenMP version's zeroing kernel).
#include "cuda_common.h"

__global__ void histatomic(const int *__restrict__ data, int *hist, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&hist[data[i] % HISTA_BINS], 1);
}

int main() {
  cuda_start("histatomic");
  const int n = histatomic_n();
  const int reps = bench_reps(10);
  int *data = (int *)bench_malloc(sizeof(int) * n);
  int hist[HISTA_BINS];
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  hista_init(data, n);
  int *ddata = dev_alloc<int>(n), *dhist = dev_alloc<int>(HISTA_BINS);
  CK(cudaMemcpy(ddata, data, sizeof(int) * n, cudaMemcpyHostToDevice));
  const int grid = (n + BLOCK - 1) / BLOCK;
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    CK(cudaMemset(dhist, 0, sizeof(int) * HISTA_BINS));
    histatomic<<<grid, BLOCK>>>(ddata, dhist, n);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(hist, dhist, sizeof(int) * HISTA_BINS, cudaMemcpyDeviceToHost));
  hista_check(data, n, hist, "cuda");
  bench_report("histatomic", "cuda", t, reps, 1.0, (double)sizeof(int) * n,
               "GB/s");
  return 0;
}
