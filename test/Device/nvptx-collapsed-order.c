// Collapsed loop nests under the default schedule: the optimizing NVPTX
// device link renumbers the indices of a nest whose contiguous dimension is
// an outer loop's index (openmp-device-collapsed-order), so that
// neighbouring threads step it, and says so under -Rpass. Row-major nests,
// loops with a schedule clause (their iterations go to threads as the
// clause says) and unoptimized builds keep Clang's order.
// RUN: rm -rf %t && mkdir -p %t/nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t/nocuda -Rpass=openmp-device %s -shared -o %t/k.so 2>&1 | FileCheck %s --implicit-check-not="collapsed loop"
// RUN: %clang -O0 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t/nocuda -Rpass=openmp-device %s -shared -o %t/k0.so 2>&1 | FileCheck %s --check-prefix=O0 --allow-empty
// O0-NOT: collapsed loop

#define N 2048

// CHECK: nvptx-collapsed-order.c:[[@LINE+4]]:{{[0-9]+}}: remark: collapsed loop nest: neighbouring threads take neighbouring values of loop 1 of 2 (coalesced or uniform bytes per iteration: 24, against 0 stepping the innermost loop)
float jacobi(float *f, const float *old) {
  float err = 0.f;
#pragma omp target teams distribute parallel for collapse(2) reduction(+ : err) map(tofrom : err)
  for (int i = 1; i <= N - 2; i++)
    for (int j = 1; j <= N - 2; j++) {
      float t = 0.25f * (old[(i - 1) + j * N] + old[(i + 1) + j * N] +
                         old[i + (j - 1) * N] + old[i + (j + 1) * N]);
      float d = t - old[i + j * N];
      f[i + j * N] = t;
      err += d * d;
    }
  return err;
}

// CHECK: nvptx-collapsed-order.c:[[@LINE+3]]:{{[0-9]+}}: remark: collapsed loop nest: neighbouring threads take neighbouring values of loop 1 of 3 (coalesced or uniform bytes per iteration: 16, against 0 stepping the innermost loop)
void fortran_order(double *a, const double *b, int nx, int ny, int nz) {
#pragma omp target teams distribute parallel for collapse(3)
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nz; k++)
        a[i + (long)nx * (j + (long)ny * k)] =
            b[i + (long)nx * (j + (long)ny * k)] + 1.0;
}

void row_major(float *a, const float *b, int n, int m) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = 2.0f * b[i * m + j];
}

void column_major_scheduled(float *a, int n, int m) {
#pragma omp target teams distribute parallel for collapse(2) schedule(static, 1)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i + j * n] = 1.0f;
}
