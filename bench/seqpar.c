/* 6. Team-sequential / parallel microbenchmark ("Coordinating GPU threads
 * for OpenMP 4.0 in LLVM", Fig. 12), OpenMP offload: in a `target teams`
 * region each team repeats a sequential pre-calculation, a `parallel for`
 * over its slice of the vectors and a sequential post-calculation that reads
 * the parallel results. This is a generic-mode kernel: it measures the cost
 * of handing work between the team master and the team's threads.
 * Parameters: BENCH_SEQPAR_{N,K,L,TEAMS,THREADS,TESTS} (see ref.h). */
#include "ref.h"

int main(void) {
  bench_require_gpu("seqpar");
  const seqpar_cfg cfg = seqpar_config();
  const int n = cfg.n, K = cfg.k, L = cfg.l, T = cfg.teams;
  const int TH = cfg.threads, tests = cfg.tests, reps = bench_reps(5);
  double *a = bench_malloc(sizeof(double) * n);
  double *b = bench_malloc(sizeof(double) * n);
  double *c = bench_malloc(sizeof(double) * n);
  double *out = bench_malloc(sizeof(double) * T);
  double *t = bench_malloc(sizeof(double) * reps);
  seqpar_init(a, b, c, n);
  printf("INFO seqpar openmp N=%d K=%d L=%d teams=%d threads=%d tests=%d\n", n,
         K, L, T, TH, tests);

  int nteams = 0;
#pragma omp target data map(to : a[0:n], b[0:n]) map(tofrom : c[0:n]) \
    map(from : out[0:T])
  {
    for (int r = -1; r < reps; r++) {
      for (int i = 0; i < n; i++)
        c[i] = 0.0;
#pragma omp target update to(c[0:n])
      double t0 = bench_now();
#pragma omp target teams num_teams(T) thread_limit(TH) map(from : nteams)
      {
        const int team = omp_get_team_num(), nt = omp_get_num_teams();
        const int chunk = (n + nt - 1) / nt;
        const int lb = team * chunk, ub = lb + chunk < n ? lb + chunk : n;
        double acc = 0.0;
        for (int it = 0; it < tests; it++) {
          /* team-sequential pre-calculation */
          unsigned x;
          SEQPAR_PRE(x, it, team, L, K);
          const double beta = SEQPAR_BETA(x);
          /* parallel part */
#pragma omp parallel for
          for (int i = lb; i < ub; i++)
            c[i] += beta * a[i] + b[i];
          /* team-sequential post-calculation */
          double s = 0.0;
          if (ub > lb)
            for (int l = 0; l < L; l++)
              for (int k = 0; k < K; k++)
                s += c[lb + (k + l) % (ub - lb)];
          acc += s;
        }
        out[team] = acc;
        if (team == 0)
          nteams = nt;
      }
      double t1 = bench_now();
      if (r >= 0)
        t[r] = t1 - t0;
    }
  }
  if (nteams < 1 || nteams > T)
    bench_fail("seqpar", "openmp", "number of teams", 0, nteams, T);
  seqpar_check(&cfg, nteams, a, b, c, out, "openmp");
  /* time per test iteration (pre + parallel + post, all teams at once) */
  bench_report("seqpar", "openmp", t, reps, 1.0 / tests, 0.0, "us/iter");
  return 0;
}
