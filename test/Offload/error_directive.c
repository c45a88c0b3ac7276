// The error directive acts when the program runs only with at(execution);
// at(compilation), and no at clause (OpenMP 5.1's default), act when it is
// compiled, also in a target region, and the program says nothing of them
// (Sema/error-directive.c checks the compile).
// RUN: %clang -fopenmp -fopenmp-version=52 -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
#pragma omp error at(compilation) severity(warning) message("at compilation")
#pragma omp error severity(warning) message("by default")
  // CHECK-NOT: at compilation
  // CHECK-NOT: by default
  // CHECK: Encountered user-directed warning: when running
#pragma omp error at(execution) severity(warning) message("when running")
  int OnDevice = 0;
#pragma omp target map(tofrom : OnDevice)
  {
#pragma omp error at(compilation) severity(warning) message("in a target region")
    OnDevice = !omp_is_initial_device();
  }
  // CHECK-NOT: in a target region
  // CHECK: on the offload device: 1
  printf("on the offload device: %d\n", OnDevice);
  return 0;
}
