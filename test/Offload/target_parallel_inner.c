// A parallel region nested inside a target region is multithreaded.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int n = 0, sum = 0, on_dev = 0;
#pragma omp target map(tofrom : n, sum, on_dev)
  {
#pragma omp parallel num_threads(4) reduction(+ : sum)
    {
#pragma omp single
      {
        n = omp_get_num_threads();
        on_dev = !omp_is_initial_device();
      }
      sum += 1;
    }
  }
  // CHECK: multithreaded 1 sum-matches 1 on-device 1
  printf("multithreaded %d sum-matches %d on-device %d\n", n > 1 && n <= 4, sum == n,
         on_dev);
  return 0;
}
