// A large mapping (64 MiB) copies in and out completely.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  long n = 16L * 1024 * 1024;
  int *a = malloc(n * sizeof(int));
  for (long i = 0; i < n; ++i)
    a[i] = (int)(i & 1023);
#pragma omp target teams distribute parallel for map(tofrom : a[0:n])
  for (long i = 0; i < n; ++i)
    a[i] += 1;
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i];
  // CHECK: sum 8598323200
  printf("sum %ld first %d last %d\n", s, a[0], a[n - 1]);
  free(a);
  return 0;
}
