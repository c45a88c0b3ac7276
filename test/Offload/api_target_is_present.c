// omp_target_is_present follows mappings made by compiled constructs,
// including sub-ranges of a mapped section and the initial device.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int dev = omp_get_default_device();
  double a[100];
  // CHECK: unmapped 0
  printf("unmapped %d\n", omp_target_is_present(a, dev) != 0);
#pragma omp target enter data map(alloc : a[10:20])
  // CHECK: section-begin 1 inside 1 before 0 after 0
  printf("section-begin %d inside %d before %d after %d\n",
         omp_target_is_present(&a[10], dev) != 0,
         omp_target_is_present(&a[29], dev) != 0,
         omp_target_is_present(&a[9], dev) != 0,
         omp_target_is_present(&a[30], dev) != 0);
  // The host is always "present" on the initial device.
  // CHECK: initial 1
  printf("initial %d\n", omp_target_is_present(a, omp_get_initial_device()) != 0);
  // A region mapping the section uses the present copy: no copy back.
  int on_dev = 0;
  a[15] = 1;
#pragma omp target map(tofrom : a[10:20]) map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    a[15] = 2;
  }
  // CHECK: region on-device 1 host-copy 1
  printf("region on-device %d host-copy %.0f\n", on_dev, a[15]);
#pragma omp target exit data map(release : a[10:20])
  // CHECK: released 0
  printf("released %d\n", omp_target_is_present(&a[10], dev) != 0);
  return 0;
}
