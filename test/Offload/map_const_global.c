// Const-qualified globals (read-only storage) referenced in a target region
// are implicitly mapped and readable; the program must not crash trying to
// copy them back into read-only memory.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

static const int lut[4] = {10, 20, 30, 40};
const double coeffs[3] = {0.5, 1.5, 2.5};

int main(void) {
  int r = 0;
  double d = 0;
#pragma omp target map(from : r, d)
  {
    r = lut[2];
    d = coeffs[1];
  }
  // CHECK: lut 30 coeffs 1.5
  printf("lut %d coeffs %.1f\n", r, d);
#pragma omp target map(to : lut) map(from : r)
  r = lut[3];
  // CHECK: explicit-to 40
  printf("explicit-to %d\n", r);
  return 0;
}
