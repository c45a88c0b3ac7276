// A large mapping (64 MiB) copies in and out completely.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  long n = 16L * 1024 * 1024;
  int *a = malloc(n * sizeof(int));
  for (long i = 0; i < n; ++i)
    a[i] = (int)(i & 1023);
  int on_dev = 0;
#pragma omp target teams distribute parallel for map(tofrom : a[0:n]) map(from : on_dev)
  for (long i = 0; i < n; ++i) {
    a[i] += 1;
    if (i == 0)
      on_dev = !omp_is_initial_device();
  }
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i];
  // CHECK: sum 8598323200 first 1 last 1024 on-device 1
  printf("sum %ld first %d last %d on-device %d\n", s, a[0], a[n - 1], on_dev);
  free(a);
  return 0;
}
