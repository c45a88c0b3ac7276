/* 9. CUDA-style OpenMP, as code ported from CUDA looks: `target teams
 * num_teams(N) thread_limit(T)` holding team-local arrays (CUDA's __shared__
 * arrays), a `parallel` region indexing by omp_get_thread_num() and
 * omp_get_team_num(), `#pragma omp barrier` for __syncthreads(), a tree
 * reduction in a team-local array and `omp atomic` on team-local data.
 * cs_hist: block-wise histogram, all inside the parallel region (grid-
 * stride over the input). cs_stencil: a tiled 5-point stencil, a tile per
 * team, with team-sequential code before and after the parallel region.
 * Parameters: BENCH_CUDASTYLE_{N,TEAMS,GRID} (see ref.h). */
#include "ref.h"

/* Accumulates the histogram, sum and count of data[0:n] into hist, *total
 * and *nbig (mapped by the caller), reps + 1 times. */
static void cs_hist(const int *data, long n, int teams, long *hist, long *total,
                    long *nbig, double *t, int reps) {
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
#pragma omp target teams num_teams(teams) thread_limit(CS_TPB)
    {
      int lhist[CS_BINS]; /* the team's histogram */
      long part[CS_TPB];  /* per-thread sums, reduced as a tree */
      int lbig;           /* the team's count of large values */
#pragma omp parallel
      {
        const int tid = omp_get_thread_num(), nth = omp_get_num_threads();
        const int team = omp_get_team_num(), nteams = omp_get_num_teams();
        for (int b = tid; b < CS_BINS; b += nth)
          lhist[b] = 0;
        if (tid == 0)
          lbig = 0;
#pragma omp barrier
        long s = 0;
        for (long i = (long)team * nth + tid; i < n; i += (long)nteams * nth) {
          const int v = data[i];
#pragma omp atomic update
          lhist[v & (CS_BINS - 1)]++;
          s += v;
          if (v >= CS_BIG) {
#pragma omp atomic update
            lbig++;
          }
        }
        part[tid] = s;
#pragma omp barrier
        for (int w = CS_TPB / 2; w > 0; w /= 2) {
          if (tid < w && tid + w < nth)
            part[tid] += part[tid + w];
#pragma omp barrier
        }
        if (tid == 0) {
#pragma omp atomic update
          *total += part[0];
#pragma omp atomic update
          *nbig += lbig;
        }
        for (int b = tid; b < CS_BINS; b += nth)
          if (lhist[b]) {
#pragma omp atomic update
            hist[b] += lhist[b];
          }
      }
    }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
}

/* One sweep v = stencil(u) over the n x n grid, tile by tile; resid and
 * changed get each tile's sum of squared changes and count of changes
 * larger than CS_THRESH. One tile per team as in CUDA, but written as a
 * loop over tiles: OpenMP may create fewer teams than num_teams asks for
 * (the host device does). */
static void cs_stencil(const double *u, double *v, double *resid, int *changed,
                       int n, double *t, int reps) {
  const int tiles = n / CS_TILE, ntiles = tiles * tiles;
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
#pragma omp target teams num_teams(ntiles) thread_limit(CS_TPB)
    {
      double tile[CS_TILE + 2][CS_TILE + 2]; /* the tile and its halo */
      double part[CS_TPB];
      int nchanged;
      for (int b = omp_get_team_num(); b < ntiles; b += omp_get_num_teams()) {
        /* team-sequential: where the tile is */
        const int i0 = b / tiles * CS_TILE, j0 = b % tiles * CS_TILE;
        nchanged = 0;
#pragma omp parallel
        {
          const int tid = omp_get_thread_num(), nth = omp_get_num_threads();
          for (int e = tid; e < (CS_TILE + 2) * (CS_TILE + 2); e += nth) {
            const int ti = e / (CS_TILE + 2), tj = e % (CS_TILE + 2);
            const int i = i0 + ti - 1, j = j0 + tj - 1;
            tile[ti][tj] = i >= 0 && j >= 0 && i < n && j < n
                               ? u[(size_t)i * n + j]
                               : 0.0;
          }
#pragma omp barrier
          double s = 0.0;
          for (int e = tid; e < CS_TILE * CS_TILE; e += nth) {
            const int ti = e / CS_TILE + 1, tj = e % CS_TILE + 1;
            const int i = i0 + ti - 1, j = j0 + tj - 1;
            if (i > 0 && j > 0 && i < n - 1 && j < n - 1) {
              const double nv = 0.25 * (tile[ti - 1][tj] + tile[ti + 1][tj] +
                                        tile[ti][tj - 1] + tile[ti][tj + 1]);
              const double d = nv - tile[ti][tj];
              v[(size_t)i * n + j] = nv;
              s += d * d;
              if (d > CS_THRESH || d < -CS_THRESH) {
#pragma omp atomic update
                nchanged++;
              }
            }
          }
          part[tid] = s;
#pragma omp barrier
          for (int w = CS_TPB / 2; w > 0; w /= 2) {
            if (tid < w && tid + w < nth)
              part[tid] += part[tid + w];
#pragma omp barrier
          }
        }
        /* team-sequential: the tile's results */
        resid[b] = part[0];
        changed[b] = nchanged;
      }
    }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
}

int main(void) {
  bench_require_gpu("cudastyle");
  const cs_cfg cfg = cs_config();
  const long n = cfg.n;
  const int reps = bench_reps(10), g = cfg.grid, tiles = g / CS_TILE;
  const size_t gg = (size_t)g * g;
  int *data = bench_malloc(sizeof(int) * n);
  long hist[CS_BINS] = {0}, total = 0, nbig = 0;
  double *u = bench_malloc(sizeof(double) * gg);
  double *v = bench_malloc(sizeof(double) * gg);
  double *resid = bench_malloc(sizeof(double) * tiles * tiles);
  int *changed = bench_malloc(sizeof(int) * tiles * tiles);
  double *t = bench_malloc(sizeof(double) * reps);
  printf("INFO cudastyle openmp hist n=%ld teams=%d; stencil %d x %d\n", n,
         cfg.teams, g, g);

  cs_hist_init(data, n);
#pragma omp target data map(to : data[0:n]) \
    map(tofrom : hist, total, nbig)
  cs_hist(data, n, cfg.teams, hist, &total, &nbig, t, reps);
  cs_hist_check(data, n, reps + 1, hist, total, nbig, "openmp");
  bench_report("cs_hist", "openmp", t, reps, 1.0, (double)sizeof(int) * n,
               "GB/s");

  cs_stencil_init(u, v, g);
#pragma omp target data map(to : u[0:gg]) map(tofrom : v[0:gg]) \
    map(from : resid[0:tiles * tiles], changed[0:tiles * tiles])
  cs_stencil(u, v, resid, changed, g, t, reps);
  cs_stencil_check(u, v, resid, changed, g, "openmp");
  bench_report("cs_stencil", "openmp", t, reps, 1.0, 2.0 * sizeof(double) * gg,
               "GB/s");
  return 0;
}
