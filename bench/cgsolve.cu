// 21. Conjugate gradients, hand-written CUDA: the same five kernels per
// iteration as the OpenMP version, one thread per element and 256-thread
// blocks for the vector kernels; each dot product is a grid-stride loop, a
// shared-memory tree per block and one atomicAdd per block into a device
// scalar that is zeroed (cudaMemset) before and cudaMemcpy'd to the host
// after the kernel, as CUDA ports do. Microseconds per iteration.
#include "cuda_common.h"

__global__ void cg_start(const double *__restrict__ b, double *__restrict__ x,
                         double *__restrict__ r, double *__restrict__ p,
                         int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    x[i] = 0.0;
    r[i] = b[i];
    p[i] = b[i];
  }
}

__global__ void laplace(const double *__restrict__ p, double *__restrict__ q,
                        int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    q[i] = 2.0 * p[i] - (i > 0 ? p[i - 1] : 0.0) - (i < n - 1 ? p[i + 1] : 0.0);
}

__global__ void dot(const double *__restrict__ a, const double *__restrict__ b,
                    double *sum, int n) {
  __shared__ double part[BLOCK];
  double s = 0.0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    s += a[i] * b[i];
  s = block_sum(part, s);
  if (threadIdx.x == 0)
    atomicAdd(sum, s);
}

__global__ void update_xr(double alpha, const double *__restrict__ p,
                          const double *__restrict__ q, double *__restrict__ x,
                          double *__restrict__ r, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    x[i] += alpha * p[i];
    r[i] -= alpha * q[i];
  }
}

__global__ void update_p(double beta, const double *__restrict__ r,
                         double *__restrict__ p, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = r[i] + beta * p[i];
}

// a . b on dot_grid blocks, through the device scalar dsum, to the host.
static double dot_host(const double *a, const double *b, double *dsum, int n,
                       int dot_grid) {
  double s;
  CK(cudaMemset(dsum, 0, sizeof(double)));
  dot<<<dot_grid, BLOCK>>>(a, b, dsum, n);
  CK_LAUNCH();
  CK(cudaMemcpy(&s, dsum, sizeof(double), cudaMemcpyDeviceToHost));
  return s;
}

int main() {
  cuda_start("cgsolve");
  int n, iters;
  cg_size(&n, &iters);
  const int reps = bench_reps(10);
  double *b = (double *)bench_malloc(sizeof(double) * n);
  double *x = (double *)bench_malloc(sizeof(double) * n);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  cg_init(b, n);
  double *db = dev_alloc<double>(n), *dx = dev_alloc<double>(n),
         *dr = dev_alloc<double>(n), *dp = dev_alloc<double>(n),
         *dq = dev_alloc<double>(n), *dsum = dev_alloc<double>(1);
  CK(cudaMemcpy(db, b, sizeof(double) * n, cudaMemcpyHostToDevice));
  const int grid = (n + BLOCK - 1) / BLOCK;
  // the dot product's grid: as many blocks as fit at once (as in dot.cu)
  int sms = 0, per_sm = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, dot, BLOCK, 0));
  const int dot_grid = sms * per_sm;
  for (int rep = -1; rep < reps; rep++) {
    // x = 0, r = p = b, rho = r.r (untimed)
    cg_start<<<grid, BLOCK>>>(db, dx, dr, dp, n);
    CK_LAUNCH();
    double rho = dot_host(dr, dr, dsum, n, dot_grid);
    double t0 = bench_now();
    for (int it = 0; it < iters; it++) {
      laplace<<<grid, BLOCK>>>(dp, dq, n);
      CK_LAUNCH();
      const double alpha = rho / dot_host(dp, dq, dsum, n, dot_grid);
      update_xr<<<grid, BLOCK>>>(alpha, dp, dq, dx, dr, n);
      CK_LAUNCH();
      const double rho_new = dot_host(dr, dr, dsum, n, dot_grid);
      const double beta = rho_new / rho;
      rho = rho_new;
      update_p<<<grid, BLOCK>>>(beta, dr, dp, n);
      CK_LAUNCH();
    }
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (rep >= 0)
      t[rep] = t1 - t0;
  }
  CK(cudaMemcpy(x, dx, sizeof(double) * n, cudaMemcpyDeviceToHost));
  printf("INFO cgsolve cuda dot grid %d x %d\n", dot_grid, BLOCK);
  cg_check(x, b, n, iters, "cuda");
  bench_report("cgsolve", "cuda", t, reps, 1.0 / iters, 0.0, "us/iter");
  return 0;
}
