/* Sizes, input data and host-side verification shared by the OpenMP and
 * CUDA version of each benchmark, so that both compute the same thing and
 * are checked the same way. Inputs are small integers or multiples of 1/4,
 * so most results are exact whatever the summation order or FMA use. */
#ifndef BENCH_REF_H
#define BENCH_REF_H

#include "common.h"
#include <math.h>

/* ---- 1. STREAM triad: a[i] = b[i] + s*c[i] ------------------------------ */
#define TRIAD_N (1 << 26) /* 64M doubles a vector, 1.5 GiB in all */
#define TRIAD_S 3.0
static void triad_init(double *a, double *b, double *c, int n) {
  for (int i = 0; i < n; i++) {
    a[i] = -1.0;
    b[i] = (double)(i % 1000) * 0.5;
    c[i] = (double)(i % 7) * 0.25;
  }
}
static void triad_check(const double *a, const double *b, const double *c,
                        int n, const char *impl) {
  for (int i = 0; i < n; i++) {
    double want = b[i] + TRIAD_S * c[i];
    if (a[i] != want)
      bench_fail("triad", impl, "a[i]", i, a[i], want);
  }
}

/* ---- 2. dot product: sum a[i]*b[i] -------------------------------------- */
#define DOT_N (1 << 26)
static void dot_init(double *a, double *b, int n) {
  for (int i = 0; i < n; i++) {
    a[i] = (double)(i % 17);
    b[i] = (double)(i % 13) - 6.0;
  }
}
static double dot_ref(const double *a, const double *b, int n) {
  double s = 0; /* integer partial sums below 2^53: exact in any order */
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

/* ---- 3. CSR SpMV, banded: row i has columns start..start+15 ------------- */
#define SPMV_ROWS (8 << 20) /* 8M rows */
#define SPMV_NNZ_ROW 16      /* 128M nonzeros */
static void spmv_init(int *rowptr, int *col, double *val, double *x, int n) {
  int k = 0;
  for (int i = 0; i < n; i++) {
    int start = i - SPMV_NNZ_ROW / 2;
    if (start < 0)
      start = 0;
    if (start > n - SPMV_NNZ_ROW)
      start = n - SPMV_NNZ_ROW;
    rowptr[i] = k;
    for (int j = 0; j < SPMV_NNZ_ROW; j++, k++) {
      col[k] = start + j;
      val[k] = (double)((i + j) % 5) - 2.0;
    }
  }
  rowptr[n] = k;
  for (int i = 0; i < n; i++)
    x[i] = (double)(i % 9) * 0.5 - 2.0;
}
static void spmv_check(const int *rowptr, const int *col, const double *val,
                       const double *x, const double *y, int n,
                       const char *impl) {
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    if (y[i] != s)
      bench_fail("spmv", impl, "y[i]", i, y[i], s);
  }
}

/* ---- 4. 2D Jacobi, 5-point, N x N grid with a fixed boundary ------------ */
#define JACOBI_N 8192
static void jacobi_init(double *u, double *v, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double x = (i == 0 || j == 0 || i == n - 1 || j == n - 1)
                     ? 1.0 + (double)((i + 2 * j) % 3)
                     : (double)((i * 31 + j * 17) % 100) * 0.01;
      u[(size_t)i * n + j] = x;
      v[(size_t)i * n + j] = x;
    }
}
/* `sweeps` sweeps from u0 on the host (ping-pong between u and v); returns
 * the buffer that holds the result. Same expression as the kernels, so the
 * result is bitwise equal (the product comes last: nothing to contract). */
static double *jacobi_host(double *u, double *v, int n, int sweeps) {
  for (int s = 0; s < sweeps; s++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[(size_t)i * n + j] =
            0.25 * (u[(size_t)(i - 1) * n + j] + u[(size_t)(i + 1) * n + j] +
                    u[(size_t)i * n + j - 1] + u[(size_t)i * n + j + 1]);
    double *t = u;
    u = v;
    v = t;
  }
  return u;
}
static void jacobi_check(const double *got, const double *want, int n,
                         const char *impl) {
  for (size_t i = 0; i < (size_t)n * n; i++)
    if (!bench_close(got[i], want[i], 1e-12))
      bench_fail("jacobi2d", impl, "u[i]", (long)i, got[i], want[i]);
}

/* ---- 5. naive matrix multiply C = A*B, N x N, row-major ----------------- */
#define MATMUL_N 2048
static void matmul_init(double *A, double *B, double *C, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[(size_t)i * n + j] = (double)((i * 3 + j * 7) % 11) - 5.0;
      B[(size_t)i * n + j] = (double)((i * 5 + j * 3) % 13) - 6.0;
      C[(size_t)i * n + j] = 0.0;
    }
}
/* Full rows and columns at both edges and in the middle, plus 8192
 * pseudo-random elements: a full product on the host would take tens of
 * seconds. Integer inputs: every element is exact. */
static void matmul_check_one(const double *A, const double *B, const double *C,
                             int n, int i, int j, const char *impl) {
  double s = 0;
  for (int k = 0; k < n; k++)
    s += A[(size_t)i * n + k] * B[(size_t)k * n + j];
  if (C[(size_t)i * n + j] != s)
    bench_fail("matmul", impl, "C[i*n+j]", (long)i * n + j,
               C[(size_t)i * n + j], s);
}
static void matmul_check(const double *A, const double *B, const double *C,
                         int n, const char *impl) {
  int picks[5] = {0, 1, n / 2, n - 2, n - 1};
  for (int p = 0; p < 5; p++)
    for (int x = 0; x < n; x++) {
      matmul_check_one(A, B, C, n, picks[p], x, impl);
      matmul_check_one(A, B, C, n, x, picks[p], impl);
    }
  unsigned r = 12345u;
  for (int p = 0; p < 8192; p++) {
    r = r * 1103515245u + 12345u;
    int i = (int)((r >> 8) % (unsigned)n);
    r = r * 1103515245u + 12345u;
    int j = (int)((r >> 8) % (unsigned)n);
    matmul_check_one(A, B, C, n, i, j, impl);
  }
}

/* ---- 6. team-sequential / parallel microbenchmark ----------------------- */
/* "Coordinating GPU threads for OpenMP 4.0 in LLVM", Fig. 12: per team and
 * per test, a sequential pre-calculation (L x K steps, team master only), a
 * parallel weighted vector add over the team's slice of N, and a sequential
 * post-calculation reading the results (L x K steps). Paper's configuration:
 * N = 16384, K = 100, L = 1, up to 256 blocks x 256 threads. */
