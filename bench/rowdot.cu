// 20. Dense matrix-vector product y = A x, hand-written CUDA: one 256-thread
// block per row, a strided loop over the columns, a shared-memory tree
// reduction, thread 0 writes y[row].
#include "cuda_common.h"

__global__ void rowdot(const float *__restrict__ A, const float *__restrict__ x,
                       float *__restrict__ y, int cols) {
  __shared__ float part[BLOCK];
  const int row = blockIdx.x;
  float s = 0.0f;
  for (int col = threadIdx.x; col < cols; col += blockDim.x)
    s += A[(size_t)row * cols + col] * x[col];
  s = block_sum(part, s);
  if (threadIdx.x == 0)
    y[row] = s;
}

int main() {
  cuda_start("rowdot");
  int rows, cols;
  rowdot_size(&rows, &cols);
  const int reps = bench_reps(20);
  const size_t nel = (size_t)rows * cols;
  float *A = (float *)bench_malloc(sizeof(float) * nel);
  float *x = (float *)bench_malloc(sizeof(float) * cols);
  float *y = (float *)bench_malloc(sizeof(float) * rows);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  rowdot_init(A, x, y, rows, cols);
  float *dA = dev_alloc<float>(nel), *dx = dev_alloc<float>(cols),
        *dy = dev_alloc<float>(rows);
  CK(cudaMemcpy(dA, A, sizeof(float) * nel, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dx, x, sizeof(float) * cols, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dy, y, sizeof(float) * rows, cudaMemcpyHostToDevice));
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    rowdot<<<rows, BLOCK>>>(dA, dx, dy, cols);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(y, dy, sizeof(float) * rows, cudaMemcpyDeviceToHost));
  rowdot_check(A, x, y, rows, cols, "cuda");
  bench_report("rowdot", "cuda", t, reps, 1.0, (double)sizeof(float) * nel,
               "GB/s");
  return 0;
}
