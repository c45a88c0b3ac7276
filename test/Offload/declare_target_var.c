// declare target to(var): the device has its own copy, statically
// initialised; the region uses it without mapping; host and device copies
// are synchronised only by target update.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int counter = 5;
double table[4] = {1.5, 2.5, 3.5, 4.5};
#pragma omp declare target to(counter, table)

int main(void) {
  int seen = 0, on_dev = 0;
#pragma omp target map(from : seen, on_dev)
  {
    on_dev = !omp_is_initial_device();
    seen = counter;
    counter += 1;
    table[0] = -1;
  }
  // CHECK: device-initial 5 on-device 1
  printf("device-initial %d on-device %d\n", seen, on_dev);
  // CHECK: host 5 1.5
  printf("host %d %.1f\n", counter, table[0]);
#pragma omp target update from(counter, table)
  // CHECK: updated-from 6 -1.0
  printf("updated-from %d %.1f\n", counter, table[0]);
  counter = 50;
#pragma omp target update to(counter)
  on_dev = 0;
#pragma omp target map(from : seen, on_dev)
  {
    seen = counter;
    on_dev = !omp_is_initial_device();
  }
  // CHECK: updated-to 50 on-device 1
  printf("updated-to %d on-device %d\n", seen, on_dev);
  return 0;
}