typedef struct {
  int n, k, l, teams, threads, tests;
} seqpar_cfg;
static seqpar_cfg seqpar_config(void) {
  seqpar_cfg c;
  c.n = (int)bench_param("BENCH_SEQPAR_N", 16384);
  c.k = (int)bench_param("BENCH_SEQPAR_K", 100);
  c.l = (int)bench_param("BENCH_SEQPAR_L", 1);
  c.teams = (int)bench_param("BENCH_SEQPAR_TEAMS", 256);
  c.threads = (int)bench_param("BENCH_SEQPAR_THREADS", 256);
  c.tests = (int)bench_param("BENCH_SEQPAR_TESTS", 5000);
  return c;
}
static void seqpar_init(double *a, double *b, double *c, int n) {
  for (int i = 0; i < n; i++) {
    a[i] = (double)(i % 4);
    b[i] = (double)(i % 3) * 0.5;
    c[i] = 0.0;
  }
}
/* The sequential pre-calculation: a dependent chain of L*K steps the
 * compiler cannot fold; beta is a multiple of 1/4 in [0, 1.75]. Used by
 * both device versions and the host reference. */
#define SEQPAR_PRE(x, it, team, L, K)                                          \
  do {                                                                         \
    x = (unsigned)(it) * 2654435761u + (unsigned)(team);                       \
    for (int l_ = 0; l_ < (L); l_++)                                           \
      for (int k_ = 0; k_ < (K); k_++)                                         \
        x = x * 1103515245u + 12345u;                                          \
  } while (0)
#define SEQPAR_BETA(x) ((double)((x >> 16) & 7u) * 0.25)
/* Checks c[] and the per-team results out[] of one kernel run (c starting
 * at 0) against the same computation on the host; nteams is what the
 * kernel saw (omp_get_num_teams / gridDim.x). */
static void seqpar_check(const seqpar_cfg *cfg, int nteams, const double *a,
                         const double *b, const double *c, const double *out,
                         const char *impl) {
  int n = cfg->n;
  double *rc = (double *)bench_malloc(sizeof(double) * (size_t)n);
  for (int i = 0; i < n; i++)
    rc[i] = 0.0;
  int chunk = (n + nteams - 1) / nteams;
  for (int t = 0; t < nteams; t++) {
    int lb = t * chunk, ub = lb + chunk < n ? lb + chunk : n;
    double acc = 0.0;
    for (int it = 0; it < cfg->tests; it++) {
      unsigned x;
      SEQPAR_PRE(x, it, t, cfg->l, cfg->k);
      double beta = SEQPAR_BETA(x);
      for (int i = lb; i < ub; i++)
        rc[i] += beta * a[i] + b[i];
      double s = 0.0;
      if (ub > lb)
        for (int l = 0; l < cfg->l; l++)
          for (int k = 0; k < cfg->k; k++)
            s += rc[lb + (k + l) % (ub - lb)];
      acc += s;
    }
    if (out[t] != acc)
      bench_fail("seqpar", impl, "out[team]", t, out[t], acc);
  }
  for (int i = 0; i < n; i++)
    if (c[i] != rc[i])
      bench_fail("seqpar", impl, "c[i]", i, c[i], rc[i]);
  free(rc);
}

/* ---- 7. empty target region / empty kernel latency ---------------------- */
#define EMPTY_LAUNCHES 10000

/* ---- 8. map round trip / update bandwidth ------------------------------- */
#define MAP_MB 256


/* Helpers that run on the device too: __host__ __device__ for nvcc,
 * declare target for OpenMP. */
/* Elements the host checks where checking all of them would take longer
 * than the benchmark: every 7th (every residue modulo a warp, a block, a
 * vector width) and the first and last 4096. */
static int bench_sampled(long i, long n) {
  return i % 7 == 0 || i < 4096 || i >= n - 4096;
}

#ifdef __CUDACC__
#define BENCH_HD __host__ __device__
#else
#define BENCH_HD
#endif

/* ---- 9. CUDA-style teams/parallel kernels (cudastyle) ------------------- */
/* Both kernels use team-local arrays (CUDA: __shared__), barriers, a tree
 * reduction in the team-local array and atomics on team-local data.
 * cs_hist: block-wise histogram of CS_HIST_N ints (256 bins) over a fixed
 * grid of CS_HIST_TEAMS blocks (grid-stride), with the sum of the values
 * and the count of values >= CS_BIG; everything inside the parallel region.
 * The results stay on the device and accumulate over the launches.
 * cs_stencil: one 5-point Jacobi sweep of a CS_GRID x CS_GRID grid, one
 * CS_TILE x CS_TILE tile (plus halo) per block, with each tile's sum of
 * squared changes and count of changes larger than CS_THRESH; team-
 * sequential code before (tile origin, counter reset) and after (writing
 * the tile's results) the parallel region. Parameters BENCH_CUDASTYLE_N,
 * BENCH_CUDASTYLE_TEAMS, BENCH_CUDASTYLE_GRID (a multiple of CS_TILE). */
#define CS_TPB 256 /* threads per block: thread_limit / blockDim */
#define CS_BINS 256
#define CS_BIG 49152
#define CS_HIST_N (1 << 26)
#define CS_HIST_TEAMS 1024
#define CS_TILE 32
#define CS_GRID 8192
#define CS_THRESH 2.0
typedef struct {
  long n;    /* histogram input length */
  int teams; /* histogram grid */
  int grid;  /* stencil grid side */
} cs_cfg;
static cs_cfg cs_config(void) {
  cs_cfg c;
  c.n = bench_size("BENCH_CUDASTYLE_N", CS_HIST_N, 1, 1L << 31);
  c.teams = (int)bench_size("BENCH_CUDASTYLE_TEAMS", CS_HIST_TEAMS, 1, 1 << 20);
  c.grid = (int)bench_size("BENCH_CUDASTYLE_GRID", CS_GRID, CS_TILE, 32768);
  if (c.grid % CS_TILE != 0) {
    printf("FAIL BENCH_CUDASTYLE_GRID=%d: not a multiple of %d\n", c.grid,
           CS_TILE);
    exit(1);
  }
  return c;
}
static void cs_hist_init(int *data, long n) {
  for (long i = 0; i < n; i++)
    data[i] = (int)(((unsigned)i * 2654435761u) >> 16);
}
/* Checks the histogram, sum and count accumulated over `launches` runs. */
static void cs_hist_check(const int *data, long n, long launches,
                          const long *hist, long total, long nbig,
                          const char *impl) {
  long want_hist[CS_BINS] = {0}, want_total = 0, want_big = 0;
  for (long i = 0; i < n; i++) {
    want_hist[data[i] & (CS_BINS - 1)]++;
    want_total += data[i];
    want_big += data[i] >= CS_BIG;
  }
  for (int b = 0; b < CS_BINS; b++)
    if (hist[b] != want_hist[b] * launches)
      bench_fail("cs_hist", impl, "hist[bin]", b, (double)hist[b],
                 (double)(want_hist[b] * launches));
  if (total != want_total * launches)
    bench_fail("cs_hist", impl, "sum", 0, (double)total,
               (double)(want_total * launches));
  if (nbig != want_big * launches)
    bench_fail("cs_hist", impl, "count >= CS_BIG", 0, (double)nbig,
               (double)(want_big * launches));
}
/* Multiples of 1/4 below 25: every sum, difference and square below is
 * exact, whatever the order. v's boundary is u's (the kernels write the
 * interior only). */
