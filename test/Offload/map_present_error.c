// The present modifier on data that is not mapped is a runtime error that
// names the expression and the location.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: not %t 2>&1 | FileCheck %s
#include <stdio.h>

int main(void) {
  int a[4] = {1, 2, 3, 4};
  printf("before\n");
  fflush(stdout);
#pragma omp target map(present, tofrom : a)
  a[0] = 5;
  printf("not reached\n");
  return 0;
}
// CHECK: before
// CHECK: libomptarget: error: {{.*}}'a'{{.*}}not present{{.*}}map_present_error.c:11
// CHECK-NOT: not reached
