// begin/end declare target (and the older declare target / end declare
// target) around functions and variables.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#pragma omp begin declare target
static int scale = 3;
int mul(int x) { return x * scale; }
#pragma omp end declare target

#pragma omp declare target
struct Pt { int x, y; };
struct Pt origin = {10, 20};
int manhattan(struct Pt p) { return p.x + p.y; }
#pragma omp end declare target

int main(void) {
  int r[3];
  int on_dev = 0;
#pragma omp target map(from : r, on_dev)
  {
    on_dev = !omp_is_initial_device();
    r[0] = mul(7);
    r[1] = manhattan(origin);
    scale = 4;
    r[2] = mul(7);
  }
  // CHECK: 21 30 28 on-device 1
  printf("%d %d %d on-device %d\n", r[0], r[1], r[2], on_dev);
  scale = 1000; // host copy only
  on_dev = 0;
#pragma omp target map(from : r, on_dev)
  {
    r[0] = mul(1);
    on_dev = !omp_is_initial_device();
  }
  // CHECK: device-kept 4 on-device 1
  printf("device-kept %d on-device %d\n", r[0], on_dev);
  // CHECK: host-call 7000
  printf("host-call %d\n", mul(7));
  return 0;
}
