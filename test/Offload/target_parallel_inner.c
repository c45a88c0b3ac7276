// A parallel region nested inside a target region is multithreaded.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int n = 0, sum = 0;
#pragma omp target map(tofrom : n, sum)
  {
#pragma omp parallel num_threads(4) reduction(+ : sum)
    {
#pragma omp single
      n = omp_get_num_threads();
      sum += 1;
    }
  }
  // CHECK: multithreaded 1 sum-matches 1
  printf("multithreaded %d sum-matches %d\n", n > 1 && n <= 4, sum == n);
  return 0;
}
