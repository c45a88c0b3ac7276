/* 11. Integer hashing, OpenMP offload: per element, rounds of a 64-bit mix
 * of a 32-bit key (hash_u64), rounds of a 32-bit mix plus a bucket index
 * modulo a run-time prime (hash_u32), and the hash of a 64-byte record of
 * its own (hash_records), with `long` indices. Integer multiply, shift, xor
 * and division throughput, and per-thread records. BENCH_HASH_N sets the
 * length. */
#include "ref.h"

int main(void) {
  bench_require_gpu("hash");
  const long n = bench_size("BENCH_HASH_N", HASH_N, 1, 1L << 31);
  const int reps = bench_reps(10);
  const unsigned buckets = (unsigned)bench_size(
      "BENCH_HASH_BUCKETS", HASH_BUCKETS, 1, (1L << 32) - 1);
  unsigned *key = bench_malloc(sizeof(unsigned) * n);
  unsigned long long *h64 = bench_malloc(sizeof(unsigned long long) * n);
  unsigned *h32 = bench_malloc(sizeof(unsigned) * n);
  double *t = bench_malloc(sizeof(double) * reps);
  hash_init(key, n);

#pragma omp target data map(to : key[0:n]) map(from : h64[0:n], h32[0:n])
  {
    for (int r = -1; r < reps; r++) {
      double t0 = bench_now();
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++) {
        unsigned long long x = key[i];
        for (int k = 0; k < HASH_ROUNDS64; k++)
          x = hash_mix64(x + (unsigned long long)k);
        h64[i] = x;
      }
      double t1 = bench_now();
      if (r >= 0)
        t[r] = t1 - t0;
    }
#pragma omp target update from(h64[0:n])
    hash_check64(key, h64, n, "openmp");
    bench_report("hash_u64", "openmp", t, reps, 1.0, (double)n, "Gelem/s");
    for (int r = -1; r < reps; r++) {
      double t0 = bench_now();
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++) {
        unsigned y = key[i];
        for (int k = 0; k < HASH_ROUNDS32; k++)
          y = hash_mix32(y ^ (unsigned)k);
        h32[i] = y % buckets;
      }
      double t1 = bench_now();
      if (r >= 0)
        t[r] = t1 - t0;
    }
  }
  hash_check32(key, h32, n, buckets, "openmp");
  bench_report("hash_u32", "openmp", t, reps, 1.0, (double)n, "Gelem/s");

  unsigned *rec = bench_malloc(sizeof(unsigned) * HASH_RECORD_WORDS * n);
  unsigned *words = bench_malloc(sizeof(unsigned) * n);
  hash_records_init(rec, words, n);
#pragma omp target data map(to : rec[0:HASH_RECORD_WORDS * n], words[0:n]) \
    map(from : h32[0:n])
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++)
      h32[i] = hash_record(rec + i * HASH_RECORD_WORDS, words[i]);
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  hash_records_check(rec, words, h32, n, "openmp");
  bench_report("hash_records", "openmp", t, reps, 1.0, (double)n, "Gelem/s");
  return 0;
}
