// if(parallel: false) on target parallel gives a team of one thread while
// the target part still runs on the device; if(target: false) runs on the
// host.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int nt = -1, init = -1;
  int off = argc > 5;
#pragma omp target parallel num_threads(2) if(parallel : off) map(from : nt, init)
  {
    nt = omp_get_num_threads();
    init = omp_is_initial_device();
  }
  // CHECK: parallel-false threads 1 initial 0
  printf("parallel-false threads %d initial %d\n", nt, init);
#pragma omp target parallel num_threads(2) if(target : off) map(from : nt, init)
  {
    if (omp_get_thread_num() == 0)
      nt = omp_get_num_threads();
    init = omp_is_initial_device();
  }
  // CHECK: target-false initial 1
  printf("target-false initial %d\n", init);
  return 0;
}
