// device(n): device 0 runs on the offload device; device(initial device)
// runs the region on the host.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int d0 = -1, dh = -1, num0 = -1;
#pragma omp target device(0) map(from : d0, num0)
  {
    d0 = omp_is_initial_device();
    num0 = omp_get_device_num();
  }
  int host = omp_get_initial_device();
#pragma omp target device(host) map(from : dh)
  dh = omp_is_initial_device();
  // CHECK: dev0 initial=0 num=0 host-dev initial=1
  printf("dev0 initial=%d num=%d host-dev initial=%d\n", d0, num0, dh);
  return 0;
}