static void cs_stencil_init(double *u, double *v, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double x = (double)((i * 31 + j * 17) % 100) * 0.25;
      u[(size_t)i * n + j] = x;
      v[(size_t)i * n + j] = x;
    }
}
static void cs_stencil_check(const double *u, const double *v,
                             const double *resid, const int *changed, int n,
                             const char *impl) {
  const int tiles = n / CS_TILE;
  for (int ti = 0; ti < tiles; ti++)
    for (int tj = 0; tj < tiles; tj++) {
      double s = 0.0;
      int c = 0;
      for (int i = ti * CS_TILE; i < (ti + 1) * CS_TILE; i++)
        for (int j = tj * CS_TILE; j < (tj + 1) * CS_TILE; j++) {
          const size_t k = (size_t)i * n + j;
          double want = u[k];
          if (i > 0 && j > 0 && i < n - 1 && j < n - 1) {
            want = 0.25 * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1]);
            const double d = want - u[k];
            s += d * d;
            c += d > CS_THRESH || d < -CS_THRESH;
          }
          if (v[k] != want)
            bench_fail("cs_stencil", impl, "v[i]", (long)k, v[k], want);
        }
      const int team = ti * tiles + tj;
      if (resid[team] != s)
        bench_fail("cs_stencil", impl, "tile sum of squares", team,
                   resid[team], s);
      if (changed[team] != c)
        bench_fail("cs_stencil", impl, "tile count of changes", team,
                   changed[team], c);
    }
}

/* ---- 10. reductions per operator and type (reduce) ---------------------- */
/* One kernel per operator and type, each over REDUCE_N elements of its own
 * data (BENCH_REDUCE_N), starting from a non-neutral initial value. The
 * data keeps every result exact in any order: sums of small integers or
 * quarters (float sums: few non-zero elements), products of a few powers of
 * two or three among ones, and the bitwise and logical data below. */
#define REDUCE_N (1 << 25)
#define REDUCE_TEAMS 1024  /* reduce_add_i32_explicit's num_teams */
#define REDUCE_THREADS 256 /* and num_threads */
#define REDUCE_CHUNK 4096  /* generic form: iterations per distribute chunk */
enum { R_ADD, R_MUL, R_MIN, R_MAX, R_AND, R_OR, R_XOR, R_LAND, R_LOR };
static long reduce_n(void) {
  return bench_size("BENCH_REDUCE_N", REDUCE_N, 1, 1L << 30);
}
static unsigned reduce_hash(long i) {
  unsigned x = (unsigned)i * 2654435761u + 0x9e3779b9u;
  return x ^ (x >> 15);
}
/* Element i of the integer data for op (the float data converts it, or
 * uses reduce_real_elem). wide: 64-bit values where the op allows it. */
static long long reduce_int_elem(int op, long i, long n, int wide) {
  const long step = n / 40 > 0 ? n / 40 : 1;
  switch (op) {
  case R_ADD:
    return wide ? (long long)(i % 1000) * 1000003 - 400000000 : i % 7 - 2;
  case R_MUL: /* a few factors among ones: (-2)^20 or 3^36 at most */
    if (i % step != 3 || i / step >= (wide ? 36 : 20))
      return 1;
    return wide ? 3 : -2;
  case R_MIN:
  case R_MAX:
    return wide ? (long long)reduce_hash(i) * 1000 - 2000000000000LL
                : (long long)(reduce_hash(i) % 2000001u) - 1000000;
  case R_AND:
    return wide ? ~(1LL << (i % 41)) : ~(1LL << (i % 13));
  case R_OR:
    return wide ? 1LL << (i % 41) : 1LL << (i % 13);
  case R_XOR:
    return wide ? (long long)reduce_hash(i) << 20 ^ reduce_hash(i + n)
                : (int)reduce_hash(i);
  case R_LAND: /* non-zero but one near the end */
    return i == n - 3 ? 0 : i % 5 + 1;
  default: /* R_LOR: zero but one near the end */
    return i == n - 5 ? 7 : 0;
  }
}
/* Initial value of the reduction variable (the result combines it). */
static long long reduce_int_init(int op, int wide) {
  switch (op) {
  case R_ADD: return 5;
  case R_MUL: return 3;
  case R_MIN: return wide ? 1000000000000LL : 500000;
  case R_MAX: return wide ? -1000000000000LL : -500000;
  case R_AND: return ~(1LL << 20);
  case R_OR: return 1LL << 20;
  case R_XOR: return 0x5a5a5a5a;
  case R_LAND: return 1;
  default: return 0; /* R_LOR */
  }
}
/* Floating-point data: quarters, powers of two, and for float sums (24-bit
 * mantissa) one non-zero element in 1024. */
static double reduce_real_elem(int op, long i, long n, int dbl) {
  const long step = n / 40 > 0 ? n / 40 : 1;
  switch (op) {
  case R_ADD:
    if (dbl)
      return (double)(i % 17) * 0.25 - 2.0;
    return (i & 1023) == 5 ? (double)((i >> 10) % 31) * 0.25 - 3.0 : 0.0;
  case R_MUL:
    if (i % step != 3 || i / step >= 40)
      return 1.0;
    return (i / step) % 3 == 0 ? -2.0 : (i / step) % 3 == 1 ? 4.0 : 0.5;
  case R_MIN:
  case R_MAX:
    return (double)((long)(reduce_hash(i) % 2000001u) - 1000000) * 0.25;
  default: /* R_LAND, R_LOR */
    return (double)reduce_int_elem(op, i, n, 0) * 0.5;
  }
}
static double reduce_real_init(int op) {
  switch (op) {
  case R_ADD: return 5.0;
  case R_MUL: return 3.0;
  case R_MIN: return 1e9;
  case R_MAX: return -1e9;
  case R_LAND: return 1.0;
  default: return 0.0; /* R_LOR */
  }
}
/* Complex sums: (re, im) pairs, layout-compatible with C's _Complex and
 * CUDA's float2/double2. */
