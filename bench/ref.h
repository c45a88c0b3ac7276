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
 * finalizer) of a 32-bit key (hash_u64), and HASH_ROUNDS32 rounds of
 * murmur3's 32-bit finalizer and a bucket index modulo a run-time prime
 * (hash_u32); `long` indices. The host checks the bench_sampled elements
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
#ifdef _OPENMP
#pragma omp end declare target
#endif
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
 * map(tofrom: x)` incrementing x, LAUNCHES times. Per launch, microseconds.
 * BENCH_LAUNCHES sets the count. */
#define LAUNCH_ITERS 1024
#define LAUNCHES 10000

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

#endif
