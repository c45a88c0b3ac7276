// Reference counts across nested target data regions: the from copy happens
// only when the outermost region ends.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[2] = {1, 1};
  int dev = omp_get_default_device();
  int on_dev = 0;
#pragma omp target data map(tofrom : a)
  {
#pragma omp target data map(tofrom : a)
    {
#pragma omp target map(tofrom : a) map(from : on_dev)
      {
        a[0] = 2;
        on_dev = !omp_is_initial_device();
      }
      // CHECK: innermost 1 on-device 1
      printf("innermost %d on-device %d\n", a[0], on_dev);
    }
    // CHECK: inner-end 1 present 1
    printf("inner-end %d present %d\n", a[0], omp_target_is_present(a, dev));
    on_dev = 0;
#pragma omp target map(from : on_dev)
    {
      a[1] = 3;
      on_dev = !omp_is_initial_device();
    }
    // CHECK: implicit 1 on-device 1
    printf("implicit %d on-device %d\n", a[1], on_dev);
  }
  // CHECK: outer-end 2 3 present 0
  printf("outer-end %d %d present %d\n", a[0], a[1],
         omp_target_is_present(a, dev) != 0);
  return 0;
}
