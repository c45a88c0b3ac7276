// The present modifier on data that is not mapped is a runtime error that
// names the expression and the location.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[4] = {1, 2, 3, 4};
  int on_dev = 0;
#pragma omp target map(from : on_dev)
  on_dev = !omp_is_initial_device();
  printf("before on-device %d\n", on_dev);
  fflush(stdout);
#pragma omp target map(present, tofrom : a)
  a[0] = 5;
  printf("not reached\n");
  return 0;
}
// CHECK: before on-device 1
// CHECK: libomptarget: error: {{.*}}'a'{{.*}}not present{{.*}}map_present_error.c:15
// CHECK-NOT: not reached
