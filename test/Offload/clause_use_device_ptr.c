// use_device_ptr in target data gives the device address of the mapped
// data; it is usable with is_device_ptr and with omp_target_memcpy.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();
  int *p = malloc(8 * sizeof(int));
  for (int i = 0; i < 8; ++i)
    p[i] = i;
  int *hp = p;
  int on_dev = 0;
#pragma omp target data map(tofrom : p[0:8]) use_device_ptr(p)
  {
    // CHECK: differs 1 mapped-ptr 1
    printf("differs %d mapped-ptr %d\n", p != hp, p == omp_get_mapped_ptr(hp, dev));
#pragma omp target is_device_ptr(p) map(from : on_dev)
    {
      on_dev = !omp_is_initial_device();
      for (int i = 0; i < 8; ++i)
        p[i] += 10;
    }
    int v[2] = {-5, -6};
    omp_target_memcpy(p, v, sizeof(v), 0, 0, dev, host);
  }
  // CHECK: host -5 -6 12 17 on-device 1
  printf("host %d %d %d %d on-device %d\n", hp[0], hp[1], hp[2], hp[7], on_dev);
  free(hp);
  return 0;
}
