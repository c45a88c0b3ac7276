// Reductions of every operator and type, run in a target region and
// checked against the same reductions run sequentially on the host
// (reduction_operators.c, reduction_operators_generic.c). A case is a type
// family's reductions (all its operators in one construct) in one form of
// construct (a MODE macro); each prints "<name>: ok" or what differs.
// Inputs make every result exact in any order: small integers and halves,
// products of a few 2s and -1s, min and max over negative numbers, && and
// || starting from 5 and 0 (the result is 0 or 1), item counts that no team
// or thread count divides.
#include <complex.h>
#include <omp.h>
#include <stdio.h>

#define PRAGMA(...) _Pragma(#__VA_ARGS__)
#define OMP(...) PRAGMA(omp __VA_ARGS__)

enum { N = 1001 };

static int Val[N], Neg[N], Fac[N], AndBits[N], OrBits[N], XorBits[N],
    True[N], Holes[N], Rare[N], Zero[N], Turn[N];

static void initInputs(void) {
  for (int i = 0; i < N; ++i) {
    Val[i] = (i * 37) % 101 - 50;   // -50..50
    Neg[i] = -1 - (i * 13) % 50;    // -50..-1
    Fac[i] = i % 250 == 7 ? 2 : i % 333 == 5 ? -1 : 1;
    AndBits[i] = 0x7f & ~(1 << (i % 5));
    OrBits[i] = 1 << (i % 6);
    XorBits[i] = i & 0x7f;
    True[i] = 1 + i % 3;
    Holes[i] = i == 500 ? 0 : 2;
    Rare[i] = i == N - 2 ? 3 : 0;
    Zero[i] = 0;
    Turn[i] = i % 400 == 3; // factor i for the complex product
  }
}

static int Cases, Wrong, OnDevice;

static void report(const char *Name, const double *Got, const double *Want,
                   int Count, int OnDev) {
  int Ok = 1;
  for (int K = 0; K < Count; ++K)
    Ok &= Got[K] == Want[K];
  printf("%s: %s\n", Name, Ok ? "ok" : "WRONG");
  for (int K = 0; K < Count; ++K)
    if (Got[K] != Want[K])
      printf("  item %d: got %.17g, want %.17g\n", K, Got[K], Want[K]);
  ++Cases;
  Wrong += !Ok;
  OnDevice += OnDev;
}

// The loop every mode runs; iteration 0 records where it ran.
#define ITERATE(FIRST, STEP, ...)                                              \
  for (int i = FIRST; i < N; i += STEP) {                                      \
    if (i == 0)                                                                \
      OnDev = !omp_is_initial_device();                                        \
    __VA_ARGS__                                                                \
  }

// Integer types: + * max min & | ^ && ||.
#define INT_VARS(T)                                                            \
  T s = 3, p = 1, mx = (T)-7, mn = 9, mxn = (T)-100, ba = (T)~0, bo = 0,      \
    bx = 0, la = 5, la0 = 5, lo = 0, lo0 = 0;
#define INT_CLAUSES                                                            \
  reduction(+ : s) reduction(* : p) reduction(max : mx, mxn)                   \
      reduction(min : mn) reduction(& : ba) reduction(| : bo)                  \
          reduction(^ : bx) reduction(&& : la, la0) reduction(|| : lo, lo0)
#define INT_BODY(T)                                                            \
  s += (T)Val[i];                                                              \
  p *= (T)Fac[i];                                                              \
  mx = mx > (T)Val[i] ? mx : (T)Val[i];                                        \
  mxn = mxn > (T)Neg[i] ? mxn : (T)Neg[i];                                     \
  mn = mn < (T)Val[i] ? mn : (T)Val[i];                                        \
  ba &= (T)AndBits[i];                                                         \
  bo |= (T)OrBits[i];                                                          \
  bx ^= (T)XorBits[i];                                                         \
  la = la && True[i];                                                          \
  la0 = la0 && Holes[i];                                                       \
  lo = lo || Rare[i];                                                          \
  lo0 = lo0 || Zero[i];
#define INT_RESULTS {s, p, mx, mxn, mn, ba, bo, bx, la, la0, lo, lo0}

