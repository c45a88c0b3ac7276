/* 10. Reductions per operator and type, OpenMP offload: one
 * `target teams distribute parallel for reduction(op : x) map(tofrom : x)`
 * kernel per operator (+ * min max & | ^ && ||) and type (int, long,
 * float, double; + on float/double _Complex), each over its own data (see
 * ref.h), the scalar going to the device and back each time as in `dot`.
 * Plus the int sum with explicit num_teams/num_threads and int and double
 * sums in generic form (`target teams` + `distribute` + inner
 * `parallel for reduction`). BENCH_REDUCE_N sets the length. */
#include "ref.h"
#include <complex.h>

#define PRAGMA(text) _Pragma(#text)
#define OMP(text) PRAGMA(omp text)

/* Kernel FN: the host computes x = init, then UPDATE (in terms of x and
 * a[i]) for every i; the device does the same in KERNEL (the target region
 * with its reduction clause, updating x), and every repetition must match
 * the host's result exactly (in the type itself). */
#define REDUCE_FN(FN, NAME, T, UPDATE, KERNEL)                                 \
  static void FN(const T *a, long n, T init, double *t, int reps) {           \
    T want;                                                                    \
    {                                                                          \
      T x = init;                                                              \
      for (long i = 0; i < n; i++)                                             \
        UPDATE;                                                                \
      want = x;                                                                \
    }                                                                          \
    OMP(target data map(to : a[0:n]))                                          \
    for (int r = -1; r < reps; r++) { /* r = -1: warm-up */                    \
      T x = init;                                                              \
      double t0 = bench_now();                                                 \
      KERNEL                                                                   \
      double t1 = bench_now();                                                 \
      if (r >= 0)                                                              \
        t[r] = t1 - t0;                                                        \
      if (x != want) {                                                         \
        const int im = cimag(x) != cimag(want);                                \
        bench_fail(NAME, "openmp",                                             \
                   im ? "imaginary part of the result of repetition"           \
                      : "result of repetition",                                \
                   r, im ? cimag(x) : creal(x),                                \
                   im ? cimag(want) : creal(want));                            \
      }                                                                        \
    }                                                                          \
    bench_report(NAME, "openmp", t, reps, 1.0, (double)sizeof(T) * n,         \
                 "GB/s");                                                      \
  }

/* reduce_OPNAME_TY: the combined construct with reduction(OP : x). */
#define REDUCE_KERNEL(TY, T, OPNAME, OP, UPDATE)                               \
  REDUCE_FN(reduce_##OPNAME##_##TY, "reduce_" #OPNAME "_" #TY, T, UPDATE,     \
            OMP(target teams distribute parallel for reduction(OP : x)         \
                    map(tofrom : x)) for (long i = 0; i < n; i++) UPDATE;)

#define INT_KERNELS(TY, T)                                                     \
  REDUCE_KERNEL(TY, T, add, +, x += a[i])                                      \
  REDUCE_KERNEL(TY, T, mul, *, x *= a[i])                                      \
  REDUCE_KERNEL(TY, T, min, min, x = a[i] < x ? a[i] : x)                      \
  REDUCE_KERNEL(TY, T, max, max, x = a[i] > x ? a[i] : x)                      \
  REDUCE_KERNEL(TY, T, and, &, x &= a[i])                                      \
  REDUCE_KERNEL(TY, T, or, |, x |= a[i])                                       \
  REDUCE_KERNEL(TY, T, xor, ^, x ^= a[i])                                      \
  REDUCE_KERNEL(TY, T, land, &&, x = x && a[i])                                \
  REDUCE_KERNEL(TY, T, lor, ||, x = x || a[i])
#define REAL_KERNELS(TY, T)                                                    \
  REDUCE_KERNEL(TY, T, add, +, x += a[i])                                      \
  REDUCE_KERNEL(TY, T, mul, *, x *= a[i])                                      \
  REDUCE_KERNEL(TY, T, min, min, x = a[i] < x ? a[i] : x)                      \
  REDUCE_KERNEL(TY, T, max, max, x = a[i] > x ? a[i] : x)                      \
  REDUCE_KERNEL(TY, T, land, &&, x = x && a[i])                                \
  REDUCE_KERNEL(TY, T, lor, ||, x = x || a[i])

INT_KERNELS(i32, int)
INT_KERNELS(i64, long)
REAL_KERNELS(f32, float)
REAL_KERNELS(f64, double)
REDUCE_KERNEL(c32, float _Complex, add, +, x += a[i])
REDUCE_KERNEL(c64, double _Complex, add, +, x += a[i])