static void reduce_complex_init(double *re_im, long n, int dbl) {
  for (long i = 0; i < n; i++) {
    re_im[2 * i] = reduce_real_elem(R_ADD, i, n, dbl);
    re_im[2 * i + 1] =
        dbl ? (double)(i % 11) * 0.5 - 2.5
            : ((i & 1023) == 9 ? (double)((i >> 10) % 13) * 0.5 - 3.0 : 0.0);
  }
}


/* ---- 11. integer hashing (hash) ----------------------------------------- */
/* Per element, HASH_ROUNDS64 rounds of a 64-bit mix (splitmix64's
 * finalizer) of a 32-bit key (hash_u64), HASH_ROUNDS32 rounds of
 * murmur3's 32-bit finalizer and a bucket index modulo a run-time prime
 * (hash_u32), and a hash of a record of its own (hash_records): 16 words
 * (64 bytes) of which the first 0 to 15 count, consumed three words a round
 * while more than three remain, then the rest, so that each thread walks
 * its record and neighbouring threads' records share cache lines (the
 * shape of a string hash table's keys); `long` indices. The host checks the bench_sampled elements
 * (exactly). BENCH_HASH_N sets the length, and
 * BENCH_HASH_BUCKETS the modulus (HASH_BUCKETS, read at run time so that
 * the division stays a division). */
#define HASH_N (1 << 24)
#define HASH_ROUNDS64 16
#define HASH_ROUNDS32 16
#define HASH_BUCKETS 1000003u
#ifdef _OPENMP
#pragma omp declare target
#endif
static BENCH_HD unsigned long long hash_mix64(unsigned long long x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}
static BENCH_HD unsigned hash_mix32(unsigned x) {
  x ^= x >> 16;
  x *= 0x85ebca6bu;
  x ^= x >> 13;
  x *= 0xc2b2ae35u;
  x ^= x >> 16;
  return x;
}
static BENCH_HD unsigned hash_record(const unsigned *rec, unsigned words) {
  unsigned a = 0x9e3779b9u + words, b = a, c = a;
  while (words > 3) {
    a = hash_mix32(a ^ rec[0]);
    b = hash_mix32(b + rec[1] + a);
    c = hash_mix32(c ^ rec[2] ^ b);
    words -= 3;
    rec += 3;
  }
  for (unsigned w = 0; w < words; w++)
    c = hash_mix32(c + rec[w]);
  return hash_mix32(a ^ b ^ c);
}
#ifdef _OPENMP
#pragma omp end declare target
#endif
#define HASH_RECORD_WORDS 16
static void hash_records_init(unsigned *rec, unsigned *words, long n) {
  for (long i = 0; i < n; i++) {
    words[i] = (unsigned)((i * 2654435761u) >> 7) % HASH_RECORD_WORDS;
    for (int w = 0; w < HASH_RECORD_WORDS; w++)
      rec[i * HASH_RECORD_WORDS + w] = (unsigned)(i * 31 + w) * 0x01000193u;
  }
}
static void hash_records_check(const unsigned *rec, const unsigned *words,
                               const unsigned *out, long n, const char *impl) {
  for (long i = 0; i < n; i++) {
    if (!bench_sampled(i, n))
      continue;
    unsigned want = hash_record(rec + i * HASH_RECORD_WORDS, words[i]);
    if (out[i] != want)
      bench_fail("hash_records", impl, "out[i]", i, out[i], want);
  }
}
static void hash_init(unsigned *key, long n) {
  for (long i = 0; i < n; i++)
    key[i] = (unsigned)(i * 7919) ^ 0x2545f491u;
}
static void hash_check64(const unsigned *key, const unsigned long long *h64,
                         long n, const char *impl) {
  for (long i = 0; i < n; i++) {
    if (!bench_sampled(i, n))
      continue;
    unsigned long long x = key[i];
    for (int r = 0; r < HASH_ROUNDS64; r++)
      x = hash_mix64(x + (unsigned long long)r);
    if (h64[i] != x)
      bench_fail("hash_u64", impl, "out[i]", i, (double)h64[i], (double)x);
  }
}
static void hash_check32(const unsigned *key, const unsigned *h32, long n,
                         unsigned buckets, const char *impl) {
  for (long i = 0; i < n; i++) {
    if (!bench_sampled(i, n))
      continue;
    unsigned y = key[i];
    for (int r = 0; r < HASH_ROUNDS32; r++)
      y = hash_mix32(y ^ (unsigned)r);
    if (h32[i] != y % buckets)
      bench_fail("hash_u32", impl, "out[i]", i, h32[i], y % buckets);
  }
}

/* ---- 12. math functions (mathheavy) ------------------------------------- */
/* Per element: sin, cos, exp, log, pow and sqrt of two inputs in [0, 4),
 * in double (math_f64) and float (math_f32). The terms are non-negative, so
 * the results agree with the host's libm to a few units in the last place:
 * the check allows MATH_TOL_F64/F32 (relative) on the bench_sampled
 * elements. BENCH_MATH_N sets the length. */
#define MATH_N (1 << 23)
#define MATH_TOL_F64 1e-13
#define MATH_TOL_F32 1e-5
#define MATH_F64(x, y)                                                         \
  (sin(x) * sin(x) + cos(y) * cos(y) + exp(-(x)) + log(1.0 + (y)) +            \
   pow((x) + 0.5, 0.75) + sqrt((x) + (y)) + exp(0.25 * (y)) * cos(x) * cos(x))
#define MATH_F32(x, y)                                                         \
  (sinf(x) * sinf(x) + cosf(y) * cosf(y) + expf(-(x)) + logf(1.0f + (y)) +     \
   powf((x) + 0.5f, 0.75f) + sqrtf((x) + (y)) +                                \
   expf(0.25f * (y)) * cosf(x) * cosf(x))
