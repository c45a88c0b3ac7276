// Target regions launched from explicit host tasks and a taskloop.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define NB 8

int main(void) {
  int res[NB] = {0};
  // on_dev[b]: 1 when the region of block b ran on the offload device.
  int on_dev[NB] = {0};
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int b = 0; b < NB / 2; ++b) {
#pragma omp task firstprivate(b) shared(res, on_dev)
      {
        int v = 0, on = 0;
#pragma omp target map(from : v, on)
        {
          v = b * 10;
          on = !omp_is_initial_device();
        }
        res[b] = v;
        on_dev[b] = on;
      }
    }
#pragma omp taskloop shared(res, on_dev)
    for (int b = NB / 2; b < NB; ++b) {
      int v = 0, on = 0;
#pragma omp target map(from : v, on)
      {
        v = b * 10;
        on = !omp_is_initial_device();
      }
      res[b] = v;
      on_dev[b] = on;
    }
  }
  int s = 0, regions_on_dev = 0;
  for (int b = 0; b < NB; ++b) {
    s += res[b];
    regions_on_dev += on_dev[b];
  }
  // CHECK: sum 280 regions-on-device 8
  printf("sum %d regions-on-device %d\n", s, regions_on_dev);
  return 0;
}
