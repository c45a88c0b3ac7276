// target update if(false) does nothing.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int x = 1;
#pragma omp target enter data map(to : x)
#pragma omp target map(tofrom : x) // x stays mapped: no copy back here
  x = 2;
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
