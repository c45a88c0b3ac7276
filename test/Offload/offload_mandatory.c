// OMP_TARGET_OFFLOAD=MANDATORY with a device: regions run on it normally.
// With the device made unavailable (device number out of range) the
// program stops with an error.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=mandatory %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t bad 2>&1 | FileCheck %s --check-prefix=BAD
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int initial = -1;
#pragma omp target map(from : initial)
  initial = omp_is_initial_device();
  // CHECK: initial 0
  // BAD: initial 0
  printf("initial %d\n", initial);
  fflush(stdout);
  if (argc > 1) {
    int dev = 7;
#pragma omp target device(dev) map(from : initial)
    initial = omp_is_initial_device();
    // BAD: libomptarget: error: {{.*}}7{{.*}} at {{.*}}offload_mandatory.c:[[@LINE-2]]
    // BAD-NOT: after
    printf("after %d\n", initial);
  }
  return 0;
}
