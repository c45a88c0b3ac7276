// Collapsed nests whose contiguous dimension is an outer loop's index
// (column-major `a[i + j * ni]` with i the outer loop), which the GPU
// lowering renumbers so that neighbouring threads step that index: every
// element is visited once with its own indices, a lastprivate gets the
// sequentially last iteration's value, and a reduction sums every
// iteration, in two and three dimensions with run-time and constant sizes.
// A loop that splits its index by a divisor of no whole number of rows
// (1000 iterations by 7) visits each element once too.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: collapse(2) column-major: ok
// CHECK-NEXT: collapse(2) column-major lastprivate: 999 332
// CHECK-NEXT: collapse(2) column-major sum: ok
// CHECK-NEXT: collapse(3) column-major: ok
// CHECK-NEXT: collapse(2) constant column-major: ok
// CHECK-NEXT: split by 7: ok
// CHECK-NEXT: on the device: 4 of 4
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int OnDevice;

static void report(const char *What, long Bad) {
  printf("%s: %s\n", What, Bad ? "WRONG" : "ok");
  if (Bad)
    printf("  %ld wrong elements\n", Bad);
}

static void columnMajor2(int Ni, int Nj) {
  int *Out = calloc((size_t)Ni * Nj, sizeof(int));
  int Dev = 0, LastI = -1, LastJ = -1;
  long Sum = 0;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : Out[0:Ni * Nj], Dev) lastprivate(LastI, LastJ) reduction(+ : Sum)
  for (int I = 0; I < Ni; ++I)
    for (int J = 0; J < Nj; ++J) {
      Out[I + J * Ni] += I * 1000 + J + 1;
      LastI = I;
      LastJ = J;
      Sum += I + 2L * J;
      if (I == 0 && J == 0)
        Dev = !omp_is_initial_device();
    }
  long Bad = 0, Expected = 0;
  for (int I = 0; I < Ni; ++I)
    for (int J = 0; J < Nj; ++J) {
      Bad += Out[I + J * Ni] != I * 1000 + J + 1;
      Expected += I + 2L * J;
    }
  OnDevice += Dev;
  report("collapse(2) column-major", Bad);
  printf("collapse(2) column-major lastprivate: %d %d\n", LastI, LastJ);
  printf("collapse(2) column-major sum: %s\n", Sum == Expected ? "ok" : "WRONG");
  free(Out);
}

static void columnMajor3(int Nx, int Ny, int Nz) {
  long Cells = (long)Nx * Ny * Nz;
  long *Out = calloc(Cells, sizeof(long));
  int Dev = 0;
#pragma omp target teams distribute parallel for collapse(3) map(tofrom : Out[0:Cells], Dev)
  for (int I = 0; I < Nx; ++I)
    for (int J = 0; J < Ny; ++J)
      for (int K = 0; K < Nz; ++K) {
        Out[I + (long)Nx * (J + (long)Ny * K)] += I * 1000000L + J * 1000 + K + 1;
        if (I == 0 && J == 0 && K == 0)
          Dev = !omp_is_initial_device();
      }
  long Bad = 0;
  for (int I = 0; I < Nx; ++I)
    for (int J = 0; J < Ny; ++J)
      for (int K = 0; K < Nz; ++K)
        Bad += Out[I + (long)Nx * (J + (long)Ny * K)] != I * 1000000L + J * 1000 + K + 1;
  OnDevice += Dev;
  report("collapse(3) column-major", Bad);
  free(Out);
}

static void constantColumnMajor2(void) {
  enum { Ni = 300, Nj = 77 };
  static float Out[Ni * Nj];
  int Dev = 0;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : Out, Dev)
  for (int I = 1; I < Ni - 1; ++I)
    for (int J = 1; J < Nj - 1; ++J) {
      Out[I + J * Ni] += (float)(I * 100 + J);
      if (I == 1 && J == 1)
        Dev = !omp_is_initial_device();
    }
  long Bad = 0;
  for (int I = 0; I < Ni; ++I)
    for (int J = 0; J < Nj; ++J) {
      int Inside = I > 0 && I < Ni - 1 && J > 0 && J < Nj - 1;
      Bad += Out[I + J * Ni] != (Inside ? (float)(I * 100 + J) : 0.0f);
    }
  OnDevice += Dev;
  report("collapse(2) constant column-major", Bad);
}

static void splitBySeven(void) {
  enum { N = 1000 };
  static int Out[7 * 143];
  int Dev = 0;
#pragma omp target teams distribute parallel for map(tofrom : Out, Dev)
  for (int K = 0; K < N; ++K) {
    int I = K / 7, J = K % 7;
    Out[I + J * 143] += K + 1;
    if (K == 0)
      Dev = !omp_is_initial_device();
  }
  long Bad = 0;
  for (int K = 0; K < 7 * 143; ++K) {
    int I = K / 7, J = K % 7;
    Bad += Out[I + J * 143] != (K < N ? K + 1 : 0);
  }
  OnDevice += Dev;
  report("split by 7", Bad);
}

int main(void) {
  columnMajor2(1000, 333);
  columnMajor3(67, 5, 41);
  constantColumnMajor2();
  splitBySeven();
  printf("on the device: %d of 4\n", OnDevice);
  return 0;
}
