// if(false) on target: the region runs on the host, in the host data
// environment, so even a `to`-only variable is the original.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int a[2] = {1, 1};
  int b[2] = {1, 1};
  int off = argc > 5; // 0, not a constant
  int on = argc < 5;  // 1
  int on_dev_false = -1, on_dev_true = -1;
#pragma omp target if(off) map(to : a) map(from : on_dev_false)
  {
    a[0] = 9;
    on_dev_false = !omp_is_initial_device();
  }
#pragma omp target if(on) map(to : b) map(from : on_dev_true)
  {
    b[0] = 9;
    on_dev_true = !omp_is_initial_device();
  }
  // CHECK: if-false 9 on-device 0 if-true 1 on-device 1
  printf("if-false %d on-device %d if-true %d on-device %d\n", a[0], on_dev_false,
         b[0], on_dev_true);
  return 0;
}
