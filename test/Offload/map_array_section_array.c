// Array sections of arrays with non-zero lower bounds; the rest of the
// array is not copied back.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[10];
  for (int i = 0; i < 10; ++i)
    a[i] = i;
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
#pragma omp target map(tofrom : a[2:3], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 2; i < 5; ++i)
      a[i] = -a[i];
  }
  // CHECK: 0 1 -2 -3 -4 5 6 7 8 9
  for (int i = 0; i < 10; ++i)
    printf("%d ", a[i]);
  printf("\n");
  // a[5:] runs to the end of the array.
#pragma omp target map(tofrom : a[5:], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 5; i < 10; ++i)
      a[i] += 10;
  }
  // CHECK: 0 1 -2 -3 -4 15 16 17 18 19
  for (int i = 0; i < 10; ++i)
    printf("%d ", a[i]);
  printf("\n");
  // CHECK: regions-on-device 2
  printf("regions-on-device %d\n", on_dev);
  return 0;
}
