// 4. 2D Jacobi sweep, hand-written CUDA: one thread per interior point,
// 32 x 8 blocks (x along rows, so warps read and write contiguously).
#include "cuda_common.h"

__global__ void jacobi(const double *__restrict__ u, double *__restrict__ un,
                       int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i < n - 1 && j < n - 1)
    un[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                            u[i * n + j - 1] + u[i * n + j + 1]);
}

// One timed run of warm + reps sweeps from the initial grid. The twin of
// both OpenMP loop orders: CUDA code puts threadIdx.x on the contiguous
// index whichever way a loop nest would be written.
static void sweeps(const char *name, int n) {
  const int reps = bench_reps(10), warm = 1;
  const size_t nn = (size_t)n * n;
  double *u = (double *)bench_malloc(sizeof(double) * nn);
  double *v = (double *)bench_malloc(sizeof(double) * nn);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  jacobi_init(u, v, n);
  double *du = dev_alloc<double>(nn), *dv = dev_alloc<double>(nn);
  CK(cudaMemcpy(du, u, sizeof(double) * nn, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dv, v, sizeof(double) * nn, cudaMemcpyHostToDevice));
  dim3 block(32, 8), grid((n - 2 + 31) / 32, (n - 2 + 7) / 8);
  for (int r = -warm; r < reps; r++) {
    double t0 = bench_now();
    jacobi<<<grid, block>>>(du, dv, n);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
    double *tmp = du;
    du = dv;
    dv = tmp;
  }
  CK(cudaMemcpy(u, du, sizeof(double) * nn, cudaMemcpyDeviceToHost));
  double *hu = (double *)bench_malloc(sizeof(double) * nn);
  double *hv = (double *)bench_malloc(sizeof(double) * nn);
  jacobi_init(hu, hv, n);
  jacobi_check(u, jacobi_host(hu, hv, n, warm + reps), n, "cuda");
  double pts = (double)(n - 2) * (n - 2);
  bench_report(name, "cuda", t, reps, 1.0, 2.0 * sizeof(double) * pts,
               "GB/s");
  CK(cudaFree(du));
  CK(cudaFree(dv));
  free(u);
  free(v);
  free(t);
  free(hu);
  free(hv);
}

int main() {
  cuda_start("jacobi2d");
  const int n = (int)bench_size("BENCH_JACOBI_N", JACOBI_N, 3, 46340);
  sweeps("jacobi2d", n);
  sweeps("jacobi2d_colorder", n);
  return 0;
}