static void math_init(double *x, double *y, float *xf, float *yf, long n) {
  for (long i = 0; i < n; i++) {
    x[i] = (double)(i % 1024) * (4.0 / 1024);
    y[i] = (double)((i * 7) % 1000) * 0.004;
    xf[i] = (float)x[i];
    yf[i] = (float)y[i];
  }
}
static void math_check(const double *x, const double *y, const float *xf,
                       const float *yf, const double *o64, const float *o32,
                       long n, const char *impl) {
  for (long i = 0; i < n; i++) {
    if (!bench_sampled(i, n))
      continue;
    const double want = MATH_F64(x[i], y[i]);
    if (!bench_close(o64[i], want, MATH_TOL_F64))
      bench_fail("math_f64", impl, "out[i]", i, o64[i], want);
    const float wantf = MATH_F32(xf[i], yf[i]);
    if (!bench_close(o32[i], wantf, MATH_TOL_F32))
      bench_fail("math_f32", impl, "out[i]", i, o32[i], wantf);
  }
}

/* ---- 13. many small launches and scalar map latency (launches) ---------- */
/* launch_1024: a 1024-iteration parallel loop launched LAUNCHES times in a
 * row (a[i] += 1 on a mapped array); scalar_tofrom: `target
 * map(tofrom: x)` incrementing x, LAUNCHES times; launch_nowait: the loop
 * with nowait, launch m writing row m, then one taskwait. Per launch,
 * microseconds. BENCH_LAUNCHES sets the count. */
#define LAUNCH_ITERS 1024
#define LAUNCHES 10000

/* launch_nowait: launch m wrote row m of rows as a + m. */
static void launch_rows_check(const double *rows, const double *a,
                              int launches, const char *impl) {
  const size_t cells = (size_t)launches * LAUNCH_ITERS;
  for (size_t c = 0; c < cells; c++) {
    const double want = a[c % LAUNCH_ITERS] + (double)(c / LAUNCH_ITERS);
    if (rows[c] != want)
      bench_fail("launch_nowait", impl, "rows[c]", (long)c, rows[c], want);
  }
}

/* ---- 14. 3D 7-point stencil, collapse(3) (stencil3d) -------------------- */
/* One out-of-place sweep v = 0.5 u + 0.125 (sum of the 6 neighbours) of the
 * interior of an N^3 grid per kernel (the same sweep each time); quarters
 * below 64, so every result is exact. BENCH_STENCIL3D_N sets N. */
#define STENCIL3D_N 384
#define ST3_C0 0.5
#define ST3_C1 0.125
static void stencil3d_init(double *u, double *v, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++) {
        const size_t c = ((size_t)i * n + j) * n + k;
        u[c] = (double)((i * 7 + j * 13 + k * 29) % 256) * 0.25;
        v[c] = u[c]; /* the boundary, which the kernels do not write */
      }
}
static void stencil3d_check(const double *u, const double *v, int n,
                            const char *impl) {
  const size_t nn = (size_t)n * n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++) {
        const size_t c = ((size_t)i * n + j) * n + k;
        double want = u[c];
        if (i > 0 && j > 0 && k > 0 && i < n - 1 && j < n - 1 && k < n - 1)
          want = ST3_C0 * u[c] + ST3_C1 * (u[c - 1] + u[c + 1] + u[c - n] +
                                           u[c + n] + u[c - nn] + u[c + nn]);
        if (v[c] != want)
          bench_fail("stencil3d", impl, "v[i]", (long)c, v[c], want);
      }
}

/* ---- 15. target enter/exit data round trip (enterexit) ------------------ */
/* `target enter data map(to:)` then `target exit data map(from:)` of a
 * pageable ENTEREXIT_MB MiB buffer (device allocation, copy in, copy out,
 * release). BENCH_ENTEREXIT_MB sets the size. */
#define ENTEREXIT_MB 128

/* ---- 16. matrix transpose, naive and tiled (transpose) ------------------ */
/* out = in^T for an N x N float matrix (BENCH_TRANSPOSE_N, a multiple of
 * TR_TILE). transpose_naive: one element per iteration / thread, reading
 * along rows and writing along columns. transpose_tiled: the classic CUDA
 * transpose and its OpenMP port: a TR_TILE x (TR_TILE + 1) team-local tile
 * (the padding avoids shared-memory bank conflicts), TR_THREADS threads
 * (TR_TILE x TR_ROWS) each moving TR_TILE / TR_ROWS rows of it in and out.
 * Every element has its own value and the check compares all of them. */
#define TRANSPOSE_N 8192
#define TR_TILE 32
#define TR_ROWS 8                      /* CUDA: blockDim.y */
#define TR_THREADS (TR_TILE * TR_ROWS) /* thread_limit / threads per block */
static int transpose_n(void) {
  const int n =
      (int)bench_size("BENCH_TRANSPOSE_N", TRANSPOSE_N, TR_TILE, 16384);
  if (n % TR_TILE != 0) {
    printf("FAIL BENCH_TRANSPOSE_N=%d: not a multiple of %d\n", n, TR_TILE);
    exit(1);
  }
  return n;
}
/* in[k] = (1 + (k mod 2^23) 2^-23) 2^-(k / 2^23): 23 bits of the index in
 * the mantissa, the rest in the exponent, so no two elements are equal
 * (k < 2^28). out starts at -1, never an input value. */
static float transpose_elem(size_t k) {
  return ldexpf(1.0f + (float)(k & 0x7fffff) * 0x1p-23f, -(int)(k >> 23));
}
static void transpose_init(float *in, float *out, int n) {
  for (size_t k = 0; k < (size_t)n * n; k++) {
    in[k] = transpose_elem(k);
    out[k] = -1.0f;
  }
}
static void transpose_check(const char *name, const float *out, int n,
                            const char *impl) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      const float want = transpose_elem((size_t)i * n + j);
      if (out[(size_t)j * n + i] != want)
        bench_fail(name, impl, "out[j*n+i]", (long)j * n + i,
                   out[(size_t)j * n + i], want);
    }
}

/* ---- 17. all-pairs n-body accelerations (nbody) ------------------------- */
/* One time step's accelerations a_i = sum_j m_j d_ij / (|d_ij|^2 + eps2)^1.5
 * (d_ij = r_j - r_i; j = i included, its term is 0) of N bodies in float,
 * 20 flops per pair. Body 0 is a heavy mass (64 times the others together)
 * at (-4, 0, 0), beside a cloud of unit masses uniform in the unit ball:
 * every body's acceleration is then dominated by a pull that its sum does
 * not cancel, so a relative tolerance on it means something (in a lone
 * uniform cloud the bodies near the centre feel almost nothing, and their
 * relative error is rounding noise over a near-zero sum). Float results
 * depend on the summation order and on FMA contraction, so the check is not
 * exact: for the nbody_sampled bodies it compares with a double-precision
 * evaluation on the host (from the same float inputs), allowing NBODY_TOL
 * relative error on the vector, |a - a_ref| / |a_ref|. Float rounding gives
 * up to 2e-5 at N = 65536 (on the host, with or without FMA contraction); a
 * wrong softening or power of r, or the heavy body missing, is off by far
 * more. BENCH_NBODY_N sets N. */
