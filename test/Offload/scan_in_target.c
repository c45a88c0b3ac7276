// Inclusive and exclusive scans (`parallel for reduction(inscan, +: x)`
// with `#pragma omp scan`) in a target region. Clang gives each a buffer of
// one element per iteration in the encountering thread, which the region's
// threads fill and read: on the GPU, globalized storage for all of it
// (openmp-device-globalize sized it as one element, and the scan overran
// it) or, for a run-time trip count, device memory
// (openmp-device-dynamic-allocas; the device link crashed on the dynamic
// alloca). Built at -O2: docs/known-issues has the -O0 GPU build's wrong
// result. No -lm: Clang's host code of a scan calls log2 and ceil, and the
// offload link adds libm.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// CHECK: inclusive scan of 20000: ok
// CHECK-NEXT: exclusive scan of 20000: ok
// CHECK-NEXT: inclusive scan of 3001: ok
// CHECK-NEXT: exclusive scan of 3001: ok
// CHECK-NEXT: inclusive scan with a constant trip count of 20000: ok
#include <omp.h>
#include <stdio.h>

enum { ScanLength = 20000 };

static void report(const char *What, int Length, int Bad, int OnDevice) {
  printf("%s of %d: %s\n", What, Length, Bad || !OnDevice ? "FAILED" : "ok");
}

/// Scans of the first \p Length elements (a run-time trip count unless the
/// caller passes the constant).
static void scans(int Length) {
  static long In[ScanLength], Inclusive[ScanLength], Exclusive[ScanLength];
  for (int I = 0; I < Length; I++)
    In[I] = (I * 13) % 101 - 30;
  long Sum = 0, Before = 0;
  int OnDevice = 0;
#pragma omp target map(to : In) map(from : Inclusive, Exclusive) map(tofrom : OnDevice)
  {
    OnDevice = !omp_is_initial_device();
#pragma omp parallel for reduction(inscan, + : Sum)
    for (int I = 0; I < Length; I++) {
      Sum += In[I];
#pragma omp scan inclusive(Sum)
      Inclusive[I] = Sum;
    }
#pragma omp parallel for reduction(inscan, + : Before)
    for (int I = 0; I < Length; I++) {
      Exclusive[I] = Before;
#pragma omp scan exclusive(Before)
      Before += In[I];
    }
  }
  int BadInclusive = 0, BadExclusive = 0;
  long Want = 0;
  for (int I = 0; I < Length; I++) {
    BadExclusive |= Exclusive[I] != Want;
    Want += In[I];
    BadInclusive |= Inclusive[I] != Want;
  }
  report("inclusive scan", Length, BadInclusive, OnDevice);
  report("exclusive scan", Length, BadExclusive, OnDevice);
}

/// An inclusive scan whose trip count is a constant: its buffer is a local
/// array of 20000 elements, past the team-shared variables' budget.
static void constantScan(void) {
  static long In[ScanLength], Inclusive[ScanLength];
  for (int I = 0; I < ScanLength; I++)
    In[I] = (I * 7) % 53 - 20;
  long Sum = 0;
  int OnDevice = 0;
#pragma omp target map(to : In) map(from : Inclusive) map(tofrom : OnDevice)
  {
    OnDevice = !omp_is_initial_device();
#pragma omp parallel for reduction(inscan, + : Sum)
    for (int I = 0; I < ScanLength; I++) {
      Sum += In[I];
#pragma omp scan inclusive(Sum)
      Inclusive[I] = Sum;
    }
  }
  int Bad = 0;
  long Want = 0;
  for (int I = 0; I < ScanLength; I++) {
    Want += In[I];
    Bad |= Inclusive[I] != Want;
  }
  report("inclusive scan with a constant trip count", ScanLength, Bad, OnDevice);
}

int main(int Argc, char **Argv) {
  (void)Argv;
  scans(ScanLength);
  scans(3000 + Argc);
  constantScan();
  return 0;
}
