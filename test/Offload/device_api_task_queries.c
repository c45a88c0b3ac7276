// The task queries of the OpenMP API in a target region: on the device
// tasks run at once, so omp_get_max_task_priority is 0 (as the host's
// default), omp_in_final and omp_get_cancellation are false. Each call must
// link into the device code (omp_get_max_task_priority once did not).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int Priority = -1, Final = -1, Cancellation = -1, OnDevice = 0;
#pragma omp target map(from : Priority, Final, Cancellation, OnDevice)
  {
    Priority = omp_get_max_task_priority();
    Final = omp_in_final();
    Cancellation = omp_get_cancellation();
    OnDevice = !omp_is_initial_device();
  }
  printf("on device: %d\n", OnDevice);
  printf("max task priority %d, in final %d, cancellation %d\n", Priority,
         Final, Cancellation);
  return 0;
}
// CHECK: on device: 1
// CHECK-NEXT: max task priority 0, in final 0, cancellation 0
