// Struct members and member sections: mapping s.x maps only that member;
// mapping s.p[0:n] maps the pointee and attaches the device pointer.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

struct S {
  int x;
  int y;
  double arr[4];
  int n;
  int *p;
};

int main(void) {
  struct S s = {1, 2, {0, 1, 2, 3}, 5, 0};
  s.p = malloc(5 * sizeof(int));
  for (int i = 0; i < 5; ++i)
    s.p[i] = i;
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
#pragma omp target map(tofrom : s.x, on_dev)
  {
    s.x = 10;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: member 10 2
  printf("member %d %d\n", s.x, s.y);
#pragma omp target map(tofrom : s.x, s.y, on_dev)
  {
    on_dev += !omp_is_initial_device();
    s.x += 1;
    s.y += 1;
  }
  // CHECK: two-members 11 3
  printf("two-members %d %d\n", s.x, s.y);
#pragma omp target map(tofrom : s.arr[1:2], on_dev)
  {
    on_dev += !omp_is_initial_device();
    s.arr[1] = 10;
    s.arr[2] = 20;
  }
  // CHECK: member-section 0 10 20 3
  printf("member-section %.0f %.0f %.0f %.0f\n", s.arr[0], s.arr[1], s.arr[2], s.arr[3]);
  int *hp = s.p;
#pragma omp target map(to : s) map(tofrom : s.p[0:5], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < s.n; ++i)
      s.p[i] *= 3;
  }
  // CHECK: pointee 0 3 12 ptr-kept 1
  printf("pointee %d %d %d ptr-kept %d\n", s.p[0], s.p[1], s.p[4], s.p == hp);
#pragma omp target map(tofrom : s.p[1:2], on_dev)
  {
    s.p[2] = -1;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: pointee-section -1 12
  printf("pointee-section %d %d\n", s.p[2], s.p[4]);
  struct S *ps = &s;
#pragma omp target map(tofrom : ps->y, ps->p[0:1], on_dev)
  {
    on_dev += !omp_is_initial_device();
    ps->y = 50;
    ps->p[0] = 42;
  }
  // CHECK: arrow 50 42 regions-on-device 6
  printf("arrow %d %d regions-on-device %d\n", s.y, s.p[0], on_dev);
  free(s.p);
  return 0;
}
