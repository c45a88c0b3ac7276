// target in_reduction (OpenMP 5.0) participates in a taskgroup's
// task_reduction along with host tasks.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int main(void) {
  int sum = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : sum)
    {
      for (int k = 1; k <= 4; ++k) {
#pragma omp target in_reduction(+ : sum) firstprivate(k) nowait
        sum += k * 10;
#pragma omp task in_reduction(+ : sum) firstprivate(k)
        sum += k;
      }
    }
  }
  // CHECK: sum 110
  printf("sum %d\n", sum);
  return 0;
}
