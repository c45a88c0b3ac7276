// CUDA-style tiles: each team copies a tile and its halo from global memory
// into a team-local array, its threads taking every nth element behind a
// bounds test, then computes from the tile. On the GPU these fill loops are
// unrolled by four with the copies' loads issued before their stores
// (openmp-device-tile-fill-loops, openmp-device-sink-shared-stores). The
// results must be the host's for block sizes that leave the unrolled loop
// every remainder (0 to 3 elements), with the block size a constant and
// known only at run time, for a grid size that is not a multiple of the
// tile, and for a fill of two arrays with the length read at run time. Sums
// of every nth row of a column (n from the number of teams, a few rows a
// thread, a column test around each load) are unrolled the same way; their
// results must be the host's for row counts that leave every remainder.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: on device 1
// CHECK-NEXT: stencil, 256 threads: ok
// CHECK-NEXT: stencil, 32 threads: ok
// CHECK-NEXT: stencil, 96 threads: ok
// CHECK-NEXT: stencil, 100 threads: ok
// CHECK-NEXT: stencil, 160 threads: ok
// CHECK-NEXT: two arrays: ok
// CHECK-NEXT: column squares, 509 rows: ok
// CHECK-NEXT: column squares, 510 rows: ok
// CHECK-NEXT: column squares, 511 rows: ok
// CHECK-NEXT: column squares, 512 rows: ok
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-CHECK: on device 1
// GPU-CHECK-NEXT: stencil, 256 threads: ok
// GPU-CHECK-NEXT: stencil, 32 threads: ok
// GPU-CHECK-NEXT: stencil, 96 threads: ok
// GPU-CHECK-NEXT: stencil, 100 threads: ok
// GPU-CHECK-NEXT: stencil, 160 threads: ok
// GPU-CHECK-NEXT: two arrays: ok
// GPU-CHECK-NEXT: column squares, 509 rows: ok
// GPU-CHECK-NEXT: column squares, 510 rows: ok
// GPU-CHECK-NEXT: column squares, 511 rows: ok
// GPU-CHECK-NEXT: column squares, 512 rows: ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define T 16      /* tile side */
#define H (T + 2) /* with its halo */

/* Small integers, so that every result is exact. */
static double value(long x) { return (double)(x % 17 - 8); }

static double weigh(double up, double down, double left, double right,
                    double mid) {
  return up + 2 * down + 3 * left + 4 * right + 5 * mid;
}

static double at(const double *u, int n, int i, int j) {
  return i >= 0 && j >= 0 && i < n && j < n ? u[(long)i * n + j] : -1.0;
}

static void check(const char *what, const double *got, const double *want,
                  long count) {
  for (long x = 0; x < count; x++)
    if (got[x] != want[x]) {
      printf("%s: element %ld is %g, expected %g\n", what, x, got[x], want[x]);
      exit(1);
    }
  printf("%s: ok\n", what);
}

