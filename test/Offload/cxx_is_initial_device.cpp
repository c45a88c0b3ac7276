// C++ with <omp.h>: omp_is_initial_device() is 0 inside a target region
// that runs on the device and 1 on the host.
// RUN: %clangxx -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <cstdio>
#include <omp.h>

int main() {
  int in = -1;
#pragma omp target map(from : in)
  in = omp_is_initial_device();
  // CHECK: host 1 target 0
  std::printf("host %d target %d\n", omp_is_initial_device(), in);
  return 0;
}
