// target nowait regions are deferred to tasks that run concurrently: the
// first region waits for a flag that only the second one sets, so they
// only both finish in time when they run at the same time.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int Go = 0;
#pragma omp declare target(Go)

int main(void) {
  int Saw = 0, Initial = 1;
#pragma omp target nowait map(from : Saw, Initial)
  {
    double Start = omp_get_wtime();
    int V = 0;
    while (!V && omp_get_wtime() - Start < 20.0) {
#pragma omp atomic read
      V = Go;
    }
    Saw = V;
    Initial = omp_is_initial_device();
  }
#pragma omp target nowait
  {
#pragma omp atomic write
    Go = 1;
  }
  // The host goes on while both run.
  long HostWork = 0;
  for (int I = 0; I < 1000; ++I)
    HostWork += I;
#pragma omp taskwait
  // CHECK: host 499500 saw 1 on device 1
  printf("host %ld saw %d on device %d\n", HostWork, Saw, !Initial);
  return 0;
}
