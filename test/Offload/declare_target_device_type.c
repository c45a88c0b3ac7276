// device_type(any) functions run on host and device; device_type(host)
// functions are still callable on the host.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int hostOnly(int x) { return x - 1; }
#pragma omp declare target to(hostOnly) device_type(host)

#pragma omp begin declare target device_type(any)
int anyWhere(int x) { return 2 * x; }
#pragma omp end declare target

int main(void) {
  int r = 0, on_dev = 0;
#pragma omp target map(from : r, on_dev)
  {
    r = anyWhere(21);
    on_dev = !omp_is_initial_device();
  }
  // CHECK: r 42 host 4 6 on-device 1
  printf("r %d host %d %d on-device %d\n", r, hostOnly(5), anyWhere(3), on_dev);
  return 0;
}
