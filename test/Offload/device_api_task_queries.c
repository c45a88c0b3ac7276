// The task queries of the OpenMP API in a target region. On the device
// tasks run at once, so omp_get_max_task_priority is 0 (as the host's
// default), omp_in_final and omp_get_cancellation are false, and
// omp_in_explicit_task (OpenMP 5.1) is true in an explicit task, deferred
// or if(false), also a nested one, but not in the implicit tasks of a
// parallel region inside it, nor in the region outside the tasks. Each call
// must link into the device code (omp_get_max_task_priority and
// omp_in_explicit_task once did not).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int Priority = -1, Final = -1, Cancellation = -1, OnDevice = 0;
  int Outside = -1, InTask = -1, InIf0 = -1, Nested = -1, InParallel = -1,
      AfterParallel = -1, After = -1;
#pragma omp target map(from : Priority, Final, Cancellation, OnDevice,       \
                           Outside, InTask, InIf0, Nested, InParallel,       \
                           AfterParallel, After)
  {
    Priority = omp_get_max_task_priority();
    Final = omp_in_final();
    Cancellation = omp_get_cancellation();
    OnDevice = !omp_is_initial_device();
    Outside = omp_in_explicit_task();
#pragma omp task shared(InTask, Nested, InParallel, AfterParallel)
    {
      InTask = omp_in_explicit_task();
#pragma omp task shared(Nested)
      Nested = omp_in_explicit_task();
#pragma omp taskwait
#pragma omp parallel num_threads(2) shared(InParallel)
      if (omp_get_thread_num() == 0)
        InParallel = omp_in_explicit_task();
      AfterParallel = omp_in_explicit_task();
    }
#pragma omp task if (0) shared(InIf0)
    InIf0 = omp_in_explicit_task();
#pragma omp taskwait
    After = omp_in_explicit_task();
  }
  printf("on device: %d\n", OnDevice);
  printf("max task priority %d, in final %d, cancellation %d\n", Priority,
         Final, Cancellation);
  printf("explicit task: outside %d, task %d, nested %d, parallel in it %d, "
         "after that parallel %d, if(0) %d, after %d\n",
         Outside, InTask, Nested, InParallel, AfterParallel, InIf0, After);
  return 0;
}
// CHECK: on device: 1
// CHECK-NEXT: max task priority 0, in final 0, cancellation 0
// CHECK-NEXT: explicit task: outside 0, task 1, nested 1, parallel in it 0, after that parallel 1, if(0) 1, after 0
