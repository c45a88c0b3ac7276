// is_device_ptr: a pointer from omp_target_alloc is used as is in the
// region.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int dev = omp_get_default_device();
  int n = 16;
  int *d = omp_target_alloc(n * sizeof(int), dev);
#pragma omp target is_device_ptr(d)
  for (int i = 0; i < n; ++i)
    d[i] = i + 100;
  int h[16];
  omp_target_memcpy(h, d, n * sizeof(int), 0, 0, omp_get_initial_device(), dev);
  // CHECK: h 100 115
  printf("h %d %d\n", h[0], h[15]);
  int sum = 0;
#pragma omp target teams distribute parallel for reduction(+ : sum) is_device_ptr(d)
  for (int i = 0; i < n; ++i)
    sum += d[i];
  // CHECK: sum 1720
  printf("sum %d\n", sum);
  omp_target_free(d, dev);
  return 0;
}
