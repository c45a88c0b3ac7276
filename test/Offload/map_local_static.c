// Function-local static variables and file-scope statics referenced in a
// target region are mapped like other variables.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

static int file_arr[3] = {1, 2, 3};
// The regions that ran on the offload device.
static int regions_on_dev = 0;

static int bump(void) {
  static int calls[1] = {0};
  static int k = 10;
  int on_dev = 0;
#pragma omp target map(from : on_dev)
  {
    calls[0] += 1;
    file_arr[0] += k;
    on_dev = !omp_is_initial_device();
  }
  regions_on_dev += on_dev;
  return calls[0];
}

int main(void) {
  bump();
  int c = bump();
  // CHECK: calls 2 file_arr 21 regions-on-device 2
  printf("calls %d file_arr %d regions-on-device %d\n", c, file_arr[0], regions_on_dev);
  return 0;
}
