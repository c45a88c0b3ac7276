// target update with the present motion modifier (OpenMP 5.1): fine when
// mapped, a runtime error when not.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[2] = {1, 2};
  int b[2] = {3, 4};
#pragma omp target enter data map(to : a)
  a[0] = 10;
#pragma omp target update to(present : a)
  int r = 0, on_dev = 0;
#pragma omp target map(from : r, on_dev) map(present, alloc : a)
  {
    r = a[0];
    on_dev = !omp_is_initial_device();
  }
  printf("ok %d on-device %d\n", r, on_dev);
  fflush(stdout);
#pragma omp target update from(present : b)
  printf("not reached\n");
  return 0;
}
// CHECK: ok 10 on-device 1
// CHECK: libomptarget: error: {{.*}}'b'{{.*}}not present{{.*}}target_update_present.c:22
// CHECK-NOT: not reached
