// Reference counts across nested target data regions: the from copy happens
// only when the outermost region ends.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int a[2] = {1, 1};
  int dev = omp_get_default_device();
#pragma omp target data map(tofrom : a)
  {
#pragma omp target data map(tofrom : a)
    {
#pragma omp target map(tofrom : a)
      a[0] = 2;
      // CHECK: innermost 1
      printf("innermost %d\n", a[0]);
    }
    // CHECK: inner-end 1 present 1
    printf("inner-end %d present %d\n", a[0], omp_target_is_present(a, dev));
#pragma omp target
    a[1] = 3;
    // CHECK: implicit 1
    printf("implicit %d\n", a[1]);
  }
  // CHECK: outer-end 2 3 present 0
  printf("outer-end %d %d present %d\n", a[0], a[1],
         omp_target_is_present(a, dev) != 0);
  return 0;
}
