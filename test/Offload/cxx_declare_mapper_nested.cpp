// C++: a declare mapper that lists a member whose type has its own default
// mapper (nested mappers), and a struct without a mapper that holds such a
// member. The mapper lists Outer's members, not `o` itself: with both, Clang
// 19's parser writes outside its OpenMP stack (fixed upstream after 19, see
// docs/UserGuide.md).
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <cstdlib>
#include <omp.h>

struct Inner {
  int n;
  double *d;
};
#pragma omp declare mapper(Inner i) map(i, i.d[0:i.n])
struct Outer {
  Inner in;
  int *idx;
  int m;
};
#pragma omp declare mapper(Outer o) map(o.in, o.m, o.idx[0:o.m])
struct Plain {
  int k;
  Inner in;
};

int main() {
  Outer o;
  o.in.n = 5;
  o.in.d = (double *)malloc(5 * sizeof(double));
  for (int i = 0; i < 5; ++i)
    o.in.d[i] = i;
  o.m = 3;
  o.idx = (int *)malloc(3 * sizeof(int));
  for (int i = 0; i < 3; ++i)
    o.idx[i] = i;
  int onDev = 0;
#pragma omp target map(tofrom : o) map(from : onDev)
  {
    onDev = !omp_is_initial_device();
    for (int i = 0; i < o.in.n; ++i)
      o.in.d[i] *= 2;
    for (int i = 0; i < o.m; ++i)
      o.idx[i] += 10;
  }
  // CHECK: nested 8 12 on-device 1
  printf("nested %.0f %d on-device %d\n", o.in.d[4], o.idx[2], onDev);

  Plain p;
  p.k = 1;
  p.in = o.in;
  onDev = 0;
#pragma omp target map(tofrom : p) map(from : onDev)
  {
    onDev = !omp_is_initial_device();
    p.k = 2;
    p.in.d[0] = -1;
  }
  // CHECK: member 2 -1 on-device 1
  printf("member %d %.0f on-device %d\n", p.k, o.in.d[0], onDev);
  free(o.in.d);
  free(o.idx);
  return 0;
}
