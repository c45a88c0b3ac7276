// Globals (not declare target) referenced in a target region are mapped
// like locals: arrays tofrom, scalars firstprivate.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int garr[4] = {1, 2, 3, 4};
int gscal = 3;
static double sarr[2] = {0.5, 1.5};
struct P { int x, y; } gpt = {1, 2};
// Set to 1 by a region that runs on the offload device (an implicitly
// mapped global array, like garr).
int gon_dev[1];

int main(void) {
#pragma omp target
  {
    for (int i = 0; i < 4; ++i)
      garr[i] += gscal;
    sarr[1] *= 2;
    gpt.y = 20;
    gon_dev[0] = !omp_is_initial_device();
  }
  // CHECK: garr 4 7 sarr 3.0 gpt 20 on-device 1
  printf("garr %d %d sarr %.1f gpt %d on-device %d\n", garr[0], garr[3], sarr[1], gpt.y,
         gon_dev[0]);
  int on_dev = 0;
#pragma omp target map(tofrom : gscal) map(from : on_dev)
  {
    gscal = 99;
    on_dev = !omp_is_initial_device();
  }
  // CHECK: gscal 99 on-device 1
  printf("gscal %d on-device %d\n", gscal, on_dev);
  return 0;
}
