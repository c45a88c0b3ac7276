// target update of data that is not mapped is a no-op (no error, no copy,
// no mapping): a region that maps the data afterwards gets the host values.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[2] = {1, 2};
#pragma omp target update from(a)
#pragma omp target update to(a)
  // CHECK: a 1 2 present 0
  printf("a %d %d present %d\n", a[0], a[1],
         omp_target_is_present(a, omp_get_default_device()) != 0);
  int seen = 0, on_dev = 0;
#pragma omp target map(to : a) map(from : seen, on_dev)
  {
    seen = a[0] + a[1];
    a[0] = -1; // the device copy only
    on_dev = !omp_is_initial_device();
  }
  // CHECK: seen 3 host 1 on-device 1
  printf("seen %d host %d on-device %d\n", seen, a[0], on_dev);
  return 0;
}
