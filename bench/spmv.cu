// 3. CSR SpMV, hand-written CUDA: one thread per row (scalar CSR).
#include "cuda_common.h"

__global__ void spmv(const int *__restrict__ rowptr, const int *__restrict__ col,
                     const double *__restrict__ val,
                     const double *__restrict__ x, double *__restrict__ y,
                     int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double s = 0.0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

int main() {
  cuda_start("spmv");
  const int n = (int)bench_size("BENCH_SPMV_ROWS", SPMV_ROWS, SPMV_NNZ_ROW,
                                (1 << 30) / SPMV_NNZ_ROW);
  const int nnz = n * SPMV_NNZ_ROW;
  const int reps = bench_reps(20);
  int *rowptr = (int *)bench_malloc(sizeof(int) * (n + 1));
  int *col = (int *)bench_malloc(sizeof(int) * (size_t)nnz);
  double *val = (double *)bench_malloc(sizeof(double) * (size_t)nnz);
  double *x = (double *)bench_malloc(sizeof(double) * n);
  double *y = (double *)bench_malloc(sizeof(double) * n);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  spmv_init(rowptr, col, val, x, n);
  int *drow = dev_alloc<int>(n + 1), *dcol = dev_alloc<int>(nnz);
  double *dval = dev_alloc<double>(nnz), *dx = dev_alloc<double>(n),
         *dy = dev_alloc<double>(n);
  CK(cudaMemcpy(drow, rowptr, sizeof(int) * (n + 1), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dcol, col, sizeof(int) * (size_t)nnz, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dval, val, sizeof(double) * (size_t)nnz,
                cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dx, x, sizeof(double) * n, cudaMemcpyHostToDevice));
  CK(cudaMemset(dy, 0xff, sizeof(double) * n));
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    spmv<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(drow, dcol, dval, dx, dy, n);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(y, dy, sizeof(double) * n, cudaMemcpyDeviceToHost));
  spmv_check(rowptr, col, val, x, y, n, "cuda");
  double bytes = (double)nnz * (sizeof(double) + sizeof(int)) +
                 (double)n * (sizeof(int) + 2 * sizeof(double));
  bench_report("spmv", "cuda", t, reps, 1.0, bytes, "GB/s");
  return 0;
}
