// 22. Row normalization (a layer normalization's forward pass),
// hand-written CUDA: one block per row, BLOCK_ threads (a template
// parameter: 32 and 256 as the OpenMP version's run-time block), strided
// loops over the row, each sum reduced with warp shuffles, the warps'
// partial sums combined through shared memory and handed to every thread.
#include "cuda_common.h"

// The block's sum of s, in every thread.
template <int BLOCK_> static __device__ float row_sum(float *part, float s) {
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  if (BLOCK_ == 32)
    return s;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  __syncthreads(); // part[] of the previous sum is read
  if (lane == 0)
    part[warp] = s;
  __syncthreads();
  s = lane < BLOCK_ / 32 ? part[lane] : 0.0f;
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_xor_sync(0xffffffffu, s, o);
  return s;
}

template <int BLOCK_>
__global__ void rownorm(float *__restrict__ out, float *__restrict__ mean,
                        float *__restrict__ rstd, const float *__restrict__ x,
                        const float *__restrict__ w,
                        const float *__restrict__ b, int cols) {
  __shared__ float part[32];
  const int r = blockIdx.x;
  const float *xr = x + (size_t)r * cols;
  float m = 0.0f;
  for (int c = threadIdx.x; c < cols; c += BLOCK_)
    m += xr[c];
  m = row_sum<BLOCK_>(part, m) / cols;
  float v = 0.0f;
  for (int c = threadIdx.x; c < cols; c += BLOCK_) {
    const float d = xr[c] - m;
    v += d * d;
  }
  v = row_sum<BLOCK_>(part, v);
  const float s = rsqrtf(v / cols + 1e-5f);
  float *o = out + (size_t)r * cols;
  for (int c = threadIdx.x; c < cols; c += BLOCK_)
    o[c] = (xr[c] - m) * s * w[c] + b[c];
  if (threadIdx.x == 0) {
    mean[r] = m;
    rstd[r] = s;
  }
}

template <int BLOCK_>
static void run(const float *x, const float *w, const float *b, float *out,
                float *mean, float *rstd, float *dx, float *dw, float *db,
                float *dout, float *dmean, float *drstd, int rows, int cols,
                double *t, int reps) {
  char name[32];
  snprintf(name, sizeof name, "rownorm_%d", BLOCK_);
  const size_t nel = (size_t)rows * cols;
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    rownorm<BLOCK_><<<rows, BLOCK_>>>(dout, dmean, drstd, dx, dw, db, cols);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(out, dout, sizeof(float) * nel, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(mean, dmean, sizeof(float) * rows, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rstd, drstd, sizeof(float) * rows, cudaMemcpyDeviceToHost));
  rownorm_check(x, w, b, out, mean, rstd, rows, cols, name, "cuda");
  bench_report(name, "cuda", t, reps, 1.0, 2.0 * sizeof(float) * nel, "GB/s");
}

int main() {
  cuda_start("rownorm");
  int rows, cols;
  rownorm_size(&rows, &cols);
  const int reps = bench_reps(20);
  const size_t nel = (size_t)rows * cols;
  float *x = (float *)bench_malloc(sizeof(float) * nel);
  float *out = (float *)bench_malloc(sizeof(float) * nel);
  float *w = (float *)bench_malloc(sizeof(float) * cols);
  float *b = (float *)bench_malloc(sizeof(float) * cols);
  float *mean = (float *)bench_malloc(sizeof(float) * rows);
  float *rstd = (float *)bench_malloc(sizeof(float) * rows);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  rownorm_init(x, w, b, rows, cols);
  float *dx = dev_alloc<float>(nel), *dout = dev_alloc<float>(nel),
        *dw = dev_alloc<float>(cols), *db = dev_alloc<float>(cols),
        *dmean = dev_alloc<float>(rows), *drstd = dev_alloc<float>(rows);
  CK(cudaMemcpy(dx, x, sizeof(float) * nel, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dw, w, sizeof(float) * cols, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, b, sizeof(float) * cols, cudaMemcpyHostToDevice));
  run<ROWNORM_SMALL>(x, w, b, out, mean, rstd, dx, dw, db, dout, dmean, drstd,
                     rows, cols, t, reps);
  run<ROWNORM_LARGE>(x, w, b, out, mean, rstd, dx, dw, db, dout, dmean, drstd,
                     rows, cols, t, reps);
  return 0;
}
