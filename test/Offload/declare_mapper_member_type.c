// A struct without a mapper of its own whose member's type has a default
// declare mapper: the struct is mapped, and the member's mapper applies to
// the member (OpenMP 5.x, as Clang adds it); a mapper is only used for items
// of its own type.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *d;
} Inner;
#pragma omp declare mapper(Inner i) map(i, i.d[0:i.n])
typedef struct {
  Inner in;
  int m;
} Outer;

int main(void) {
  Outer o;
  o.m = 3;
  o.in.n = 4;
  o.in.d = malloc(4 * sizeof(double));
  for (int i = 0; i < 4; ++i)
    o.in.d[i] = i;
  int on_dev = 0;
#pragma omp target map(tofrom : o) map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    o.m += 10;
    for (int i = 0; i < o.in.n; ++i)
      o.in.d[i] *= 2;
  }
  // CHECK: m 13 d 0 6 on-device 1
  printf("m %d d %.0f %.0f on-device %d\n", o.m, o.in.d[0], o.in.d[3], on_dev);
  free(o.in.d);
  return 0;
}
