// Task reductions inside target regions (OpenMP 5.0): taskgroup
// task_reduction with in_reduction tasks, the task modifier of a parallel
// and of a worksharing reduction, taskloop reduction, nested taskgroups, and
// taskgroups of several threads reducing into one variable.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#define N 100

int main(void) {
  int OnDevice = 0, Group = 0, Modifier = 0, Loop = 0, Nested = 0, Outer = 0;
  int Shared = 0, Worksharing = 0, ModifierThreads = 0, SharedThreads = 0;
  long Product = 1;
#pragma omp target map(tofrom : OnDevice, Group, Modifier, Loop, Nested,     \
                           Outer, Shared, Worksharing, Product,              \
                           ModifierThreads, SharedThreads)
  {
    OnDevice = !omp_is_initial_device();
#pragma omp taskgroup task_reduction(+ : Group) task_reduction(* : Product)
    {
      for (int I = 1; I <= N; ++I) {
#pragma omp task in_reduction(+ : Group) firstprivate(I)
        Group += I;
        if (I <= 10) {
#pragma omp task in_reduction(* : Product) firstprivate(I)
          Product *= I;
        }
      }
    }
#pragma omp parallel num_threads(4) reduction(task, + : Modifier)
    {
#pragma omp task in_reduction(+ : Modifier)
      Modifier += omp_get_thread_num() + 1;
#pragma omp single
      ModifierThreads = omp_get_num_threads();
    }
#pragma omp parallel for num_threads(4) reduction(task, + : Worksharing)
    for (int I = 1; I <= N; ++I) {
#pragma omp task in_reduction(+ : Worksharing) firstprivate(I)
      Worksharing += I;
    }
#pragma omp taskloop reduction(+ : Loop)
    for (int I = 1; I <= N; ++I)
      Loop += I;
#pragma omp taskgroup task_reduction(+ : Outer)
    {
#pragma omp taskgroup task_reduction(+ : Nested)
      {
#pragma omp task in_reduction(+ : Nested, Outer)
        {
          Nested += 5;
          Outer += 7;
        }
      }
#pragma omp task in_reduction(+ : Outer)
      Outer += Nested; // the inner taskgroup has ended: Nested is 5
    }
#pragma omp parallel num_threads(4)
    {
#pragma omp single
      SharedThreads = omp_get_num_threads();
#pragma omp taskgroup task_reduction(+ : Shared)
      {
#pragma omp task in_reduction(+ : Shared)
        Shared += 1;
#pragma omp task in_reduction(+ : Shared)
        Shared += 10;
      }
    }
  }
  // CHECK: on device 1
  printf("on device %d\n", OnDevice);
  // CHECK-NEXT: taskgroup 5050 product 3628800
  printf("taskgroup %d product %ld\n", Group, Product);
  // Each thread of the region adds its number plus one.
  // CHECK-NEXT: modifier ok 1
  printf("modifier ok %d\n",
         Modifier == ModifierThreads * (ModifierThreads + 1) / 2);
  // CHECK-NEXT: worksharing 5050 taskloop 5050
  printf("worksharing %d taskloop %d\n", Worksharing, Loop);
  // CHECK-NEXT: nested 5 outer 12
  printf("nested %d outer %d\n", Nested, Outer);
  // CHECK-NEXT: shared ok 1
  printf("shared ok %d\n", Shared == 11 * SharedThreads);
  return 0;
}
