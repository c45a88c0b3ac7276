// The device API called inside a target region reports the device's view:
// not the initial device, device number 0, the initial device number is
// the host's.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int r[3] = {-1, -1, -1};
#pragma omp target map(from : r)
  {
    r[0] = omp_is_initial_device();
    r[1] = omp_get_device_num();
    r[2] = omp_get_initial_device();
  }
  // CHECK: is_initial 0 device_num 0 initial_device 1 host-initial 1
  printf("is_initial %d device_num %d initial_device %d host-initial %d\n", r[0], r[1], r[2],
         omp_get_initial_device());
  return 0;
}
