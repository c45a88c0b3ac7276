// omp_display_env (OpenMP 5.1) called in a target region (V&V 5.1
// test_omp_display_env: the device link once failed). It prints the OpenMP
// version and the ICVs between the spec's BEGIN and END lines: libomp's
// display (on stderr, [host]) on the host device, the device runtime's
// ([device]) on a GPU.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int OnDevice = 0;
#pragma omp target map(from : OnDevice)
  {
    omp_display_env(0);
    OnDevice = !omp_is_initial_device();
  }
  printf("on device: %d\n", OnDevice);
  return 0;
}
// CHECK: OPENMP DISPLAY ENVIRONMENT BEGIN
// CHECK: _OPENMP='{{[0-9]+}}'
// CHECK: OMP_DYNAMIC='FALSE'
// CHECK: OMP_MAX_ACTIVE_LEVELS='{{[0-9]+}}'
// CHECK: OPENMP DISPLAY ENVIRONMENT END
// CHECK: on device: 1
