// target exit data map(from:) copies back only when the reference count
// drops to zero; with always it copies every time.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int a[2] = {1, 1};
#pragma omp target enter data map(to : a)
#pragma omp target enter data map(to : a)
#pragma omp target map(tofrom : a)
  a[0] = 2;
#pragma omp target exit data map(from : a)
  // CHECK: count1 1
  printf("count1 %d\n", a[0]);
#pragma omp target enter data map(to : a) // count 2 again
#pragma omp target map(tofrom : a)
  a[1] = 3;
#pragma omp target exit data map(always, from : a)
  // CHECK: always 2 3
  printf("always %d %d\n", a[0], a[1]);
  a[0] = 50;
#pragma omp target enter data map(always, to : a) // count 2, forced copy
  int r = 0;
#pragma omp target map(from : r)
  r = a[0];
  // CHECK: always-to 50
  printf("always-to %d\n", r);
#pragma omp target exit data map(release : a)
#pragma omp target exit data map(from : a)
  // CHECK: last 50 3
  printf("last %d %d\n", a[0], a[1]);
  return 0;
}
