// The always modifier forces copies even when the data is already present.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int a[2] = {1, 2};
  int r[2];
#pragma omp target data map(tofrom : a)
  {
    a[0] = 10; // host only: a is present, plain `to` will not copy.
#pragma omp target map(to : a) map(from : r)
    { r[0] = a[0]; }
    // CHECK: plain-to 1
    printf("plain-to %d\n", r[0]);
#pragma omp target map(always, to : a) map(from : r)
    { r[0] = a[0]; }
    // CHECK: always-to 10
    printf("always-to %d\n", r[0]);
#pragma omp target map(tofrom : a)
    { a[1] = 20; }
    // Still present (outer count): no copy back yet.
    // CHECK: plain-from 2
    printf("plain-from %d\n", a[1]);
#pragma omp target map(always, from : a)
    { a[1] = 30; }
    // CHECK: always-from 30
    printf("always-from %d\n", a[1]);
    a[0] = 55;
    a[1] = 66;
  }
  // End of target data copies back the device values (10, 30).
  // CHECK: end 10 30
  printf("end %d %d\n", a[0], a[1]);
  return 0;
}
