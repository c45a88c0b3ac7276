// Two translation units: a function from the other file is called from a
// target region WITHOUT declare target on either side (OpenMP 5.0 implicit
// declare target applies within a translation unit only, so the other file
// marks it with declare target itself: here via begin/end in the input).
// Both files' kernels coexist in one program image.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t.main.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %S/Inputs/multi_tu_kernels.c -o %t.k.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t.main.o %t.k.o -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
double k_scale(double);
#pragma omp end declare target
int k_fill(double *p, int n); // 1 when its region ran on the offload device

static double local_helper(double x) { return x + 0.5; }

int main(void) {
  double a[4];
  int fill_on_dev = k_fill(a, 4);
  int on_dev = 0;
#pragma omp target map(tofrom : a) map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < 4; ++i)
      a[i] = local_helper(k_scale(a[i]));
  }
  // CHECK: 0.5 6.5 12.5 18.5 on-device 1 1
  printf("%.1f %.1f %.1f %.1f on-device %d %d\n", a[0], a[1], a[2], a[3], fill_on_dev,
         on_dev);
  return 0;
}
