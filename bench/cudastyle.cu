// 9. The CUDA kernels the CUDA-style OpenMP version is ported from:
// __shared__ arrays, __syncthreads(), a shared-memory tree reduction and
// shared-memory atomics, then global atomics (cs_hist) or per-block results
// (cs_stencil). Same grids as the OpenMP version's num_teams/thread_limit.
#include "cuda_common.h"

__global__ void cs_hist(const int *__restrict__ data, long n, long *hist,
                        long *total, long *nbig) {
  __shared__ int lhist[CS_BINS];
  __shared__ long part[CS_TPB];
  __shared__ int lbig;
  const int tid = threadIdx.x, nth = blockDim.x;
  for (int b = tid; b < CS_BINS; b += nth)
    lhist[b] = 0;
  if (tid == 0)
    lbig = 0;
  __syncthreads();
  long s = 0;
  for (long i = (long)blockIdx.x * nth + tid; i < n;
       i += (long)gridDim.x * nth) {
    const int v = data[i];
    atomicAdd(&lhist[v & (CS_BINS - 1)], 1);
    s += v;
    if (v >= CS_BIG)
      atomicAdd(&lbig, 1);
  }
  part[tid] = s;
  __syncthreads();
  for (int w = nth / 2; w > 0; w /= 2) {
    if (tid < w)
      part[tid] += part[tid + w];
    __syncthreads();
  }
  if (tid == 0) {
    atomicAdd((unsigned long long *)total, (unsigned long long)part[0]);
    atomicAdd((unsigned long long *)nbig, (unsigned long long)lbig);
  }
  for (int b = tid; b < CS_BINS; b += nth)
    if (lhist[b])
      atomicAdd((unsigned long long *)&hist[b], (unsigned long long)lhist[b]);
}

// One CS_TILE x CS_TILE tile per block, CS_TILE x (CS_TPB / CS_TILE)
// threads, each doing every (CS_TPB / CS_TILE)-th row of the tile.
__global__ void cs_stencil(const double *__restrict__ u, double *__restrict__ v,
                           double *resid, int *changed, int n) {
  __shared__ double tile[CS_TILE + 2][CS_TILE + 2];
  __shared__ double part[CS_TPB];
  __shared__ int nchanged;
  const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * CS_TILE + tx;
  const int i0 = blockIdx.y * CS_TILE, j0 = blockIdx.x * CS_TILE;
  if (tid == 0)
    nchanged = 0;
  for (int e = tid; e < (CS_TILE + 2) * (CS_TILE + 2); e += CS_TPB) {
    const int ti = e / (CS_TILE + 2), tj = e % (CS_TILE + 2);
    const int i = i0 + ti - 1, j = j0 + tj - 1;
    tile[ti][tj] =
        i >= 0 && j >= 0 && i < n && j < n ? u[(size_t)i * n + j] : 0.0;
  }
  __syncthreads();
  double s = 0.0;
  for (int ti = ty + 1; ti <= CS_TILE; ti += CS_TPB / CS_TILE) {
    const int tj = tx + 1, i = i0 + ti - 1, j = j0 + tj - 1;
    if (i > 0 && j > 0 && i < n - 1 && j < n - 1) {
      const double nv = 0.25 * (tile[ti - 1][tj] + tile[ti + 1][tj] +
                                tile[ti][tj - 1] + tile[ti][tj + 1]);
      const double d = nv - tile[ti][tj];
      v[(size_t)i * n + j] = nv;
      s += d * d;
      if (d > CS_THRESH || d < -CS_THRESH)
        atomicAdd(&nchanged, 1);
    }
  }
  part[tid] = s;
  __syncthreads();
  for (int w = CS_TPB / 2; w > 0; w /= 2) {
    if (tid < w)
      part[tid] += part[tid + w];
    __syncthreads();
  }
  if (tid == 0) {
    const int block = blockIdx.y * gridDim.x + blockIdx.x;
    resid[block] = part[0];
    changed[block] = nchanged;
  }
}

int main() {
  cuda_start("cudastyle");
  const cs_cfg cfg = cs_config();
  const long n = cfg.n;
  const int reps = bench_reps(10), g = cfg.grid, tiles = g / CS_TILE;
  const size_t gg = (size_t)g * g;
  int *data = (int *)bench_malloc(sizeof(int) * n);
  long hist[CS_BINS] = {0}, sums[2] = {0, 0}; // total, nbig
  double *u = (double *)bench_malloc(sizeof(double) * gg);
  double *v = (double *)bench_malloc(sizeof(double) * gg);
  double *resid = (double *)bench_malloc(sizeof(double) * tiles * tiles);
  int *changed = (int *)bench_malloc(sizeof(int) * tiles * tiles);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  printf("INFO cudastyle cuda hist n=%ld teams=%d; stencil %d x %d\n", n,
         cfg.teams, g, g);

  cs_hist_init(data, n);
  int *ddata = dev_alloc<int>(n);
  long *dhist = dev_alloc<long>(CS_BINS), *dsums = dev_alloc<long>(2);
  CK(cudaMemcpy(ddata, data, sizeof(int) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dhist, hist, sizeof(hist), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dsums, sums, sizeof(sums), cudaMemcpyHostToDevice));
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    cs_hist<<<cfg.teams, CS_TPB>>>(ddata, n, dhist, dsums, dsums + 1);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(hist, dhist, sizeof(hist), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(sums, dsums, sizeof(sums), cudaMemcpyDeviceToHost));
  cs_hist_check(data, n, reps + 1, hist, sums[0], sums[1], "cuda");
  bench_report("cs_hist", "cuda", t, reps, 1.0, (double)sizeof(int) * n,
               "GB/s");

  cs_stencil_init(u, v, g);
  double *du = dev_alloc<double>(gg), *dv = dev_alloc<double>(gg);
  double *dresid = dev_alloc<double>((size_t)tiles * tiles);
  int *dchanged = dev_alloc<int>((size_t)tiles * tiles);
  CK(cudaMemcpy(du, u, sizeof(double) * gg, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dv, v, sizeof(double) * gg, cudaMemcpyHostToDevice));
  dim3 block(CS_TILE, CS_TPB / CS_TILE), grid(tiles, tiles);
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
    cs_stencil<<<grid, block>>>(du, dv, dresid, dchanged, g);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  CK(cudaMemcpy(v, dv, sizeof(double) * gg, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(resid, dresid, sizeof(double) * tiles * tiles,
                cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(changed, dchanged, sizeof(int) * tiles * tiles,
                cudaMemcpyDeviceToHost));
  cs_stencil_check(u, v, resid, changed, g, "cuda");
  bench_report("cs_stencil", "cuda", t, reps, 1.0, 2.0 * sizeof(double) * gg,
               "GB/s");
  return 0;
}
