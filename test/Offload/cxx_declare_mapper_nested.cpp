// C++: a declare mapper that lists a member whose type has its own default
// mapper (nested mappers), and a struct without a mapper that holds such a
// member. The mapper lists Outer's members, not `o` itself: with both, Clang
// 19's parser writes outside its OpenMP stack (fixed upstream after 19, see
// docs/UserGuide.md).
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <cstdio>
#include <cstdlib>

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
#pragma omp target map(tofrom : o)
  {
    for (int i = 0; i < o.in.n; ++i)
      o.in.d[i] *= 2;
    for (int i = 0; i < o.m; ++i)
      o.idx[i] += 10;
  }
  // CHECK: nested 8 12
  printf("nested %.0f %d\n", o.in.d[4], o.idx[2]);

  Plain p;
  p.k = 1;
  p.in = o.in;
#pragma omp target map(tofrom : p)
  {
    p.k = 2;
    p.in.d[0] = -1;
  }
  // CHECK: member 2 -1
  printf("member %d %.0f\n", p.k, o.in.d[0]);
  free(o.in.d);
  free(o.idx);
  return 0;
}
