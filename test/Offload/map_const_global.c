// Const-qualified globals (read-only storage) referenced in a target region
// are implicitly mapped and readable; the program must not crash trying to
// copy them back into read-only memory.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

static const int lut[4] = {10, 20, 30, 40};
const double coeffs[3] = {0.5, 1.5, 2.5};

int main(void) {
  int r = 0, on_dev = 0;
  double d = 0;
#pragma omp target map(from : r, d, on_dev)
  {
    on_dev = !omp_is_initial_device();
    r = lut[2];
    d = coeffs[1];
  }
  // CHECK: lut 30 coeffs 1.5 on-device 1
  printf("lut %d coeffs %.1f on-device %d\n", r, d, on_dev);
  on_dev = 0;
#pragma omp target map(to : lut) map(from : r, on_dev)
  {
    r = lut[3];
    on_dev = !omp_is_initial_device();
  }
  // CHECK: explicit-to 40 on-device 1
  printf("explicit-to %d on-device %d\n", r, on_dev);
  return 0;
}
