// target nowait: the region is deferred as a task; taskwait waits for it.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 1000

int main(void) {
  static int a[N], b[N];
  int on_dev_a = 0, on_dev_b = 0;
#pragma omp target nowait map(from : a, on_dev_a)
  {
    on_dev_a = !omp_is_initial_device();
    for (int i = 0; i < N; ++i)
      a[i] = i;
  }
#pragma omp target nowait map(from : b, on_dev_b)
  {
    on_dev_b = !omp_is_initial_device();
    for (int i = 0; i < N; ++i)
      b[i] = 2 * i;
  }
#pragma omp taskwait
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i] + b[i];
  // CHECK: sum 1498500 on-device 1 1
  printf("sum %ld on-device %d %d\n", s, on_dev_a, on_dev_b);
  return 0;
}
