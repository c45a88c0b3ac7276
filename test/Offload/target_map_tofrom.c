// map(to:), map(from:), map(tofrom:) on a target construct copy in and out
// as the map type says.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int in[4] = {1, 2, 3, 4};
  int out[4] = {0, 0, 0, 0};
  int both[4] = {10, 20, 30, 40};
  int on_dev = 0;
#pragma omp target map(to : in) map(from : out, on_dev) map(tofrom : both)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < 4; ++i) {
      out[i] = in[i] * 2;
      both[i] += in[i];
    }
  }
  // CHECK: on-device 1
  printf("on-device %d\n", on_dev);
  // CHECK: out: 2 4 6 8
  printf("out: %d %d %d %d\n", out[0], out[1], out[2], out[3]);
  // CHECK: both: 11 22 33 44
  printf("both: %d %d %d %d\n", both[0], both[1], both[2], both[3]);
  return 0;
}
