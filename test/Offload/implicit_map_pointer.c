// A pointer referenced in a target region without a map clause is mapped as
// a zero-length array section: when its pointee is mapped, the region sees
// the corresponding device address.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[4] = {1, 2, 3, 4};
  int *p = &a[1];
  int on_dev = 0;
#pragma omp target data map(tofrom : a)
  {
#pragma omp target map(from : on_dev)
    {
      p[0] = 20; // p is translated to the device copy of a[1]
      on_dev = !omp_is_initial_device();
    }
  }
  // CHECK: through-pointer 20 on-device 1
  printf("through-pointer %d on-device %d\n", a[1], on_dev);
  void *dp = 0;
  int *q = a;
  on_dev = 0;
#pragma omp target data map(to : a)
  {
#pragma omp target map(from : dp, on_dev)
    {
      dp = q;
      on_dev = !omp_is_initial_device();
    }
    // CHECK: translated 1 on-device 1
    printf("translated %d on-device %d\n",
           dp == omp_get_mapped_ptr(a, omp_get_default_device()), on_dev);
  }
  return 0;
}
