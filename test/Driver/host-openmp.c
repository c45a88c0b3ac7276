// A host -fopenmp program: parallel region with libomp, and a reduction.
// RUN: %clang -fopenmp %s -o %t && env OMP_NUM_THREADS=4 %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int Threads = 0;
  long Sum = 0;
#pragma omp parallel
  {
#pragma omp single
    Threads = omp_get_num_threads();
  }
#pragma omp parallel for reduction(+ : Sum)
  for (int I = 1; I <= 1000; ++I)
    Sum += I;
  // CHECK: threads=4 sum=500500
  printf("threads=%d sum=%ld\n", Threads, Sum);
  return 0;
}
