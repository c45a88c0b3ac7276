// 6. Team-sequential / parallel microbenchmark, hand-written CUDA in the
// paper's "if-master" form (Fig. 12): thread 0 of each block runs the
// sequential parts, __syncthreads() separates them from the parallel loop.
#include "cuda_common.h"

__global__ void seqpar(const double *__restrict__ a,
                       const double *__restrict__ b, double *c, double *out,
                       int n, int K, int L, int tests) {
  __shared__ double beta_s;
  const int team = blockIdx.x, nt = gridDim.x;
  const int chunk = (n + nt - 1) / nt;
  const int lb = team * chunk, ub = lb + chunk < n ? lb + chunk : n;
  double acc = 0.0;
  for (int it = 0; it < tests; it++) {
    if (threadIdx.x == 0) { // team-sequential pre-calculation
      unsigned x;
      SEQPAR_PRE(x, it, team, L, K);
      beta_s = SEQPAR_BETA(x);
    }
    __syncthreads();
    const double beta = beta_s;
    for (int i = lb + threadIdx.x; i < ub; i += blockDim.x) // parallel part
      c[i] += beta * a[i] + b[i];
    __syncthreads();
    if (threadIdx.x == 0) { // team-sequential post-calculation
      double s = 0.0;
      if (ub > lb)
        for (int l = 0; l < L; l++)
          for (int k = 0; k < K; k++)
            s += c[lb + (k + l) % (ub - lb)];
      acc += s;
    }
  }
  if (threadIdx.x == 0)
    out[team] = acc;
}

int main() {
  cuda_start("seqpar");
  const seqpar_cfg cfg = seqpar_config();
  const int n = cfg.n, T = cfg.teams, reps = bench_reps(5);
  double *a = (double *)bench_malloc(sizeof(double) * n);
  double *b = (double *)bench_malloc(sizeof(double) * n);
  double *c = (double *)bench_malloc(sizeof(double) * n);
  double *out = (double *)bench_malloc(sizeof(double) * T);
  double *t = (double *)bench_malloc(sizeof(double) * reps);
  seqpar_init(a, b, c, n);
  printf("INFO seqpar cuda N=%d K=%d L=%d teams=%d threads=%d tests=%d\n", n,
         cfg.k, cfg.l, T, cfg.threads, cfg.tests);
  double *da = dev_alloc<double>(n), *db = dev_alloc<double>(n),
         *dc = dev_alloc<double>(n), *dout = dev_alloc<double>(T);
  CK(cudaMemcpy(da, a, sizeof(double) * n, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, b, sizeof(double) * n, cudaMemcpyHostToDevice));
  for (int r = -1; r < reps; r++) {
    CK(cudaMemcpy(dc, c, sizeof(double) * n, cudaMemcpyHostToDevice));
    double t0 = bench_now();
    seqpar<<<T, cfg.threads>>>(da, db, dc, dout, n, cfg.k, cfg.l, cfg.tests);
    CK_LAUNCH();
    CK(cudaDeviceSynchronize());
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  double *rc = (double *)bench_malloc(sizeof(double) * n);
  CK(cudaMemcpy(rc, dc, sizeof(double) * n, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(out, dout, sizeof(double) * T, cudaMemcpyDeviceToHost));
  seqpar_check(&cfg, T, a, b, rc, out, "cuda");
  bench_report("seqpar", "cuda", t, reps, 1.0 / cfg.tests, 0.0, "us/iter");
  return 0;
}
