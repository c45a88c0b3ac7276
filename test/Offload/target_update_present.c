// target update with the present motion modifier (OpenMP 5.1): fine when
// mapped, a runtime error when not.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: not %t 2>&1 | FileCheck %s
#include <stdio.h>

int main(void) {
  int a[2] = {1, 2};
  int b[2] = {3, 4};
#pragma omp target enter data map(to : a)
  a[0] = 10;
#pragma omp target update to(present : a)
  int r = 0;
#pragma omp target map(from : r) map(present, alloc : a)
  r = a[0];
  printf("ok %d\n", r);
  fflush(stdout);
#pragma omp target update from(present : b)
  printf("not reached\n");
  return 0;
}
// CHECK: ok 10
// CHECK: libomptarget: error: {{.*}}'b'{{.*}}not present{{.*}}target_update_present.c:18
// CHECK-NOT: not reached
