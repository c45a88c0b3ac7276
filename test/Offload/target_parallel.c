// target parallel: the region is really multithreaded on the device.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int nthreads = 0;
  int hits[4] = {0, 0, 0, 0};
#pragma omp target parallel num_threads(4) map(tofrom : nthreads, hits)
  {
    int t = omp_get_thread_num();
    if (t == 0)
      nthreads = omp_get_num_threads();
    if (t < 4)
      hits[t] = 1;
  }
  // CHECK: multithreaded 1
  printf("multithreaded %d\n", nthreads > 1 && nthreads <= 4);
  int total = 0;
  for (int i = 0; i < nthreads && i < 4; ++i)
    total += hits[i];
  // CHECK: every-thread-ran 1
  printf("every-thread-ran %d\n", total == nthreads);
  return 0;
}
