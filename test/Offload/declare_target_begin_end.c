// begin/end declare target (and the older declare target / end declare
// target) around functions and variables.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
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
#pragma omp target map(from : r)
  {
    r[0] = mul(7);
    r[1] = manhattan(origin);
    scale = 4;
    r[2] = mul(7);
  }
  // CHECK: 21 30 28
  printf("%d %d %d\n", r[0], r[1], r[2]);
  scale = 1000; // host copy only
#pragma omp target map(from : r)
  r[0] = mul(1);
  // CHECK: device-kept 4
  printf("device-kept %d\n", r[0]);
  // CHECK: host-call 7000
  printf("host-call %d\n", mul(7));
  return 0;
}
