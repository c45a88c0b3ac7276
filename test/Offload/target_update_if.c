// target update if(false) does nothing.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int x = 1, on_dev = 0;
#pragma omp target enter data map(to : x)
#pragma omp target map(tofrom : x) map(from : on_dev) // x stays mapped: no copy back here
  {
    x = 2;
    on_dev = !omp_is_initial_device();
  }
  // CHECK: on-device 1
  printf("on-device %d\n", on_dev);
  int no = 0, yes = 1;
#pragma omp target update from(x) if(no)
  // CHECK: if-false 1
  printf("if-false %d\n", x);
#pragma omp target update from(x) if(yes)
  // CHECK: if-true 2
  printf("if-true %d\n", x);
#pragma omp target exit data map(delete : x)
  return 0;
}
