// A target nowait region does not hold up the thread that meets it: its
// kernel waits for a flag that this thread only sets afterwards, with target
// update, and a synchronous region meanwhile runs too. Had the construct
// waited for its region, the region would give up after 10 s and say so.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int Go = 0;
#pragma omp declare target(Go)

int main(void) {
  int Saw = 0, Waiter = 0, Other = 0;
#pragma omp target nowait map(from : Saw, Waiter)
  {
    double Start = omp_get_wtime();
    int V = 0;
    while (!V && omp_get_wtime() - Start < 10.0) {
#pragma omp atomic read
      V = Go;
    }
    Saw = V;
    Waiter = !omp_is_initial_device();
  }
#pragma omp target map(from : Other)
  Other = !omp_is_initial_device();
  Go = 1;
#pragma omp target update to(Go)
#pragma omp taskwait
  // CHECK: the region saw the flag set after it: 1 (on the device 1 1)
  printf("the region saw the flag set after it: %d (on the device %d %d)\n",
         Saw, Waiter, Other);
  return 0;
}
