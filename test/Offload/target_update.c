// target update to/from moves data between host and device copies while
// they stay mapped.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int a[4] = {1, 2, 3, 4};
#pragma omp target data map(to : a)
  {
#pragma omp target
    for (int i = 0; i < 4; ++i)
      a[i] *= 10;
    // CHECK: host 1 4
    printf("host %d %d\n", a[0], a[3]);
#pragma omp target update from(a)
    // CHECK: updated-from 10 40
    printf("updated-from %d %d\n", a[0], a[3]);
    a[0] = 7;
    a[3] = 8;
#pragma omp target update to(a[0:1])
#pragma omp target
    for (int i = 0; i < 4; ++i)
      a[i] += 1;
#pragma omp target update from(a)
    // Only a[0] was sent: a[3] on the device was still 40.
    // CHECK: section-to 8 41
    printf("section-to %d %d\n", a[0], a[3]);
  }
  return 0;
}
