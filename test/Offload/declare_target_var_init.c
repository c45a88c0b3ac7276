// The device copy of a declare target variable is initialised "in the
// manner specified by the program" (its initialiser), not from whatever the
// host copy holds when the device image is loaded.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int counter = 5;
double table[2] = {1.5, 2.5};
#pragma omp declare target to(counter, table)

#pragma omp begin declare target
static int scale = 3;
int mul(int x) { return x * scale; }
#pragma omp end declare target

int main(void) {
  int seen = 0, m = 0, on_dev = 0;
  double t = 0;
  counter = 100; // host copies only
  table[1] = -9;
  scale = 1000;
#pragma omp target map(from : seen, t, m, on_dev)
  {
    on_dev = !omp_is_initial_device();
    seen = counter;
    t = table[1];
    m = mul(7);
  }
  // CHECK: device-initial 5 2.5 21 on-device 1
  printf("device-initial %d %.1f %d on-device %d\n", seen, t, m, on_dev);
  return 0;
}
