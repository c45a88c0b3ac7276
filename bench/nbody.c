/* 17. All-pairs n-body accelerations, OpenMP offload: one time step's
 * gravitational acceleration of each of N bodies (float; positions and
 * masses in separate arrays x, y, z, m), `target teams distribute parallel
 * for` over the bodies with a sequential loop over all bodies inside:
 * r2 = dx*dx + dy*dy + dz*dz + eps2, inv = 1.0f / sqrtf(r2), inv^3, and the
 * accumulated m_j inv^3 d. Rate: 20 flops per pair. The check is against
 * double precision with a tolerance (see ref.h). BENCH_NBODY_N sets N. */
#include "ref.h"

int main(void) {
  bench_require_gpu("nbody");
  const int n = nbody_n();
  const int reps = bench_reps(10);
  float *x = bench_malloc(sizeof(float) * n);
  float *y = bench_malloc(sizeof(float) * n);
  float *z = bench_malloc(sizeof(float) * n);
  float *m = bench_malloc(sizeof(float) * n);
  float *ax = bench_malloc(sizeof(float) * n);
  float *ay = bench_malloc(sizeof(float) * n);
  float *az = bench_malloc(sizeof(float) * n);
  double *t = bench_malloc(sizeof(double) * reps);
  nbody_init(x, y, z, m, ax, ay, az, n);

#pragma omp target data map(to : x[0:n], y[0:n], z[0:n], m[0:n]) \
    map(from : ax[0:n], ay[0:n], az[0:n])
  for (int r = -1; r < reps; r++) {
    double t0 = bench_now();
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++) {
      const float xi = x[i], yi = y[i], zi = z[i];
      float sx = 0.0f, sy = 0.0f, sz = 0.0f;
      for (int j = 0; j < n; j++) {
        const float dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
        const float r2 = dx * dx + dy * dy + dz * dz + NBODY_EPS2;
        const float inv = 1.0f / sqrtf(r2);
        const float inv3 = inv * inv * inv;
        const float s = m[j] * inv3;
        sx += s * dx;
        sy += s * dy;
        sz += s * dz;
      }
      ax[i] = sx;
      ay[i] = sy;
      az[i] = sz;
    }
    double t1 = bench_now();
    if (r >= 0)
      t[r] = t1 - t0;
  }
  nbody_check(x, y, z, m, ax, ay, az, n, "openmp");
  bench_report("nbody", "openmp", t, reps, 1.0,
               (double)NBODY_FLOPS * n * (double)n, "GFLOP/s");
  return 0;
}
