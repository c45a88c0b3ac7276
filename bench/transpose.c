/* 16. Matrix transpose of an N x N float matrix, OpenMP offload, two ways.
 * transpose_naive: `target teams distribute parallel for collapse(2)`,
 * out[j*n+i] = in[i*n+j] (reads along rows, writes along columns).
 * transpose_tiled: the classic CUDA shared-memory transpose as ported to
 * OpenMP: `target teams num_teams(tiles) thread_limit(256)` with a
 * team-local float tile[32][33], a `parallel` region where thread t is
 * CUDA's (threadIdx.x, threadIdx.y) = (t % 32, t / 32), looping over its
 * team's tiles: 8 rows per thread into the tile, `#pragma omp barrier`, 8
 * rows out of it transposed, `#pragma omp barrier`. Rate: 8 bytes per
 * element (one read, one write). BENCH_TRANSPOSE_N sets N. */
#include "ref.h"

int main(void) {
  bench_require_gpu("transpose");
  const int n = transpose_n();
  const int reps = bench_reps(10);
  const size_t nn = (size_t)n * n;
  const int tiles = n / TR_TILE, ntiles = tiles * tiles;
  float *in = bench_malloc(sizeof(float) * nn);
  float *out = bench_malloc(sizeof(float) * nn);
  double *t = bench_malloc(sizeof(double) * reps);
  transpose_init(in, out, n);

#pragma omp target data map(to : in[0:nn]) map(tofrom : out[0:nn])
  {
    for (int r = -1; r < reps; r++) {
      double t0 = bench_now();
#pragma omp target teams distribute parallel for collapse(2)
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
          out[j * n + i] = in[i * n + j];
      double t1 = bench_now();
      if (r >= 0)
        t[r] = t1 - t0;
    }
#pragma omp target update from(out[0:nn])
    transpose_check("transpose_naive", out, n, "openmp");
    bench_report("transpose_naive", "openmp", t, reps, 1.0,
                 2.0 * sizeof(float) * nn, "GB/s");

    /* start the tiled kernel from a fresh output (untimed) */
    for (size_t k = 0; k < nn; k++)
      out[k] = -1.0f;
#pragma omp target update to(out[0:nn])
    for (int r = -1; r < reps; r++) {
      double t0 = bench_now();
#pragma omp target teams num_teams(ntiles) thread_limit(TR_THREADS)
      {
        float tile[TR_TILE][TR_TILE + 1];
#pragma omp parallel
        {
          const int nth = omp_get_num_threads();
          for (int b = omp_get_team_num(); b < ntiles;
               b += omp_get_num_teams()) {
            const int i0 = b / tiles * TR_TILE, j0 = b % tiles * TR_TILE;
            /* one pass with TR_THREADS threads; more if OpenMP gave the
             * team fewer (the host device does) */
            for (int v = omp_get_thread_num(); v < TR_THREADS; v += nth) {
              const int tx = v % TR_TILE, ty = v / TR_TILE;
              for (int k = ty; k < TR_TILE; k += TR_ROWS)
                tile[k][tx] = in[(i0 + k) * n + j0 + tx];
            }
#pragma omp barrier
            for (int v = omp_get_thread_num(); v < TR_THREADS; v += nth) {
              const int tx = v % TR_TILE, ty = v / TR_TILE;
              for (int k = ty; k < TR_TILE; k += TR_ROWS)
                out[(j0 + k) * n + i0 + tx] = tile[tx][k];
            }
#pragma omp barrier
          }
        }
      }
      double t1 = bench_now();
      if (r >= 0)
        t[r] = t1 - t0;
    }
  }
  transpose_check("transpose_tiled", out, n, "openmp");
  bench_report("transpose_tiled", "openmp", t, reps, 1.0,
               2.0 * sizeof(float) * nn, "GB/s");
  return 0;
}
