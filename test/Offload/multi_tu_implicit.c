// Two translation units: a function from the other file is called from a
// target region WITHOUT declare target on either side (OpenMP 5.0 implicit
// declare target applies within a translation unit only, so the other file
// marks it with declare target itself: here via begin/end in the input).
// Both files' kernels coexist in one program image.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t.main.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %S/Inputs/multi_tu_kernels.c -o %t.k.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t.main.o %t.k.o -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

#pragma omp declare target
double k_scale(double);
#pragma omp end declare target
void k_fill(double *p, int n);

static double local_helper(double x) { return x + 0.5; }

int main(void) {
  double a[4];
  k_fill(a, 4);
#pragma omp target map(tofrom : a)
  for (int i = 0; i < 4; ++i)
    a[i] = local_helper(k_scale(a[i]));
  // CHECK: 0.5 6.5 12.5 18.5
  printf("%.1f %.1f %.1f %.1f\n", a[0], a[1], a[2], a[3]);
  return 0;
}
