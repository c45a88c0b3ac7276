// 8. Data movement with the CUDA runtime, mirroring mapbw.c: a round trip
// (cudaMalloc, copy in, copy out, cudaFree) and single copies to and from
// the device, from pageable (malloc) host memory.
#include "cuda_common.h"

__global__ void add1(double *p, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += 1.0;
}

int main() {
  cuda_start("map_tofrom");
  const size_t mb = (size_t)bench_param("BENCH_MAP_MB", MAP_MB);
  const size_t n = mb * (1 << 20) / sizeof(double);
  const size_t sz = n * sizeof(double);
  const double bytes = (double)sz;
  const int reps = bench_reps(10);
  double *buf = (double *)bench_malloc(sz);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  for (size_t i = 0; i < n; i++)
    buf[i] = (double)(i % 1024);

  { // correctness, untimed
    double *d = dev_alloc<double>(n);
    CK(cudaMemcpy(d, buf, sz, cudaMemcpyHostToDevice));
    add1<<<(unsigned)((n + BLOCK - 1) / BLOCK), BLOCK>>>(d, n);
    CK_LAUNCH();
    CK(cudaMemcpy(buf, d, sz, cudaMemcpyDeviceToHost));
    CK(cudaFree(d));
    for (size_t i = 0; i < n; i++)
      if (buf[i] != (double)(i % 1024) + 1.0)
        bench_fail("map_tofrom", "cuda", "buf[i]", (long)i, buf[i],
                   (double)(i % 1024) + 1.0);
  }
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    double *d = dev_alloc<double>(n);
    CK(cudaMemcpy(d, buf, sz, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(buf, d, sz, cudaMemcpyDeviceToHost));
    CK(cudaFree(d));
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  bench_report("map_tofrom", "cuda", t, reps, 1.0, 2.0 * bytes, "GB/s");

  double *d = dev_alloc<double>(n);
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    CK(cudaMemcpy(d, buf, sz, cudaMemcpyHostToDevice));
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  bench_report("update_to", "cuda", t, reps, 1.0, bytes, "GB/s");
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    CK(cudaMemcpy(buf, d, sz, cudaMemcpyDeviceToHost));
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  bench_report("update_from", "cuda", t, reps, 1.0, bytes, "GB/s");
  CK(cudaFree(d));
  return 0;
}
