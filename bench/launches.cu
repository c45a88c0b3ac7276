// 13. Many small launches, hand-written CUDA: a 1024-thread kernel (4
// blocks of 256) + cudaDeviceSynchronize, many times in a row
// (launch_1024); cudaMemcpy of a scalar in, a one-thread kernel updating it
// and cudaMemcpy back (scalar_tofrom); the 1024-thread kernel writing launch
// m's row, launched on one stream without waiting, with one
// cudaDeviceSynchronize after the last (launch_nowait).
#include "cuda_common.h"

__global__ void add_one(double *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += 1.0;
}

__global__ void add_three(long *x) { *x += 3; }

__global__ void shifted_row(const double *a, double *row, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    row[i] = a[i] + m;
}

int main() {
  cuda_start("launches");
  const int launches = (int)bench_size("BENCH_LAUNCHES", LAUNCHES, 1, 1 << 24);
  const int reps = bench_reps(5);
  double a[LAUNCH_ITERS];
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  for (int i = 0; i < LAUNCH_ITERS; i++)
    a[i] = (double)(i % 3);
  double *da = dev_alloc<double>(LAUNCH_ITERS);
  CK(cudaMemcpy(da, a, sizeof(a), cudaMemcpyHostToDevice));
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    for (int m = 0; m < launches; m++) {
      add_one<<<(LAUNCH_ITERS + BLOCK - 1) / BLOCK, BLOCK>>>(da, LAUNCH_ITERS);
      CK_LAUNCH();
      CK(cudaDeviceSynchronize());
    }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(a, da, sizeof(a), cudaMemcpyDeviceToHost));
  for (int i = 0; i < LAUNCH_ITERS; i++) {
    const double want = (double)(i % 3) + (double)(reps + 1) * launches;
    if (a[i] != want)
      bench_fail("launch_1024", "cuda", "a[i]", i, a[i], want);
  }
  bench_report("launch_1024", "cuda", t, reps, 1.0 / launches, 0.0,
               "us/launch");

  long x = 7, *dx = dev_alloc<long>(1);
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    for (int m = 0; m < launches; m++) {
      CK(cudaMemcpy(dx, &x, sizeof(long), cudaMemcpyHostToDevice));
      add_three<<<1, 1>>>(dx);
      CK_LAUNCH();
      CK(cudaMemcpy(&x, dx, sizeof(long), cudaMemcpyDeviceToHost));
    }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  if (x != 7 + 3L * (reps + 1) * launches)
    bench_fail("scalar_tofrom", "cuda", "x", 0, (double)x,
               (double)(7 + 3L * (reps + 1) * launches));
  bench_report("scalar_tofrom", "cuda", t, reps, 1.0 / launches, 0.0,
               "us/launch");

  const size_t cells = (size_t)launches * LAUNCH_ITERS;
  double *rows = (double *)bench_malloc(sizeof(double) * cells);
  double *drows = dev_alloc<double>(cells);
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    for (int m = 0; m < launches; m++) {
      shifted_row<<<(LAUNCH_ITERS + BLOCK - 1) / BLOCK, BLOCK>>>(
          da, drows + (size_t)m * LAUNCH_ITERS, LAUNCH_ITERS, m);
      CK_LAUNCH();
    }
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(rows, drows, sizeof(double) * cells, cudaMemcpyDeviceToHost));
  launch_rows_check(rows, a, launches, "cuda");
  bench_report("launch_nowait", "cuda", t, reps, 1.0 / launches, 0.0,
               "us/launch");
  return 0;
}