#define NBODY_N 65536
#define NBODY_EPS2 0.0025f /* softening length 0.05, squared */
#define NBODY_TOL 1e-3
/* flops per pair: 3 sub; 3 mul, 3 add for r2 (with eps2); sqrt; div; 2 mul
 * for inv^3; 1 mul by m; 3 mul and 3 add to accumulate */
#define NBODY_FLOPS 20
static int nbody_n(void) {
  return (int)bench_size("BENCH_NBODY_N", NBODY_N, 2, 1 << 24);
}
static void nbody_init(float *x, float *y, float *z, float *m, float *ax,
                       float *ay, float *az, int n) {
  unsigned r = 2463534242u;
  x[0] = -4.0f;
  y[0] = z[0] = 0.0f;
  m[0] = 64.0f * (float)(n - 1);
  for (int i = 1; i < n; i++) {
    long long p[3]; /* coordinates in units of 2^-23, in [-1, 1) */
    do { /* rejection sampling: uniform in the unit ball (in integers, so
            that every compiler draws the same bodies) */
      for (int c = 0; c < 3; c++) {
        r = r * 1664525u + 1013904223u;
        p[c] = (long long)(r >> 8) - (1 << 23);
      }
    } while (p[0] * p[0] + p[1] * p[1] + p[2] * p[2] > (1LL << 46));
    x[i] = (float)p[0] * 0x1p-23f;
    y[i] = (float)p[1] * 0x1p-23f;
    z[i] = (float)p[2] * 0x1p-23f;
    m[i] = 1.0f;
  }
  for (int i = 0; i < n; i++)
    ax[i] = ay[i] = az[i] = 0.0f;
}
/* The bodies the host checks: every 61st and the first and last 32 (each
 * costs N double-precision interactions on the host). */
static int nbody_sampled(int i, int n) {
  return i % 61 == 0 || i < 32 || i >= n - 32;
}
static void nbody_check(const float *x, const float *y, const float *z,
                        const float *m, const float *ax, const float *ay,
                        const float *az, int n, const char *impl) {
  double worst = 0.0;
  int checked = 0;
  for (int i = 0; i < n; i++) {
    if (!nbody_sampled(i, n))
      continue;
    double rx = 0.0, ry = 0.0, rz = 0.0;
    for (int j = 0; j < n; j++) {
      const double dx = (double)x[j] - x[i], dy = (double)y[j] - y[i],
                   dz = (double)z[j] - z[i];
      const double r2 = dx * dx + dy * dy + dz * dz + (double)NBODY_EPS2;
      const double inv = 1.0 / sqrt(r2), s = (double)m[j] * inv * inv * inv;
      rx += s * dx;
      ry += s * dy;
      rz += s * dz;
    }
    const double ex = ax[i] - rx, ey = ay[i] - ry, ez = az[i] - rz;
    const double err =
        sqrt(ex * ex + ey * ey + ez * ez) / sqrt(rx * rx + ry * ry + rz * rz);
    if (!(err <= NBODY_TOL)) { /* also catches NaN */
      printf("INFO nbody %s body %d: a = (%.9g, %.9g, %.9g), double "
             "reference (%.9g, %.9g, %.9g)\n",
             impl, i, ax[i], ay[i], az[i], rx, ry, rz);
      bench_fail("nbody", impl,
                 "relative error of the acceleration (at most the tolerance) "
                 "of body",
                 i, err, NBODY_TOL);
    }
    if (err > worst)
      worst = err;
    checked++;
  }
  printf("INFO nbody %s: %d bodies checked, largest relative error %.3g "
         "(tolerance %g)\n",
         impl, checked, worst, NBODY_TOL);
}

/* ---- 18. Black-Scholes option pricing (blackscholes) -------------------- */
/* European call and put prices of N options in float, as in the CUDA SDK
 * sample: spot S in [5, 30], strike X in [1, 100], expiry T in [0.25, 10]
 * years, riskless rate BS_R, volatility BS_V; expf, logf, sqrtf and the
 * Abramowitz-Stegun polynomial for the cumulative normal distribution
 * (bs_cnd). The host checks the bench_sampled options against the same
 * formulas in double, allowing BS_TOL (absolute below 1, relative above):
 * float rounding of d1 and of the difference S N(d1) - X e^-RT N(d2) (terms
 * up to 100) and the float math functions (a few ulp apart between libm
 * and the GPU's) give errors of some 1e-6 to 1e-5 (6e-6 on the host, with
 * or without FMA contraction); a wrong formula is off by far more. Rate:
 * 20 bytes per option (3 inputs, 2 prices). BENCH_BLACKSCHOLES_N sets N. */
#define BS_N (1 << 24)
#define BS_R 0.02f
#define BS_V 0.30f
#define BS_TOL 2e-4
#ifdef _OPENMP
#pragma omp declare target
#endif
static BENCH_HD float bs_cnd(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f,
              A4 = -1.821255978f, A5 = 1.330274429f,
              RSQRT2PI = 0.39894228040143267794f;
  const float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float cnd = RSQRT2PI * expf(-0.5f * d * d) *
              (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0)
    cnd = 1.0f - cnd;
  return cnd;
}
static BENCH_HD void bs_price(float S, float X, float T, float *call,
                              float *put) {
  const float sqrtT = sqrtf(T);
  const float d1 =
      (logf(S / X) + (BS_R + 0.5f * BS_V * BS_V) * T) / (BS_V * sqrtT);
  const float d2 = d1 - BS_V * sqrtT;
  const float cndd1 = bs_cnd(d1), cndd2 = bs_cnd(d2);
  const float expRT = expf(-BS_R * T);
  *call = S * cndd1 - X * expRT * cndd2;
  *put = X * expRT * (1.0f - cndd2) - S * (1.0f - cndd1);
}
#ifdef _OPENMP
#pragma omp end declare target
#endif
static int blackscholes_n(void) {
  return (int)bench_size("BENCH_BLACKSCHOLES_N", BS_N, 1, 1 << 30);
}
/* A value in [lo, hi) for input k of option i (24 pseudo-random bits),
 * computed exactly in double and rounded once, so that every compiler
 * (contracting or not) makes the same inputs. */
