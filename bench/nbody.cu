// 17. All-pairs n-body accelerations, hand-written CUDA: one thread per
// body, 256-thread blocks, the same sequential loop over all bodies with
// 1.0f / sqrtf (no shared-memory tiling, to stay the same algorithm).
#include "cuda_common.h"

__global__ void nbody(const float *__restrict__ x, const float *__restrict__ y,
                      const float *__restrict__ z, const float *__restrict__ m,
                      float *__restrict__ ax, float *__restrict__ ay,
                      float *__restrict__ az, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float xi = x[i], yi = y[i], zi = z[i];
    float sx = 0.0f, sy = 0.0f, sz = 0.0f;
    for (int j = 0; j < n; j++) {
      const float dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
      const float r2 = dx * dx + dy * dy + dz * dz + NBODY_EPS2;
      const float inv = 1.0f / sqrtf(r2);
      const float inv3 = inv * inv * inv;
      const float s = m[j] * inv3;
      sx += s * dx;
      sy += s * dy;
      sz += s * dz;
    }
    ax[i] = sx;
    ay[i] = sy;
    az[i] = sz;
  }
}

int main() {
  cuda_start("nbody");
  const int n = nbody_n();
  const int reps = bench_reps(10);
  float *x = (float *)bench_malloc(sizeof(float) * n);
  float *y = (float *)bench_malloc(sizeof(float) * n);
  float *z = (float *)bench_malloc(sizeof(float) * n);
  float *m = (float *)bench_malloc(sizeof(float) * n);
  float *ax = (float *)bench_malloc(sizeof(float) * n);
  float *ay = (float *)bench_malloc(sizeof(float) * n);
  float *az = (float *)bench_malloc(sizeof(float) * n);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  nbody_init(x, y, z, m, ax, ay, az, n);
  float *dx = dev_alloc<float>(n), *dy = dev_alloc<float>(n),
        *dz = dev_alloc<float>(n), *dm = dev_alloc<float>(n);
  float *dax = dev_alloc<float>(n), *day = dev_alloc<float>(n),
        *daz = dev_alloc<float>(n);
  CK(cudaMemcpy(dx, x, sizeof(float) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dy, y, sizeof(float) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dz, z, sizeof(float) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dm, m, sizeof(float) * n, cudaMemcpyHostToDevice));
  const int grid = (n + BLOCK - 1) / BLOCK;
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    nbody<<<grid, BLOCK>>>(dx, dy, dz, dm, dax, day, daz, n);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(ax, dax, sizeof(float) * n, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(ay, day, sizeof(float) * n, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(az, daz, sizeof(float) * n, cudaMemcpyDeviceToHost));
  nbody_check(x, y, z, m, ax, ay, az, n, "cuda");
  bench_report("nbody", "cuda", t, reps, 1.0,
               (double)NBODY_FLOPS * n * (double)n, "GFLOP/s");
  return 0;
}
