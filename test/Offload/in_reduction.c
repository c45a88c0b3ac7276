// target in_reduction (OpenMP 5.0) participates in a taskgroup's
// task_reduction along with host tasks.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int sum = 0;
  int on_dev[5] = {0, 0, 0, 0, 0};
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : sum)
    {
      for (int k = 1; k <= 4; ++k) {
#pragma omp target in_reduction(+ : sum) firstprivate(k) map(from : on_dev[k:1]) nowait
        {
          sum += k * 10;
          on_dev[k] = !omp_is_initial_device();
        }
#pragma omp task in_reduction(+ : sum) firstprivate(k)
        sum += k;
      }
    }
  }
  // CHECK: sum 110 on-device 4
  printf("sum %d on-device %d\n", sum, on_dev[1] + on_dev[2] + on_dev[3] + on_dev[4]);
  return 0;
}