static float bs_rand(long i, int k, double lo, double hi) {
  const unsigned h = hash_mix32((unsigned)i * 3u + (unsigned)k + 1u);
  return (float)(lo + (hi - lo) * ((double)(h >> 8) * 0x1p-24));
}
static void bs_init(float *S, float *X, float *T, float *call, float *put,
                    long n) {
  for (long i = 0; i < n; i++) {
    S[i] = bs_rand(i, 0, 5.0, 30.0);
    X[i] = bs_rand(i, 1, 1.0, 100.0);
    T[i] = bs_rand(i, 2, 0.25, 10.0);
    call[i] = put[i] = -1.0f;
  }
}
static double bs_cnd_ref(double d) {
  const double A1 = 0.31938153, A2 = -0.356563782, A3 = 1.781477937,
               A4 = -1.821255978, A5 = 1.330274429,
               RSQRT2PI = 0.39894228040143267794;
  const double K = 1.0 / (1.0 + 0.2316419 * fabs(d));
  const double cnd = RSQRT2PI * exp(-0.5 * d * d) *
                     (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  return d > 0 ? 1.0 - cnd : cnd;
}
static void bs_check(const float *S, const float *X, const float *T,
                     const float *call, const float *put, long n,
                     const char *impl) {
  const double R = BS_R, V = BS_V; /* the float constants, exactly */
  double worst = 0.0;
  for (long i = 0; i < n; i++) {
    if (!bench_sampled(i, n))
      continue;
    const double sqrtT = sqrt((double)T[i]);
    const double d1 =
        (log((double)S[i] / X[i]) + (R + 0.5 * V * V) * T[i]) / (V * sqrtT);
    const double d2 = d1 - V * sqrtT;
    const double c1 = bs_cnd_ref(d1), c2 = bs_cnd_ref(d2);
    const double expRT = exp(-R * T[i]);
    const double wc = S[i] * c1 - X[i] * expRT * c2;
    const double wp = X[i] * expRT * (1.0 - c2) - S[i] * (1.0 - c1);
    if (!bench_close(call[i], wc, BS_TOL))
      bench_fail("blackscholes", impl, "call[i]", i, call[i], wc);
    if (!bench_close(put[i], wp, BS_TOL))
      bench_fail("blackscholes", impl, "put[i]", i, put[i], wp);
    const double ec = fabs(call[i] - wc) / (fabs(wc) > 1.0 ? fabs(wc) : 1.0);
    const double ep = fabs(put[i] - wp) / (fabs(wp) > 1.0 ? fabs(wp) : 1.0);
    worst = ec > worst ? ec : worst;
    worst = ep > worst ? ep : worst;
  }
  printf("INFO blackscholes %s: largest error %.3g (tolerance %g)\n", impl,
         worst, BS_TOL);
}

/* ---- 19. histogram with global atomics (histatomic) --------------------- */
/* A HISTA_BINS-bin histogram of N pseudo-random non-negative ints,
 * hist[data[i] % HISTA_BINS]++ with one atomic update in global memory per
 * element (no team-local privatization). The bins are zeroed inside the
 * timing, every repetition. Exact check. BENCH_HISTATOMIC_N sets N. */
#define HISTA_N (1 << 26)
#define HISTA_BINS 1024
static int histatomic_n(void) {
  return (int)bench_size("BENCH_HISTATOMIC_N", HISTA_N, 1, 1 << 30);
}
static void hista_init(int *data, long n) {
  for (long i = 0; i < n; i++)
    data[i] = (int)(hash_mix32((unsigned)i) >> 1);
}
static void hista_check(const int *data, long n, const int *hist,
                        const char *impl) {
  long want[HISTA_BINS] = {0};
  for (long i = 0; i < n; i++)
    want[data[i] % HISTA_BINS]++;
  for (int b = 0; b < HISTA_BINS; b++)
    if (hist[b] != want[b])
      bench_fail("histatomic", impl, "hist[bin]", b, hist[b], (double)want[b]);
}

/* ---- 20. dense matrix-vector product, a team per row (rowdot) ----------- */
/* y = A x for a ROWS x COLS row-major float matrix: per row a dot product
 * of COLS elements, one team / block per row. A's elements are integers in
 * [-2, 2] and x's quarters in [-1, 1], so every partial sum is a multiple
 * of 1/4 below 2^21 in magnitude: exact in float in any order, and the
 * check is exact. BENCH_ROWDOT_ROWS and BENCH_ROWDOT_COLS set the shape. */
#define ROWDOT_ROWS 4096
#define ROWDOT_COLS 16384
static void rowdot_size(int *rows, int *cols) {
  *rows = (int)bench_size("BENCH_ROWDOT_ROWS", ROWDOT_ROWS, 1, 1 << 20);
  *cols = (int)bench_size("BENCH_ROWDOT_COLS", ROWDOT_COLS, 1, 1 << 20);
}
static void rowdot_init(float *A, float *x, float *y, int rows, int cols) {
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      A[(size_t)r * cols + c] = (float)((r * 3 + c * 7) % 5 - 2);
  for (int c = 0; c < cols; c++)
    x[c] = (float)(c % 9) * 0.25f - 1.0f;
  for (int r = 0; r < rows; r++)
    y[r] = -1e30f;
}
static void rowdot_check(const float *A, const float *x, const float *y,
                         int rows, int cols, const char *impl) {
  for (int r = 0; r < rows; r++) {
    double s = 0.0;
    for (int c = 0; c < cols; c++)
      s += (double)A[(size_t)r * cols + c] * x[c];
    if (y[r] != s)
      bench_fail("rowdot", impl, "y[row]", r, y[r], s);
  }
}

/* ---- 21. conjugate gradients, a time loop of small kernels (cgsolve) ---- */
/* ITERS iterations of unpreconditioned conjugate gradients on A x = b in
 * double, A the N x N 1D Laplacian (2 on the diagonal, -1 beside it,
 * computed on the fly: no matrix), from x = 0, b_i = i mod 7 - 3. Per
 * iteration five kernels: q = A p; p.q, a reduction whose result the host
 * needs (alpha = rho / p.q); x += alpha p and r -= alpha q; rho' = r.r,
 * another reduction; p = r + (rho' / rho) p. Each repetition starts again
 * from x = 0 (untimed). The dot products' summation order differs between
 * the host and the device implementations, and CG divides by them, so the
 * check is not exact: x after the iterations must match a host run of the
 * same algorithm (sequential sums) to CG_TOL times max |x|. Reordering the
 * sums (blocked, with FMA) moves x by about 4e-12 max |x| at N = 2^20 and
 * 100 iterations (1e-11 at 400); a wrong alpha, beta or update is off by
 * orders of magnitude more. No exact start exists: the first alpha already
 * divides. Microseconds per iteration. BENCH_CGSOLVE_N sets N,
 * BENCH_CGSOLVE_ITERS the iterations per repetition. */
#define CG_N (1 << 20)
#define CG_ITERS 100
#define CG_TOL 1e-9
static void cg_size(int *n, int *iters) {
  *n = (int)bench_size("BENCH_CGSOLVE_N", CG_N, 2, 1 << 28);
  *iters = (int)bench_size("BENCH_CGSOLVE_ITERS", CG_ITERS, 1, 100000);
}
static void cg_init(double *b, int n) {
  for (int i = 0; i < n; i++)
    b[i] = (double)(i % 7) - 3.0;
}
/* The host run: the same algorithm with sequential sums. */
static void cg_host(double *x, const double *b, int n, int iters) {
  double *r = (double *)bench_malloc(sizeof(double) * n);
  double *p = (double *)bench_malloc(sizeof(double) * n);
  double *q = (double *)bench_malloc(sizeof(double) * n);
  double rho = 0.0;
  for (int i = 0; i < n; i++) {
    x[i] = 0.0;
    r[i] = p[i] = b[i];
    rho += b[i] * b[i];
  }
  for (int it = 0; it < iters; it++) {
    for (int i = 0; i < n; i++)
      q[i] =
          2.0 * p[i] - (i > 0 ? p[i - 1] : 0.0) - (i < n - 1 ? p[i + 1] : 0.0);
    double pq = 0.0;
    for (int i = 0; i < n; i++)
      pq += p[i] * q[i];
    const double alpha = rho / pq;
    for (int i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * q[i];
    }
    double rho_new = 0.0;
    for (int i = 0; i < n; i++)
      rho_new += r[i] * r[i];
    const double beta = rho_new / rho;
    rho = rho_new;
    for (int i = 0; i < n; i++)
      p[i] = r[i] + beta * p[i];
  }
  free(r);
  free(p);
  free(q);
}
static void cg_check(const double *x, const double *b, int n, int iters,
                     const char *impl) {
  double *want = (double *)bench_malloc(sizeof(double) * n);
  cg_host(want, b, n, iters);
  double xmax = 0.0, dmax = 0.0;
  for (int i = 0; i < n; i++) {
    const double a = fabs(want[i]), d = fabs(x[i] - want[i]);
    xmax = a > xmax ? a : xmax;
    dmax = d > dmax ? d : dmax;
  }
  printf("INFO cgsolve %s: max |x - x_host| = %.3g max |x_host| (tolerance "
         "%g)\n",
         impl, dmax / xmax, CG_TOL);
  for (int i = 0; i < n; i++)
    if (!(fabs(x[i] - want[i]) <= CG_TOL * xmax)) /* also catches NaN */
      bench_fail("cgsolve", impl, "x[i]", i, x[i], want[i]);
  free(want);
}

/* ---- 22. row normalization, a team per row (rownorm) -------------------- */
/* A layer normalization's forward pass over ROWS x COLS floats, one team /
 * block per row and the block size a run-time value, as ported ML code
 * writes it: per row the mean (a sum), the variance (a second sum over the
 * row again), then out = (x - mean) * rstd * w + b, with mean and rstd
 * kept per row. Run at two block sizes, ROWNORM_SMALL (one warp a row) and
 * ROWNORM_LARGE threads. x's elements are quarters in [-2, 2], so a row's
 * sum is exact in any order; the variance's squares are not: its float sum
 * (sequential on the host device: about 3e-6 relative at 512 columns,
 * growing with the square root of the row) and CUDA's rsqrtf against
 * 1 / sqrtf move rstd and out, so mean, rstd and out must match a host run
 * in double to ROWNORM_TOL (absolute below 1, relative above). A wrong
 * mean or variance is off by far more. BENCH_ROWNORM_ROWS and
 * BENCH_ROWNORM_COLS set the shape. */
#define ROWNORM_ROWS 32768
#define ROWNORM_COLS 512
#define ROWNORM_SMALL 32
#define ROWNORM_LARGE 256
#define ROWNORM_TOL 1e-4
static void rownorm_size(int *rows, int *cols) {
  *rows = (int)bench_size("BENCH_ROWNORM_ROWS", ROWNORM_ROWS, 1, 1 << 20);
  *cols = (int)bench_size("BENCH_ROWNORM_COLS", ROWNORM_COLS, 1, 1 << 16);
}
static void rownorm_init(float *x, float *w, float *b, int rows, int cols) {
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      x[(size_t)r * cols + c] = (float)((r * 5 + c * 3) % 17 - 8) * 0.25f;
  for (int c = 0; c < cols; c++) {
    w[c] = 1.0f + (float)(c % 3) * 0.5f;
    b[c] = (float)(c % 5) * 0.25f - 0.5f;
  }
}
static void rownorm_check(const float *x, const float *w, const float *b,
                          const float *out, const float *mean,
                          const float *rstd, int rows, int cols,
                          const char *name, const char *impl) {
  double worst = 0.0; /* largest error, relative above 1 */
  for (int r = 0; r < rows; r++) {
    const float *xr = x + (size_t)r * cols;
    double m = 0.0, v = 0.0;
    for (int c = 0; c < cols; c++)
      m += xr[c];
    m /= cols;
    for (int c = 0; c < cols; c++)
      v += (xr[c] - m) * (xr[c] - m);
    const double s = 1.0 / sqrt(v / cols + 1e-5);
    if (!bench_close(mean[r], m, ROWNORM_TOL))
      bench_fail(name, impl, "mean[row]", r, mean[r], m);
    if (!bench_close(rstd[r], s, ROWNORM_TOL))
      bench_fail(name, impl, "rstd[row]", r, rstd[r], s);
    for (int c = 0; c < cols; c++) {
      const double o = (xr[c] - m) * s * w[c] + b[c];
      const float got = out[(size_t)r * cols + c];
      if (!bench_close(got, o, ROWNORM_TOL))
        bench_fail(name, impl, "out[i]", (long)r * cols + c, got, o);
      const double e = fabs(got - o) / (fabs(o) > 1.0 ? fabs(o) : 1.0);
      worst = e > worst ? e : worst;
    }
  }
  printf("INFO %s %s: largest error of out %.3g (tolerance %g)\n", name, impl,
         worst, ROWNORM_TOL);
}

#endif
