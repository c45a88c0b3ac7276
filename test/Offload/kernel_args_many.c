// Kernels with many arguments and scalars of every size: char, short,
// float, double, 64-bit, _Complex double and a small struct, all implicitly
// firstprivate (values larger than a pointer included).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <complex.h>
#include <omp.h>
#include <stdio.h>

struct Small {
  int a;
  char b;
};
struct Big {
  double v[6];
};

int main(void) {
  char c = 'x';
  short s = -12;
  float f = 1.25f;
  double d = -2.5;
  long long ll = 1LL << 40;
  unsigned u = 4000000000u;
  double _Complex z = 1.0 + 2.0 * I;
  struct Small sm = {7, 'q'};
  struct Big bg = {{1, 2, 3, 4, 5, 6}};
  int a0 = 0, a1 = 1, a2 = 2, a3 = 3, a4 = 4, a5 = 5, a6 = 6, a7 = 7, a8 = 8, a9 = 9;
  int b0 = 10, b1 = 11, b2 = 12, b3 = 13, b4 = 14, b5 = 15, b6 = 16, b7 = 17, b8 = 18, b9 = 19;
  double out[10];
  int on_dev = 0;
#pragma omp target map(from : out, on_dev)
  {
    on_dev = !omp_is_initial_device();
    out[0] = c;
    out[1] = s;
    out[2] = f;
    out[3] = d;
    out[4] = (double)(ll >> 30);
    out[5] = u / 1000000.0;
    out[6] = creal(z) + 10 * cimag(z);
    out[7] = sm.a + (sm.b == 'q');
    out[8] = bg.v[0] + bg.v[5];
    out[9] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + b0 + b1 + b2 + b3 + b4 + b5 +
             b6 + b7 + b8 + b9;
  }
  // CHECK: 120 -12 1.25 -2.5 1024 4000 21 8 7 190 on-device 1
  printf("%g %g %g %g %g %g %g %g %g %g on-device %d\n", out[0], out[1], out[2], out[3],
         out[4], out[5], out[6], out[7], out[8], out[9], on_dev);
  return 0;
}
