// target enter/exit data and update with nowait and depend: an ordered
// chain of asynchronous data and compute tasks.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#define N 64

int main(void) {
  int a[N];
  int on_dev = 0;
  for (int i = 0; i < N; ++i)
    a[i] = i;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target enter data map(to : a) depend(out : a) nowait
#pragma omp target teams distribute parallel for depend(inout : a) nowait map(from : on_dev)
    for (int i = 0; i < N; ++i) {
      a[i] *= 2;
      if (i == 0)
        on_dev = !omp_is_initial_device();
    }
#pragma omp target update from(a) depend(inout : a) nowait
#pragma omp task depend(inout : a) shared(a)
    a[0] = -100; // after the update, host side only
#pragma omp target exit data map(release : a) depend(in : a) nowait
  }
  long s = 0;
  for (int i = 1; i < N; ++i)
    s += a[i];
  // CHECK: a0 -100 sum 4032 on-device 1
  printf("a0 %d sum %ld on-device %d\n", a[0], s, on_dev);
  return 0;
}
