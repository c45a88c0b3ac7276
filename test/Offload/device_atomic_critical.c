// atomic, critical and barrier inside target parallel regions.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int counter = 0, crit = 0, nt = 0, after_barrier_ok = 1, on_dev = 0;
  int arrived[8] = {0};
#pragma omp target parallel num_threads(4) \
    map(tofrom : counter, crit, nt, after_barrier_ok, arrived, on_dev)
  {
    int t = omp_get_thread_num();
#pragma omp single
    {
      nt = omp_get_num_threads();
      on_dev = !omp_is_initial_device();
    }
    for (int i = 0; i < 1000; ++i) {
#pragma omp atomic
      counter += 1;
    }
#pragma omp critical
    crit += t + 1;
    arrived[t] = 1;
#pragma omp barrier
    for (int i = 0; i < nt; ++i)
      if (!arrived[i]) {
#pragma omp atomic write
        after_barrier_ok = 0;
      }
  }
  // CHECK: counter-ok 1 crit-ok 1 barrier-ok 1 on-device 1
  printf("counter-ok %d crit-ok %d barrier-ok %d on-device %d\n", counter == 1000 * nt,
         crit == nt * (nt + 1) / 2, after_barrier_ok, on_dev);
  return 0;
}
