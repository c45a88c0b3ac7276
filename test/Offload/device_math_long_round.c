// lround, lrint (and their float forms) and scalbln in device code: the GPU
// device link rejected them ("device code calls '__nv_lround' ... not
// available"): libdevice has only llround and llrint, which they now use
// (long is 64 bits on both sides), and scalbln is the device runtime's,
// libdevice's scalbn with the exponent clamped. Checked against the host's
// libm; the region checks that it ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -O0 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.O0 -lm
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.O0 | FileCheck %s
#include <math.h>
#include <omp.h>
#include <stdio.h>

int main(void) {
  double X[4] = {2.5, -2.5, 3.49, 1e15 + 0.5};
  float F[4] = {-3.5f, 0.5f, 7.75f, -1e9f};
  long Round[8], Rint[8];
  double Scaled[2];
  int OnHost = 1;
#pragma omp target map(to : X, F) map(from : Round, Rint, Scaled, OnHost)
  {
    OnHost = omp_is_initial_device();
    for (int I = 0; I < 4; I++) {
      Round[I] = lround(X[I]);
      Rint[I] = lrint(X[I]);
      Round[4 + I] = lroundf(F[I]);
      Rint[4 + I] = lrintf(F[I]);
    }
    Scaled[0] = scalbln(X[0], 3);
    Scaled[1] = scalblnf(F[0], -(1L << 40));
  }
  int Bad = 0;
  for (int I = 0; I < 4; I++)
    Bad += Round[I] != lround(X[I]) || Rint[I] != lrint(X[I]) ||
           Round[4 + I] != lroundf(F[I]) || Rint[4 + I] != lrintf(F[I]);
  Bad += Scaled[0] != scalbln(X[0], 3) ||
         Scaled[1] != scalblnf(F[0], -(1L << 40));
  // CHECK: lround 3 -3, lrintf -4, scalbln 20, wrong 0, on host 0
  printf("lround %ld %ld, lrintf %ld, scalbln %g, wrong %d, on host %d\n",
         Round[0], Round[1], Rint[4], Scaled[0], Bad, OnHost);
  return 0;
}
