/* Latency probe (issue 12, items 3 and 4): the time of one construct for
 * small target regions, data constructs and nowait regions, as the
 * runtime's latency work measured them (bench/RESULTS.md). Not part of
 * bench/build.sh:
 *   build/bin/clang -O3 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda \
 *     --offload-arch=sm_90 bench/probes/latency.c -o latency
 *   ./latency [ITERATIONS]      (default 2000)
 * Prints "L <name> <median us> (min .. max)" over 7 repetitions; the CUDA
 * counterparts are in cuda_costs.cu (B0, B8, C0, C4, E0). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static void bench(const char *name, int iters, void (*f)(void)) {
  double t[7];
  for (int r = -1; r < 7; ++r) {
    double s = omp_get_wtime();
    for (int i = 0; i < iters; ++i)
      f();
    if (r >= 0)
      t[r] = (omp_get_wtime() - s) / iters * 1e6;
  }
  qsort(t, 7, sizeof(double), cmp);
  printf("L %-44s %10.3f us  (min %.3f max %.3f)\n", name, t[3], t[0], t[6]);
  fflush(stdout);
}

static int x, y, z, v = 5;
static float *a;
static char *b;
static size_t big = (size_t)128 << 20;
static double *chunks[8];
static size_t n = (size_t)2 << 20;

static void f_empty(void) {
#pragma omp target
  {}
}
static void f_scalar(void) {
#pragma omp target map(tofrom : x)
  x++;
}
static void f_three(void) {
#pragma omp target map(tofrom : x, y, z)
  {
    x++;
    y += 2;
    z += 3;
  }
}
static void f_to_from(void) {
#pragma omp target map(to : v) map(from : x)
  x = v + 1;
}
static void f_small_present(void) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < 1024; ++i)
    a[i] = a[i] * 0.5f + 1.0f;
}
static void f_small_mapped(void) {
#pragma omp target teams distribute parallel for map(tofrom : a[0 : 1024])
  for (int i = 0; i < 1024; ++i)
    a[i] = a[i] * 0.5f + 1.0f;
}
static void f_round_trip(void) {
#pragma omp target enter data map(to : b[0 : big])
#pragma omp target exit data map(from : b[0 : big])
}
static void f_eight_sync(void) {
  for (int c = 0; c < 8; ++c) {
    double *p = chunks[c];
#pragma omp target teams distribute parallel for map(tofrom : p[0 : n])
    for (size_t i = 0; i < n; ++i)
      p[i] = p[i] * 1.0000001 + 1.0;
  }
}
static void f_eight_nowait(void) {
  for (int c = 0; c < 8; ++c) {
    double *p = chunks[c];
#pragma omp target teams distribute parallel for map(tofrom : p[0 : n]) nowait
    for (size_t i = 0; i < n; ++i)
      p[i] = p[i] * 1.0000001 + 1.0;
  }
#pragma omp taskwait
}
static void f_nowait_scalar(void) {
#pragma omp target map(tofrom : x) nowait
  x++;
#pragma omp taskwait
}
static void f_update_from(void) {
#pragma omp target update from(x)
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 2000;
  int ondev = 0;
#pragma omp target map(from : ondev)
  ondev = !omp_is_initial_device();
  printf("on device: %d\n", ondev);
  bench("empty target", N, f_empty);
  x = 0;
  bench("target map(tofrom: int)", N, f_scalar);
  printf("x = %d (expect %d)\n", x, 8 * N);
  x = 0;
  bench("target map(tofrom: 3 ints)", N, f_three);
  printf("x y z = %d %d %d\n", x, y, z);
  bench("target map(to: int) map(from: int)", N, f_to_from);
  a = malloc(1024 * sizeof(float));
  for (int i = 0; i < 1024; ++i)
    a[i] = 0;
#pragma omp target data map(tofrom : a[0 : 1024])
  bench("small kernel 1024 (data present)", N, f_small_present);
  bench("small kernel 1024 map(tofrom: a[0:1024])", N, f_small_mapped);
  printf("a[7] = %g\n", a[7]);
  b = malloc(big);
  memset(b, 3, big);
  bench("enter data to / exit data from 128MB", 1, f_round_trip);
  for (int c = 0; c < 8; ++c) {
    chunks[c] = malloc(n * sizeof(double));
    for (size_t i = 0; i < n; ++i)
      chunks[c][i] = (double)(i % 100);
  }
  bench("8 regions 16MB tofrom + kernel, sync", 1, f_eight_sync);
  bench("8 regions 16MB tofrom + kernel, nowait", 1, f_eight_nowait);
  bench("nowait target map(tofrom:int) + taskwait", N / 4, f_nowait_scalar);
#pragma omp target enter data map(to : x)
  bench("target update from 4 bytes (present)", N, f_update_from);
#pragma omp target exit data map(release : x)
  printf("done\n");
  return 0;
}
