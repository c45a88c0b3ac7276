// target parallel: the region is really multithreaded on the device.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int nthreads = 0, on_dev = 0;
  int hits[4] = {0, 0, 0, 0};
#pragma omp target parallel num_threads(4) map(tofrom : nthreads, hits, on_dev)
  {
    int t = omp_get_thread_num();
    if (t == 0) {
      nthreads = omp_get_num_threads();
      on_dev = !omp_is_initial_device();
    }
    if (t < 4)
      hits[t] = 1;
  }
  // CHECK: multithreaded 1 on-device 1
  printf("multithreaded %d on-device %d\n", nthreads > 1 && nthreads <= 4, on_dev);
  int total = 0;
  for (int i = 0; i < nthreads && i < 4; ++i)
    total += hits[i];
  // CHECK: every-thread-ran 1
  printf("every-thread-ran %d\n", total == nthreads);
  return 0;
}
