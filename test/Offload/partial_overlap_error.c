// Mapping a range that partially overlaps an existing mapping is a fatal
// runtime error naming both ranges, both expressions and the location.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  static int a[16];
  int on_dev = 0;
#pragma omp target map(from : on_dev)
  on_dev = !omp_is_initial_device();
  printf("a=%p on-device %d\n", (void *)a, on_dev);
  fflush(stdout);
#pragma omp target enter data map(to : a[0:8])
#pragma omp target map(tofrom : a[4:8])
  a[4] = 1;
  printf("not reached\n");
  return 0;
}
// CHECK: a=0x[[#%x,A:]] on-device 1
// CHECK: libomptarget: error: {{.*}}'a[4:8]' [0x[[#%x,A+16]],0x[[#%x,A+48]]) partially overlaps existing mapping [0x[[#%x,A]],0x[[#%x,A+32]]) of 'a[0:8]' at {{.*}}partial_overlap_error.c:16
// CHECK-NOT: not reached
