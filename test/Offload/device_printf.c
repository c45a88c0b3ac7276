// printf inside a target region prints from the device.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int x = 42;
#pragma omp target
  {
    printf("device says %d initial %d\n", x, omp_is_initial_device());
  }
  fflush(stdout);
  // CHECK: device says 42 initial 0
  printf("host done\n");
  // CHECK-NEXT: host done
  return 0;
}
