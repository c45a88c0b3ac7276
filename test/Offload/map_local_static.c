// Function-local static variables and file-scope statics referenced in a
// target region are mapped like other variables.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

static int file_arr[3] = {1, 2, 3};

static int bump(void) {
  static int calls[1] = {0};
  static int k = 10;
#pragma omp target
  {
    calls[0] += 1;
    file_arr[0] += k;
  }
  return calls[0];
}

int main(void) {
  bump();
  int c = bump();
  // CHECK: calls 2 file_arr 21
  printf("calls %d file_arr %d\n", c, file_arr[0]);
  return 0;
}
