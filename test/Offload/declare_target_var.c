// declare target to(var): the device has its own copy, statically
// initialised; the region uses it without mapping; host and device copies
// are synchronised only by target update.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <stdio.h>

int counter = 5;
double table[4] = {1.5, 2.5, 3.5, 4.5};
#pragma omp declare target to(counter, table)

int main(void) {
  int seen = 0;
#pragma omp target map(from : seen)
  {
    seen = counter;
    counter += 1;
    table[0] = -1;
  }
  // CHECK: device-initial 5
  printf("device-initial %d\n", seen);
  // CHECK: host 5 1.5
  printf("host %d %.1f\n", counter, table[0]);
#pragma omp target update from(counter, table)
  // CHECK: updated-from 6 -1.0
  printf("updated-from %d %.1f\n", counter, table[0]);
  counter = 50;
#pragma omp target update to(counter)
#pragma omp target map(from : seen)
  seen = counter;
  // CHECK: updated-to 50
  printf("updated-to %d\n", seen);
  return 0;
}
