// libm functions called in target regions.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <math.h>
#include <omp.h>
#include <stdio.h>

int main(void) {
  double r[6];
  float f = 2.0f;
  int on_dev = 0;
#pragma omp target map(from : r, on_dev)
  {
    on_dev = !omp_is_initial_device();
    r[0] = sqrt(2.0);
    r[1] = sin(0.5) * sin(0.5) + cos(0.5) * cos(0.5);
    r[2] = exp(log(10.0));
    r[3] = pow(2.0, 10.0);
    r[4] = sqrtf(f);
    r[5] = fabs(-3.25) + floor(2.7) + fmax(1.0, 4.0);
  }
  // CHECK: 1.414214 1.000000 10.000000 1024.000000 1.414214 9.250000 on-device 1
  printf("%f %f %f %f %f %f on-device %d\n", r[0], r[1], r[2], r[3], r[4], r[5], on_dev);
  return 0;
}