/* One tile per team; the tile holds -1 outside the grid. */
#define STENCIL_BODY                                                           \
  {                                                                            \
    double tile[H][H];                                                         \
    for (int b = omp_get_team_num(); b < tiles * tiles;                        \
         b += omp_get_num_teams()) {                                           \
      const int i0 = b / tiles * T, j0 = b % tiles * T;                        \
      if (b == 0 && omp_get_thread_num() == 0)                                 \
        *on_device = !omp_is_initial_device();                                 \
      _Pragma("omp parallel") {                                                \
        const int tid = omp_get_thread_num(), nth = omp_get_num_threads();    \
        for (int e = tid; e < H * H; e += nth) {                               \
          const int ti = e / H, tj = e % H, i = i0 + ti - 1, j = j0 + tj - 1; \
          tile[ti][tj] = i >= 0 && j >= 0 && i < n && j < n                   \
                             ? u[(long)i * n + j]                              \
                             : -1.0;                                           \
        }                                                                      \
        _Pragma("omp barrier") for (int e = tid; e < T * T; e += nth) {        \
          const int ti = e / T + 1, tj = e % T + 1;                            \
          const int i = i0 + ti - 1, j = j0 + tj - 1;                          \
          if (i < n && j < n)                                                  \
            v[(long)i * n + j] =                                               \
                weigh(tile[ti - 1][tj], tile[ti + 1][tj], tile[ti][tj - 1],    \
                      tile[ti][tj + 1], tile[ti][tj]);                         \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  }

static void stencil256(const double *u, double *v, int n, int *on_device) {
  const int tiles = (n + T - 1) / T;
#pragma omp target teams num_teams(tiles * tiles) thread_limit(256)           \
    map(to : u[0:n * n]) map(from : v[0:n * n]) map(tofrom : on_device[0:1])
  STENCIL_BODY
}

static void stencil(const double *u, double *v, int n, int threads,
                    int *on_device) {
  const int tiles = (n + T - 1) / T;
#pragma omp target teams num_teams(tiles * tiles) thread_limit(threads)       \
    map(to : u[0:n * n]) map(from : v[0:n * n]) map(tofrom : on_device[0:1])
  STENCIL_BODY
}

static void want_stencil(const double *u, double *want, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      want[(long)i * n + j] =
          weigh(at(u, n, i - 1, j), at(u, n, i + 1, j), at(u, n, i, j - 1),
                at(u, n, i, j + 1), at(u, n, i, j));
}

/* Two arrays copied into team-local arrays of `len` elements (len read at
 * run time), then combined. */
static void two_arrays(const float *a, const float *b, float *c, int len,
                       int teams) {
#pragma omp target teams num_teams(teams) thread_limit(64)                    \
    map(to : a[0:len * teams], b[0:len * teams]) map(from : c[0:len * teams])
  {
    float ta[512], tb[512];
    const long base = (long)omp_get_team_num() * len;
#pragma omp parallel
    {
      const int tid = omp_get_thread_num(), nth = omp_get_num_threads();
      for (int e = tid; e < len; e += nth) {
        ta[e] = a[base + e];
        tb[e] = b[base + e];
      }
#pragma omp barrier
      for (int e = tid; e < len; e += nth)
        c[base + e] = ta[e] * tb[len - 1 - e] + ta[len - 1 - e];
    }
  }
}

/* Block b of teams * 256 sums the squares of 8 of every 8 * bands rows of
 * 32 columns (the shape of HeCBench's stddev), looping over the blocks and
 * threads OpenMP gives it; columns past `cols` read nothing. */
static void column_squares(const float *data, float *sums, int rows, int cols,
                           int bands) {
  const int blocks = bands * ((cols + 31) / 32);
#pragma omp target teams num_teams(blocks) thread_limit(256)                  \
    map(to : data[0:rows * cols]) map(tofrom : sums[0:cols])
  {
#pragma omp parallel
    for (int b = omp_get_team_num(); b < blocks; b += omp_get_num_teams())
      for (int tx = omp_get_thread_num(); tx < 256;
           tx += omp_get_num_threads()) {
        const int col = tx % 32 + b / bands * 32;
        const long stride = 8L * (bands > 1 ? bands : 1);
        float s = 0;
        for (long i = tx / 32 + b % bands * 8L; i < rows; i += stride) {
          const float v = col < cols ? data[i * cols + col] : 0.0f;
          s += v * v;
        }
        if (col < cols) {
#pragma omp atomic update
          sums[col] += s;
        }
      }
  }
}

static void check_column_squares(int rows, int bands) {
  const int cols = 40;
  float *data = malloc(sizeof(float) * rows * cols);
  float *sums = calloc(cols, sizeof(float)), *want = calloc(cols, sizeof(float));
  for (long x = 0; x < (long)rows * cols; x++)
    data[x] = (float)(x % 7) - 3;
  for (int i = 0; i < rows; i++)
    for (int c = 0; c < cols; c++)
      want[c] += data[(long)i * cols + c] * data[(long)i * cols + c];
  column_squares(data, sums, rows, cols, bands);
  for (int c = 0; c < cols; c++)
    if (sums[c] != want[c]) {
      printf("column squares: column %d is %g, expected %g\n", c, sums[c],
             want[c]);
      exit(1);
    }
  printf("column squares, %d rows: ok\n", rows);
  free(data);
  free(sums);
  free(want);
}

int main(int argc, char **argv) {
  const int n = 75 + (argc > 5); /* not a multiple of T, not a constant */
  const long nn = (long)n * n;
  double *u = malloc(sizeof(double) * nn), *v = malloc(sizeof(double) * nn);
  double *want = malloc(sizeof(double) * nn);
  for (long x = 0; x < nn; x++)
    u[x] = value(3 * x + 1);
  want_stencil(u, want, n);
  int on_device = 0;
  stencil256(u, v, n, &on_device);
  printf("on device %d\n", on_device);
  check("stencil, 256 threads", v, want, nn);
  /* 324 elements a tile: 32 threads take 10 or 11, 96 take 3 or 4, 100
   * take 3 or 4, 160 take 2 or 3. */
  const int threads[] = {32, 96, 100, 160};
  for (int t = 0; t < 4; t++) {
    for (long x = 0; x < nn; x++)
      v[x] = 0;
    stencil(u, v, n, threads[t], &on_device);
    char what[64];
    snprintf(what, sizeof what, "stencil, %d threads", threads[t]);
    check(what, v, want, nn);
  }

  const int len = 301 + (argc > 5), teams = 7;
  float *a = malloc(sizeof(float) * len * teams);
  float *b = malloc(sizeof(float) * len * teams);
  float *c = malloc(sizeof(float) * len * teams);
  float *cwant = malloc(sizeof(float) * len * teams);
  for (long x = 0; x < (long)len * teams; x++) {
    a[x] = (float)(x % 11) - 5;
    b[x] = (float)(x % 7) + 1;
  }
  for (int t = 0; t < teams; t++)
    for (int e = 0; e < len; e++) {
      const long base = (long)t * len;
      cwant[base + e] =
          a[base + e] * b[base + len - 1 - e] + a[base + len - 1 - e];
    }
  two_arrays(a, b, c, len, teams);
  for (long x = 0; x < (long)len * teams; x++)
    if (c[x] != cwant[x]) {
      printf("two arrays: element %ld is %g, expected %g\n", x, c[x], cwant[x]);
      return 1;
    }
  printf("two arrays: ok\n");
  /* 32 rows a stride (4 bands, a number not known when compiling: the trip
   * count takes a division): 509-512 rows leave the unrolled loop every
   * remainder in some thread. */
  for (int rows = 509; rows <= 512; rows++)
    check_column_squares(rows + (argc > 5), 4 + (argc > 5));
  return 0;
}
