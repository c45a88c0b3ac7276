// A declare-target pointer's pointee mapped with enter data, a target map
// or target data: the device copy of the pointer is attached to the device
// copy of the pointee (the kernels read the device global, not an argument),
// and keeps its host value on the host. Also a struct behind such a pointer.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
double *gp;
typedef struct {
  int a;
  int b;
} Pair;
Pair *gs;
#pragma omp declare target(gp, gs)

int main(void) {
  gp = malloc(N * sizeof(double));
  double *orig = gp;
  for (int i = 0; i < N; ++i)
    gp[i] = i;
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
#pragma omp target enter data map(to : gp[0:N])
#pragma omp target map(tofrom : on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < N; ++i)
      gp[i] *= 2;
  }
#pragma omp target exit data map(from : gp[0:N])
  // CHECK: enter-exit 0 2 126 same-ptr 1
  printf("enter-exit %.0f %.0f %.0f same-ptr %d\n", gp[0], gp[1], gp[N - 1],
         gp == orig);

#pragma omp target map(tofrom : gp[0:N], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < N; ++i)
      gp[i] += 1;
  }
  // CHECK: target-map 1 3 127
  printf("target-map %.0f %.0f %.0f\n", gp[0], gp[1], gp[N - 1]);

  // A section that starts inside the allocation.
#pragma omp target data map(tofrom : gp[8:8])
#pragma omp target map(tofrom : on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 8; i < 16; ++i)
      gp[i] = -gp[i];
  }
  // CHECK: data 15 -17 -31 33
  printf("data %.0f %.0f %.0f %.0f\n", gp[7], gp[8], gp[15], gp[16]);

  Pair p = {1, 2};
  gs = &p;
#pragma omp target map(tofrom : gs->b, on_dev)
  {
    gs->b += 40;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: member 1 42
  printf("member %d %d\n", p.a, p.b);
  // CHECK: regions-on-device 4
  printf("regions-on-device %d\n", on_dev);
  free(orig);
  return 0;
}
