// Map clauses with an iterator modifier (OpenMP 5.1), and sections of the
// pointers in an array of pointers. `map(p[0][0:8], p[1][0:8])` with
// `int *p[4]` stopped the build with an internal error (the kernel took p
// as an argument, but no map entry gave it one): p is now mapped whole,
// as its implicit map would, and each section attaches to its device copy
// of the pointer. `map(iterator(it = 0:4), tofrom: p[it][0:8])` maps the
// item once for each value of a constant range (Debian's clang-19 maps one
// row of it); a range that is not a constant is reported. Every region
// checks that it ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-version=52 -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: not %clang -fopenmp -fopenmp-version=52 -fopenmp-targets=x86_64-pc-linux-gnu -DRUNTIME_RANGE -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ERR
#include <omp.h>
#include <stdio.h>

static int rows(int **P, int Rows) {
  int OnHost = 1;
#pragma omp target map(iterator(It = 0 : 4), tofrom : P[It][0 : 8]) map(from : OnHost)
  {
    OnHost = omp_is_initial_device();
    for (int I = 0; I < Rows; I++)
      for (int J = 0; J < 8; J++)
        P[I][J] += I * 8 + J;
  }
  return OnHost;
}

int main(void) {
  int Buf[4][8] = {{0}}, *P[4], OnHost = 1;
  for (int I = 0; I < 4; I++)
    P[I] = Buf[I];
#pragma omp target map(tofrom : P[0][0 : 8], P[1][0 : 8], P[2][0 : 8], P[3][0 : 8]) map(from : OnHost)
  {
    OnHost = omp_is_initial_device();
    for (int I = 0; I < 4; I++)
      for (int J = 0; J < 8; J++)
        P[I][J] = 1;
  }
  int IterOnHost = rows(P, 4);
  int Bad = 0;
  for (int I = 0; I < 4; I++)
    for (int J = 0; J < 8; J++)
      Bad += Buf[I][J] != I * 8 + J + 1;
  // CHECK: array of pointers: on host 0; iterator: on host 0; wrong 0 of 32
  printf("array of pointers: on host %d; iterator: on host %d; wrong %d of 32\n",
         OnHost, IterOnHost, Bad);
#ifdef RUNTIME_RANGE
  // ERR: map_iterator.c:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}an iterator modifier whose ranges are not constants
#pragma omp target map(iterator(It = 0 : OnHost), tofrom : P[It][0 : 8])
  P[0][0] = 0;
#endif
  return 0;
}
