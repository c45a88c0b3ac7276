// A pointer referenced in a target region without a map clause is mapped as
// a zero-length array section: when its pointee is mapped, the region sees
// the corresponding device address.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[4] = {1, 2, 3, 4};
  int *p = &a[1];
#pragma omp target data map(tofrom : a)
  {
#pragma omp target
    p[0] = 20; // p is translated to the device copy of a[1]
  }
  // CHECK: through-pointer 20
  printf("through-pointer %d\n", a[1]);
  void *dp = 0;
  int *q = a;
#pragma omp target data map(to : a)
  {
#pragma omp target map(from : dp)
    dp = q;
    // CHECK: translated 1
    printf("translated %d\n", dp == omp_get_mapped_ptr(a, omp_get_default_device()));
  }
  return 0;
}
