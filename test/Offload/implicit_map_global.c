// Globals (not declare target) referenced in a target region are mapped
// like locals: arrays tofrom, scalars firstprivate.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int garr[4] = {1, 2, 3, 4};
int gscal = 3;
static double sarr[2] = {0.5, 1.5};
struct P { int x, y; } gpt = {1, 2};

int main(void) {
#pragma omp target
  {
    for (int i = 0; i < 4; ++i)
      garr[i] += gscal;
    sarr[1] *= 2;
    gpt.y = 20;
  }
  // CHECK: garr 4 7 sarr 3.0 gpt 20
  printf("garr %d %d sarr %.1f gpt %d\n", garr[0], garr[3], sarr[1], gpt.y);
#pragma omp target map(tofrom : gscal)
  gscal = 99;
  // CHECK: gscal 99
  printf("gscal %d\n", gscal);
  return 0;
}
