// malloc/free inside a target region allocate device memory.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  long s = 0;
#pragma omp target map(tofrom : s)
  {
    int *tmp = malloc(100 * sizeof(int));
    for (int i = 0; i < 100; ++i)
      tmp[i] = i;
    for (int i = 0; i < 100; ++i)
      s += tmp[i];
    free(tmp);
  }
  // CHECK: s 4950
  printf("s %ld\n", s);
  return 0;
}
