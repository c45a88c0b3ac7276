// Loops that index arrays with int arithmetic on the loop counter: a row
// times a column (`a[i * n + k] * b[k * n + j]`), a column walked upwards
// from a pointer into the middle of an array (negative indices), a
// descending column, odd rows (`(k << 1) | 1`) and unsigned indices. On
// the GPU their extended indices are computed in 64 bits so that the back
// end steps a pointer (openmp-device-wide-address-indices, docs/Design.md);
// the results must be the host's, for sizes that leave the unrolled loops a
// remainder.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: on device 1
// CHECK-NEXT: row times column: ok
// CHECK-NEXT: negative indices: ok
// CHECK-NEXT: descending column: ok
// CHECK-NEXT: odd rows: ok
// CHECK-NEXT: unsigned indices: ok
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-CHECK: on device 1
// GPU-CHECK-NEXT: row times column: ok
// GPU-CHECK-NEXT: negative indices: ok
// GPU-CHECK-NEXT: descending column: ok
// GPU-CHECK-NEXT: odd rows: ok
// GPU-CHECK-NEXT: unsigned indices: ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

/* Integer values, so that every sum is exact in any order. */
static double value(int x) { return (double)(x % 13 - 6); }

static void report(const char *what, const double *got, const double *want,
                   int count) {
  for (int x = 0; x < count; x++)
    if (got[x] != want[x]) {
      printf("%s: element %d is %g, expected %g\n", what, x, got[x], want[x]);
      exit(1);
    }
  printf("%s: ok\n", what);
}

int main(int argc, char **argv) {
  /* Run-time sizes (not constants the compiler could fold). */
  const int n = 67 + (argc > 5), half = n / 2;
  const unsigned un = (unsigned)n;
  const int nn = n * n;
  double *a = malloc(sizeof(double) * nn), *b = malloc(sizeof(double) * nn);
  double *c = malloc(sizeof(double) * nn), *want = malloc(sizeof(double) * nn);
  for (int x = 0; x < nn; x++) {
    a[x] = value(x);
    b[x] = value(3 * x + 1);
  }
  int OnDevice = 0;

#pragma omp target data map(to : a[0:nn], b[0:nn]) map(alloc : c[0:nn])
  {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : OnDevice)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        if (i == 0 && j == 0)
          OnDevice = !omp_is_initial_device();
        double s = 0;
        for (int k = 0; k < n; k++)
          s += a[i * n + k] * b[k * n + j];
        c[i * n + j] = s;
      }
#pragma omp target update from(c[0:nn])
    printf("on device %d\n", OnDevice);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        double s = 0;
        for (int k = 0; k < n; k++)
          s += a[i * n + k] * b[k * n + j];
        want[i * n + j] = s;
      }
    report("row times column", c, want, nn);

    /* mid points at row `half`: rows above it have negative indices. */
#pragma omp target teams distribute parallel for
    for (int j = 0; j < n; j++) {
      const double *mid = b + half * n;
      double s = 0;
      for (int k = -half; k < n - half; k++)
        s += mid[k * n + j] * (k + 1);
      c[j] = s;
    }
#pragma omp target update from(c[0:n])
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += b[k * n + j] * (k - half + 1);
      want[j] = s;
    }
    report("negative indices", c, want, n);

#pragma omp target teams distribute parallel for
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = n - 1; k >= 0; k--)
        s = 2 * s + a[(n - 1 - k) * n + j] - b[k * n + (n - 1 - j)];
      c[j] = s;
    }
#pragma omp target update from(c[0:n])
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = n - 1; k >= 0; k--)
        s = 2 * s + a[(n - 1 - k) * n + j] - b[k * n + (n - 1 - j)];
      want[j] = s;
    }
    report("descending column", c, want, n);

#pragma omp target teams distribute parallel for
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < half; k++)
        s += a[((k << 1) | 1) * n + j];
      c[j] = s;
    }
#pragma omp target update from(c[0:n])
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 1; k < n; k += 2)
        s += a[k * n + j];
      want[j] = s;
    }
    report("odd rows", c, want, n);

#pragma omp target teams distribute parallel for
    for (unsigned j = 0; j < un; j++) {
      double s = 0;
      for (unsigned k = 0; k < un; k++)
        s += b[k * un + j] + a[j * un + k];
      c[j] = s;
    }
#pragma omp target update from(c[0:n])
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += b[k * n + j] + a[j * n + k];
      want[j] = s;
    }
    report("unsigned indices", c, want, n);
  }
  free(a);
  free(b);
  free(c);
  free(want);
  return 0;
}
