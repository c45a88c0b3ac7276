// Explicit tasks in device code: an untied task at a task scheduling point
// (taskyield) faulted the GPU kernel: Clang's routine of an untied task
// sets its next part, queues its own task again (__kmpc_omp_task) and
// returns, and the device runtime, which runs tasks at once, ran it inside
// itself and freed it twice. It now goes on with the next part once the
// routine returns. omp_in_final() was always 0 on the GPU; a final task and
// the tasks it generates now see 1 (libomp answers 0 outside a parallel
// region, so the tasks are made by a single construct). Every region checks
// that it ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -O0 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.O0
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.O0 | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int Parent = -1, Child = -1, NotFinal = -1, Outside = -1, OnHost = 1;
  int Sum = 0;
#pragma omp target parallel num_threads(4) map(tofrom : Parent, Child, NotFinal, Outside, OnHost, Sum)
#pragma omp single
  {
    OnHost = omp_is_initial_device();
    Outside = omp_in_final();
#pragma omp task final(1) shared(Parent, Child)
    {
      Parent = omp_in_final();
#pragma omp task shared(Child)
      Child = omp_in_final();
#pragma omp taskwait
    }
#pragma omp task final(0) shared(NotFinal)
    NotFinal = omp_in_final();
    for (int I = 0; I < 16; I++) {
#pragma omp task untied firstprivate(I) shared(Sum)
      for (int K = 0; K < 4; K++) {
#pragma omp taskyield
#pragma omp atomic
        Sum += I;
      }
    }
#pragma omp taskwait
  }
  // CHECK: final 1 1, final(0) 0, outside 0, untied 480, on host 0
  printf("final %d %d, final(0) %d, outside %d, untied %d, on host %d\n",
         Parent, Child, NotFinal, Outside, Sum, OnHost);
  return 0;
}
