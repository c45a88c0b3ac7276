// 2. Dot product, hand-written CUDA: grid-stride partial sums, a shared
// memory tree in each block, one atomicAdd per block; the result is
// zeroed before and copied back after each kernel (inside the timing, as
// the OpenMP reduction's map(tofrom: sum) does).
#include "cuda_common.h"

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

int main() {
  cuda_start("dot");
  const int n = (int)bench_size("BENCH_DOT_N", DOT_N, 1, 1 << 30);
  const int reps = bench_reps(20);
  double *a = (double *)bench_malloc(sizeof(double) * n);
  double *b = (double *)bench_malloc(sizeof(double) * n);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  dot_init(a, b, n);
  const double want = dot_ref(a, b, n);
  int sms = 0, per_sm = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, dot, BLOCK, 0));
  const int grid = sms * per_sm;
  double *da = dev_alloc<double>(n), *db = dev_alloc<double>(n),
         *dsum = dev_alloc<double>(1);
  CK(cudaMemcpy(da, a, sizeof(double) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, b, sizeof(double) * n, cudaMemcpyHostToDevice));
  for (int r = -1; r < reps; r++) {
    double sum = 0.0;
    double t0 = bench_now();
    CK(cudaMemcpy(dsum, &sum, sizeof(double), cudaMemcpyHostToDevice));
    dot<<<grid, BLOCK>>>(da, db, dsum, n);
    CK_LAUNCH();
    CK(cudaMemcpy(&sum, dsum, sizeof(double), cudaMemcpyDeviceToHost));
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
    if (sum != want)
      bench_fail("dot", "cuda", "sum of repetition", r, sum, want);
  }
  printf("INFO dot cuda grid %d x %d\n", grid, BLOCK);
  bench_report("dot", "cuda", t, reps, 1.0, 2.0 * sizeof(double) * n, "GB/s");
  return 0;
}
