// A device_type(nohost) function exists only on the device and can be
// called from a target region (that is what nohost is for); the program
// must link even though no host version exists.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int devOnly(int x) { return x + 1000; }
#pragma omp declare target to(devOnly) device_type(nohost)

int main(void) {
  int r = 0, on_dev = 0;
#pragma omp target map(from : r, on_dev)
  {
    r = devOnly(2);
    on_dev = !omp_is_initial_device();
  }
  // CHECK: r 1002 on-device 1
  printf("r %d on-device %d\n", r, on_dev);
  return 0;
}
