// A declare mapper on an array section with a run-time number of elements
// is reported (the mapper applies per element), not a crash.
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o /dev/null 2>&1 | FileCheck %s

typedef struct {
  int len;
  double *buf;
} Vec;
#pragma omp declare mapper(Vec v) map(v, v.buf[0:v.len])

void f(Vec *p, int n) {
  // CHECK: declare-mapper-array-diag.c:[[@LINE+1]]:{{[0-9]+}}: error: clang-offload does not support a declare mapper on an array (section) whose number of elements is not a constant
#pragma omp target map(tofrom : p[0:n])
  p[0].len = 1;
}