// Floating types: + * max min && ||.
#define FLT_VARS(T)                                                            \
  T s = 0.5, p = 1, mx = -1000, mxn = -1000, mn = 1000, la = 5, la0 = 5,      \
    lo = 0, lo0 = 0;
#define FLT_CLAUSES                                                            \
  reduction(+ : s) reduction(* : p) reduction(max : mx, mxn)                   \
      reduction(min : mn) reduction(&& : la, la0) reduction(|| : lo, lo0)
#define FLT_BODY(T)                                                            \
  s += (T)Val[i] / 2;                                                          \
  p *= (T)Fac[i];                                                              \
  mx = mx > (T)Val[i] / 4 ? mx : (T)Val[i] / 4;                                \
  mxn = mxn > (T)Neg[i] / 2 ? mxn : (T)Neg[i] / 2;                             \
  mn = mn < (T)Val[i] / 4 ? mn : (T)Val[i] / 4;                                \
  la = la && (T)True[i];                                                       \
  la0 = la0 && (T)Holes[i];                                                    \
  lo = lo || (T)Rare[i];                                                       \
  lo0 = lo0 || (T)Zero[i];
#define FLT_RESULTS {s, p, mx, mxn, mn, la, la0, lo, lo0}

// Complex types: + *.
#define CPLX_VARS(T) T cs = 1, cp = 1;
#define CPLX_CLAUSES reduction(+ : cs) reduction(* : cp)
#define CPLX_BODY(T)                                                           \
  cs += (T)Val[i] / 2 + (T)Neg[i] * I;                                         \
  cp *= Turn[i] ? (T)I : (T)Fac[i];
#define CPLX_RESULTS {creal(cs), cimag(cs), creal(cp), cimag(cp)}

static int copyResults(double *To, const double *From, int Count) {
  for (int K = 0; K < Count; ++K)
    To[K] = From[K];
  return Count;
}

// One case: the reductions of a type family (INT, FLT, CPLX) for type T in
// the construct form MODE, then the same sequentially on the host.
#define CASE(NAME, FAMILY, T, MODE)                                            \
  static void NAME(void) {                                                     \
    int OnDev = 0, Count;                                                      \
    double Got[16], Want[16];                                                  \
    {                                                                          \
      FAMILY##_VARS(T)                                                         \
      MODE(FAMILY##_CLAUSES, FAMILY##_BODY(T))                                 \
      double R[] = FAMILY##_RESULTS;                                           \
      Count = copyResults(Got, R, sizeof(R) / sizeof(R[0]));                   \
    }                                                                          \
    {                                                                          \
      FAMILY##_VARS(T)                                                         \
      for (int i = 0; i < N; ++i) {                                            \
        FAMILY##_BODY(T)                                                       \
      }                                                                        \
      double R[] = FAMILY##_RESULTS;                                           \
      copyResults(Want, R, Count);                                             \
    }                                                                          \
    report(#NAME, Got, Want, Count, OnDev);                                    \
  }

// Every type family and type in one construct form.
#define CASES(PREFIX, MODE)                                                    \
  CASE(PREFIX##_int, INT, int, MODE)                                           \
  CASE(PREFIX##_long, INT, long, MODE)                                         \
  CASE(PREFIX##_unsigned, INT, unsigned, MODE)                                 \
  CASE(PREFIX##_short, INT, short, MODE)                                       \
  CASE(PREFIX##_char, INT, signed char, MODE)                                  \
  CASE(PREFIX##_float, FLT, float, MODE)                                       \
  CASE(PREFIX##_double, FLT, double, MODE)                                     \
  CASE(PREFIX##_cfloat, CPLX, float _Complex, MODE)                            \
  CASE(PREFIX##_cdouble, CPLX, double _Complex, MODE)                          \
  static void PREFIX(void) {                                                   \
    PREFIX##_int();                                                            \
    PREFIX##_long();                                                           \
    PREFIX##_unsigned();                                                       \
    PREFIX##_short();                                                          \
    PREFIX##_char();                                                           \
    PREFIX##_float();                                                          \
    PREFIX##_double();                                                         \
    PREFIX##_cfloat();                                                         \
    PREFIX##_cdouble();                                                        \
  }
