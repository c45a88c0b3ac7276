// `requires reverse_offload` (OpenMP 5.0) parses: Clang 19 takes the clause
// only at -fopenmp-version=99, the compiler widens the version for that
// directive alone. The program's regions still run on the device, since none
// can need reverse offload: a target region with device(ancestor: 1) is a
// compile error (Clang 19 nests no target construct in a target region).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -fopenmp -fsyntax-only %s
// RUN: not %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -fsyntax-only -DANCESTOR %s 2>&1 | FileCheck %s --check-prefix=ANCESTOR
#include <omp.h>
#include <stdio.h>

#pragma omp requires unified_address, reverse_offload

int main(void) {
  int OnDevice = 0, X = 1;
#pragma omp target map(tofrom : OnDevice, X)
  {
    OnDevice = !omp_is_initial_device();
    X += 41;
#ifdef ANCESTOR
#pragma omp target device(ancestor : 1) map(tofrom : X)
    X += 1;
#endif
  }
  // CHECK: on-device 1 x 42
  printf("on-device %d x %d\n", OnDevice, X);
  return 0;
}
// ANCESTOR: error: region cannot be nested inside 'target' region
