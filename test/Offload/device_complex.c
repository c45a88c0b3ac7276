// Complex multiplication and division in device code (the compiler calls
// __mulsc3/__muldc3/__divsc3/__divdc3), including C's Annex G results for
// infinite operands.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <complex.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>

int main(void) {
  double Out[9];
  int OnDev = 0;
  double complex A = 1.0 + 2.0 * I, B = 3.0 - 1.0 * I;
  float complex Af = 1.0f + 2.0f * I, Bf = 3.0f - 1.0f * I;
#pragma omp target map(from : Out, OnDev) map(to : A, B, Af, Bf)
  {
    OnDev = !omp_is_initial_device();
    double complex P = A * B, Q = A / B;
    float complex Pf = Af * Bf, Qf = Af / Bf;
    volatile double Inf = INFINITY;
    double complex Big = Inf + 0.0 * I;
    double complex Z = Big * A;
    Out[0] = creal(P);
    Out[1] = cimag(P);
    Out[2] = creal(Q);
    Out[3] = cimag(Q);
    Out[4] = crealf(Pf);
    Out[5] = cimagf(Qf);
    Out[6] = isinf(creal(Z)) || isinf(cimag(Z));
    Out[7] = creal(A / (0.0 + 0.0 * I));
    double complex W = A * Big;
    Out[8] = isinf(creal(W)) || isinf(cimag(W));
  }
  // (1+2i)(3-i) = 5+5i; (1+2i)/(3-i) = 0.1+0.7i
  // CHECK: mul 5 5 div 0.1 0.7 float 5 0.7 inf 1 1 divzero inf on-device 1
  printf("mul %g %g div %g %g float %g %g inf %g %g divzero %g on-device %d\n", Out[0],
         Out[1], Out[2], Out[3], Out[4], Out[5], Out[6], Out[8], Out[7], OnDev);
  return 0;
}
