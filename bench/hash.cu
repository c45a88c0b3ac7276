// 11. Integer hashing, hand-written CUDA: one thread per element (and per
// record).
#include "cuda_common.h"

__global__ void hash_u64(const unsigned *__restrict__ key,
                         unsigned long long *__restrict__ out, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned long long x = key[i];
    for (int k = 0; k < HASH_ROUNDS64; k++)
      x = hash_mix64(x + (unsigned long long)k);
    out[i] = x;
  }
}

__global__ void hash_u32(const unsigned *__restrict__ key,
                         unsigned *__restrict__ out, long n, unsigned buckets) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned y = key[i];
    for (int k = 0; k < HASH_ROUNDS32; k++)
      y = hash_mix32(y ^ (unsigned)k);
    out[i] = y % buckets;
  }
}

__global__ void hash_records(const unsigned *__restrict__ rec,
                             const unsigned *__restrict__ words,
                             unsigned *__restrict__ out, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = hash_record(rec + i * HASH_RECORD_WORDS, words[i]);
}

/// Times reps launches (after one warm-up) into t, each waited for.
template <typename Launch> static void time_kernel(double *t, int reps,
                                                   Launch launch) {
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    launch();
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
}

int main() {
  cuda_start("hash");
  const long n = bench_size("BENCH_HASH_N", HASH_N, 1, 1L << 31);
  const int reps = bench_reps(10);
  const unsigned buckets = (unsigned)bench_size(
      "BENCH_HASH_BUCKETS", HASH_BUCKETS, 1, (1L << 32) - 1);
  unsigned *key = (unsigned *)bench_malloc(sizeof(unsigned) * n);
  unsigned long long *h64 =
      (unsigned long long *)bench_malloc(sizeof(unsigned long long) * n);
  unsigned *h32 = (unsigned *)bench_malloc(sizeof(unsigned) * n);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  hash_init(key, n);
  unsigned *dkey = dev_alloc<unsigned>(n), *dh32 = dev_alloc<unsigned>(n);
  unsigned long long *dh64 = dev_alloc<unsigned long long>(n);
  CK(cudaMemcpy(dkey, key, sizeof(unsigned) * n, cudaMemcpyHostToDevice));
  const long grid = (n + BLOCK - 1) / BLOCK;
  time_kernel(t, reps, [&] { hash_u64<<<grid, BLOCK>>>(dkey, dh64, n); });
  CK(cudaMemcpy(h64, dh64, sizeof(unsigned long long) * n,
                cudaMemcpyDeviceToHost));
  hash_check64(key, h64, n, "cuda");
  bench_report("hash_u64", "cuda", t, reps, 1.0, (double)n, "Gelem/s");
  time_kernel(t, reps,
              [&] { hash_u32<<<grid, BLOCK>>>(dkey, dh32, n, buckets); });
  CK(cudaMemcpy(h32, dh32, sizeof(unsigned) * n, cudaMemcpyDeviceToHost));
  hash_check32(key, h32, n, buckets, "cuda");
  bench_report("hash_u32", "cuda", t, reps, 1.0, (double)n, "Gelem/s");

  unsigned *rec = (unsigned *)bench_malloc(sizeof(unsigned) *
                                           HASH_RECORD_WORDS * n);
  unsigned *words = (unsigned *)bench_malloc(sizeof(unsigned) * n);
  hash_records_init(rec, words, n);
  unsigned *drec = dev_alloc<unsigned>(HASH_RECORD_WORDS * n);
  unsigned *dwords = dev_alloc<unsigned>(n);
  CK(cudaMemcpy(drec, rec, sizeof(unsigned) * HASH_RECORD_WORDS * n,
                cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dwords, words, sizeof(unsigned) * n, cudaMemcpyHostToDevice));
  time_kernel(t, reps,
              [&] { hash_records<<<grid, BLOCK>>>(drec, dwords, dh32, n); });
  CK(cudaMemcpy(h32, dh32, sizeof(unsigned) * n, cudaMemcpyDeviceToHost));
  hash_records_check(rec, words, h32, n, "cuda");
  bench_report("hash_records", "cuda", t, reps, 1.0, (double)n, "Gelem/s");
  return 0;
}