/* The int sum with the geometry given explicitly. */
REDUCE_FN(reduce_add_i32_explicit, "reduce_add_i32_explicit", int, x += a[i],
          OMP(target teams distribute parallel for reduction(+ : x)
                  map(tofrom : x) num_teams(REDUCE_TEAMS)
                      num_threads(REDUCE_THREADS))
          for (long i = 0; i < n; i++) x += a[i];)

/* Generic form: each team takes chunks of REDUCE_CHUNK iterations, computes
 * a chunk's bounds sequentially and sums it with an inner parallel for. */
#define GENERIC_SUM(TY, T)                                                     \
  REDUCE_FN(reduce_add_##TY##_generic, "reduce_add_" #TY "_generic", T,        \
            x += a[i],                                                         \
            OMP(target teams reduction(+ : x) map(tofrom : x))                 \
            OMP(distribute)                                                    \
            for (long c = 0; c < (n + REDUCE_CHUNK - 1) / REDUCE_CHUNK; c++) { \
              const long lo = c * REDUCE_CHUNK;                                \
              const long hi = lo + REDUCE_CHUNK < n ? lo + REDUCE_CHUNK : n;   \
              OMP(parallel for reduction(+ : x))                               \
              for (long i = lo; i < hi; i++)                                   \
                x += a[i];                                                     \
            })
GENERIC_SUM(i32, int)
GENERIC_SUM(f64, double)

int main(void) {
  bench_require_gpu("reduce");
  const long n = reduce_n();
  const int reps = bench_reps(10);
  int *i32 = bench_malloc(sizeof(int) * n);
  long *i64 = bench_malloc(sizeof(long) * n);
  float *f32 = bench_malloc(sizeof(float) * n);
  double *f64 = bench_malloc(sizeof(double) * n);
  double *re_im = bench_malloc(2 * sizeof(double) * n);
  float _Complex *c32 = bench_malloc(sizeof(float _Complex) * n);
  double _Complex *c64 = (double _Complex *)re_im;
  double *t = bench_malloc(sizeof(double) * reps);
  printf("INFO reduce openmp n=%ld\n", n);

#define RUN_INT(OPNAME, OP)                                                    \
  for (long i = 0; i < n; i++) {                                               \
    i32[i] = (int)reduce_int_elem(OP, i, n, 0);                                \
    i64[i] = (long)reduce_int_elem(OP, i, n, 1);                               \
  }                                                                            \
  reduce_##OPNAME##_i32(i32, n, (int)reduce_int_init(OP, 0), t, reps);         \
  reduce_##OPNAME##_i64(i64, n, (long)reduce_int_init(OP, 1), t, reps);
#define RUN_REAL(OPNAME, OP)                                                   \
  for (long i = 0; i < n; i++) {                                               \
    f32[i] = (float)reduce_real_elem(OP, i, n, 0);                             \
    f64[i] = reduce_real_elem(OP, i, n, 1);                                    \
  }                                                                            \
  reduce_##OPNAME##_f32(f32, n, (float)reduce_real_init(OP), t, reps);         \
  reduce_##OPNAME##_f64(f64, n, reduce_real_init(OP), t, reps);

  RUN_INT(add, R_ADD)
  reduce_add_i32_explicit(i32, n, (int)reduce_int_init(R_ADD, 0), t, reps);
  reduce_add_i32_generic(i32, n, (int)reduce_int_init(R_ADD, 0), t, reps);
  RUN_INT(mul, R_MUL)
  RUN_INT(min, R_MIN)
  RUN_INT(max, R_MAX)
  RUN_INT(and, R_AND)
  RUN_INT(or, R_OR)
  RUN_INT(xor, R_XOR)
  RUN_INT(land, R_LAND)
  RUN_INT(lor, R_LOR)
  RUN_REAL(add, R_ADD)
  reduce_add_f64_generic(f64, n, reduce_real_init(R_ADD), t, reps);
  RUN_REAL(mul, R_MUL)
  RUN_REAL(min, R_MIN)
  RUN_REAL(max, R_MAX)
  RUN_REAL(land, R_LAND)
  RUN_REAL(lor, R_LOR)

  reduce_complex_init(re_im, n, 0);
  for (long i = 0; i < n; i++)
    c32[i] = (float)re_im[2 * i] + (float)re_im[2 * i + 1] * I;
  reduce_add_c32(c32, n, 5.0f - 1.0f * I, t, reps);
  reduce_complex_init(re_im, n, 1);
  reduce_add_c64(c64, n, 5.0 - 1.0 * I, t, reps);
  return 0;
}
