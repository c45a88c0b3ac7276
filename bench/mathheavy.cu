// 12. Math-heavy loops, hand-written CUDA: one thread per element, the
// same expressions with CUDA's double and float math functions.
#include "cuda_common.h"

__global__ void math_f64(const double *__restrict__ x,
                         const double *__restrict__ y, double *__restrict__ o,
                         long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = MATH_F64(x[i], y[i]);
}

__global__ void math_f32(const float *__restrict__ x,
                         const float *__restrict__ y, float *__restrict__ o,
                         long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = MATH_F32(x[i], y[i]);
}

int main() {
  cuda_start("mathheavy");
  const long n = bench_size("BENCH_MATH_N", MATH_N, 1, 1L << 31);
  const int reps = bench_reps(10);
  double *x = (double *)bench_malloc(sizeof(double) * n);
  double *y = (double *)bench_malloc(sizeof(double) * n);
  double *o64 = (double *)bench_malloc(sizeof(double) * n);
  float *xf = (float *)bench_malloc(sizeof(float) * n);
  float *yf = (float *)bench_malloc(sizeof(float) * n);
  float *o32 = (float *)bench_malloc(sizeof(float) * n);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  double *t32 = (double *)bench_malloc(sizeof(double) * reps);
  math_init(x, y, xf, yf, n);
  double *dx = dev_alloc<double>(n), *dy = dev_alloc<double>(n),
         *do64 = dev_alloc<double>(n);
  float *dxf = dev_alloc<float>(n), *dyf = dev_alloc<float>(n),
        *do32 = dev_alloc<float>(n);
  CK(cudaMemcpy(dx, x, sizeof(double) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dy, y, sizeof(double) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dxf, xf, sizeof(float) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dyf, yf, sizeof(float) * n, cudaMemcpyHostToDevice));
  const long grid = (n + BLOCK - 1) / BLOCK;
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    math_f64<<<grid, BLOCK>>>(dx, dy, do64, n);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    math_f32<<<grid, BLOCK>>>(dxf, dyf, do32, n);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t2 = bench_now();
    if (r >= 0) {
      t[r] = t1 - t0;
      t32[r] = t2 - t1;
    }
  }
  CK(cudaMemcpy(o64, do64, sizeof(double) * n, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(o32, do32, sizeof(float) * n, cudaMemcpyDeviceToHost));
  math_check(x, y, xf, yf, o64, o32, n, "cuda");
  bench_report("math_f64", "cuda", t, reps, 1.0, (double)n, "Gelem/s");
  bench_report("math_f32", "cuda", t32, reps, 1.0, (double)n, "Gelem/s");
  return 0;
}
