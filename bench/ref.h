/* Sizes, input data and host-side verification shared by the OpenMP and
 * CUDA version of each benchmark, so that both compute the same thing and
 * are checked the same way. Inputs are small integers or multiples of 1/4,
 * so most results are exact whatever the summation order or FMA use. */
#ifndef BENCH_REF_H
#define BENCH_REF_H

#include "common.h"

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

#endif
