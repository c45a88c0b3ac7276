// A `simd` loop with safelen and aligned clauses that sums floats into a
// double, in a target teams distribute region: vectorized, its loads feed a
// vector fpext, which LLVM 19's NVPTX back end made a load PTX does not
// have ("Arguments mismatch for instruction 'ld'": the GPU build failed,
// with Debian's clang-19 too). openmp-device-fpext-vector-loads keeps the
// two apart (Device/passes/fpext-vector-loads.ll).
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: on device 1, row sums ok
#include <omp.h>
#include <stdio.h>

enum { Rows = 64, Cols = 200 };
float Values[Rows * Cols];
double RowSums[Rows];

int main(void) {
  int OnDevice = 0;
  for (int I = 0; I < Rows * Cols; I++)
    Values[I] = (I % 9) * 0.25f;
#pragma omp target teams distribute map(to : Values) map(from : RowSums) map(tofrom : OnDevice)
  for (int R = 0; R < Rows; R++) {
    if (R == 0)
      OnDevice = !omp_is_initial_device();
    double Sum = 0;
#pragma omp simd reduction(+ : Sum) safelen(16) aligned(Values : 16)
    for (int C = 0; C < Cols; C++)
      Sum += Values[R * Cols + C];
    RowSums[R] = Sum;
  }
  int Bad = 0;
  for (int R = 0; R < Rows; R++) {
    double Want = 0;
    for (int C = 0; C < Cols; C++)
      Want += Values[R * Cols + C];
    Bad |= RowSums[R] != Want;
  }
  printf("on device %d, row sums %s\n", OnDevice, Bad ? "WRONG" : "ok");
  return Bad;
}
