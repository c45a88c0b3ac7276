// is_device_ptr: a pointer from omp_target_alloc is used as is in the
// region.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int dev = omp_get_default_device();
  int n = 16;
  int *d = omp_target_alloc(n * sizeof(int), dev);
  int on_dev = 0;
#pragma omp target is_device_ptr(d) map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < n; ++i)
      d[i] = i + 100;
  }
  int h[16];
  omp_target_memcpy(h, d, n * sizeof(int), 0, 0, omp_get_initial_device(), dev);
  // CHECK: h 100 115 on-device 1
  printf("h %d %d on-device %d\n", h[0], h[15], on_dev);
  int sum = 0;
  on_dev = 0;
#pragma omp target teams distribute parallel for reduction(+ : sum) is_device_ptr(d) \
    map(from : on_dev)
  for (int i = 0; i < n; ++i) {
    sum += d[i];
    if (i == 0)
      on_dev = !omp_is_initial_device();
  }
  // CHECK: sum 1720 on-device 1
  printf("sum %d on-device %d\n", sum, on_dev);
  omp_target_free(d, dev);
  return 0;
}
