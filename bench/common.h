/* Shared by the OpenMP (.c, built with bin/clang -fopenmp) and CUDA (.cu,
 * built with nvcc) benchmarks: timer, repetition count, median, the report
 * line, and the check that OpenMP really offloads to a GPU.
 *
 * Every program prints, per kernel, one line
 *   BENCH <name> <impl> <seconds> <rate> <unit>
 * impl is openmp or cuda; seconds is the median over the timed repetitions
 * (of one kernel, or one transfer; of one launch or one iteration where the
 * unit is us/...); rate is GB/s or GFLOP/s computed from that median (or the
 * same time in microseconds for the latency benchmarks); unit names it.
 * An "INFO" line gives min/median/max and the repetition count.
 * A failed verification prints "FAIL <name> <impl>: ..." and exits 1. */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef _OPENMP
#include <omp.h>
/* OpenMP programs time with omp_get_wtime (a wall clock). */
static double bench_now(void) { return omp_get_wtime(); }
#else
/* CUDA programs use the same kind of wall clock, read after
 * cudaDeviceSynchronize, so both sides include the launch cost. */
static double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
#endif

/* Timed repetitions: the default, or BENCH_REPS from the environment. */
static int bench_reps(int def) {
  const char *s = getenv("BENCH_REPS");
  if (s && *s) {
    int r = atoi(s);
    if (r > 0)
      return r;
  }
  return def;
}

/* An integer parameter from the environment (BENCH_<NAME>), else def. */
static long bench_param(const char *var, long def) {
  const char *s = getenv(var);
  if (s && *s) {
    long v = atol(s);
    if (v > 0)
      return v;
  }
  return def;
}

/* A size parameter BENCH_<NAME> (else def) that must lie in [lo, hi]:
 * outside it the program says so and exits 1. */
static long bench_size(const char *var, long def, long lo, long hi) {
  const long v = bench_param(var, def);
  if (v < lo || v > hi) {
    printf("FAIL %s=%ld: must be between %ld and %ld\n", var, v, lo, hi);
    fflush(stdout);
    exit(1);
  }
  return v;
}

static int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Sorts t[0..n) in place and returns the median. */
static double bench_median(double *t, int n) {
  qsort(t, (size_t)n, sizeof(double), bench_cmp_double);
  return (n % 2) ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

static void *bench_malloc(size_t bytes) {
  void *p = malloc(bytes);
  if (!p) {
    fprintf(stderr, "bench: cannot allocate %zu bytes\n", bytes);
    exit(1);
  }
  return p;
}

/* Reports one kernel. t[0..n) are the timed repetitions in seconds, scale
 * turns a repetition's time into the reported time (1 or 1/count), work is
 * bytes (unit GB/s) or flops (GFLOP/s) per reported time; for units that
 * start with "us/" the rate is the reported time in microseconds. */
static void bench_report(const char *name, const char *impl, double *t, int n,
                         double scale, double work, const char *unit) {
  double med = bench_median(t, n) * scale;
  double lo = t[0] * scale, hi = t[n - 1] * scale;
  double rate = strncmp(unit, "us/", 3) == 0 ? med * 1e6 : work / med / 1e9;
  printf("INFO %s %s reps=%d min=%.6g median=%.6g max=%.6g s\n", name, impl, n,
         lo, med, hi);
  printf("BENCH %s %s %.6e %.4f %s\n", name, impl, med, rate, unit);
  fflush(stdout);
}

static void bench_fail(const char *name, const char *impl, const char *what,
                       long where, double got, double want) {
  printf("FAIL %s %s: %s at %ld: got %.17g, expected %.17g\n", name, impl, what,
         where, got, want);
  fflush(stdout);
  exit(1);
}

/* |got - want| <= tol * max(1, |want|) */
static int bench_close(double got, double want, double tol) {
  double d = got > want ? got - want : want - got;
  double m = want < 0 ? -want : want;
  return d <= tol * (m > 1.0 ? m : 1.0);
}

#ifdef _OPENMP
/* Runs one target region (which also starts the runtime and loads the
 * image, outside any timing) and checks that it ran on an NVPTX device:
 * without the cuda plugin libomptarget falls back to the x86_64 device and
 * the numbers would mean nothing. BENCH_ALLOW_HOST=1 runs anyway. */
static void bench_require_gpu(const char *name) {
  int gpu = 0;
#pragma omp target map(tofrom : gpu)
  {
    gpu = 0; /* the region uses gpu on every device, not only under #ifdef */
#ifdef __NVPTX__
    gpu = 1;
#endif
  }
  if (!gpu) {
    int allow = getenv("BENCH_ALLOW_HOST") != NULL;
    printf("%s %s openmp: target regions do not run on an NVPTX device "
           "(omp_get_num_devices()=%d; LIBOMPTARGET_INFO=1 says why)\n",
           allow ? "WARN" : "FAIL", name, omp_get_num_devices());
    fflush(stdout);
    if (!allow)
      exit(2);
  }
}
#endif

#endif
