// Members reached through a local pointer with a subscript or `*` instead of
// `->` (pt[0].x, (*pt).x, pt[1].x): Clang passes the pointer by reference,
// so the pointer is mapped and attached to the device copy of the member.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

typedef struct {
  int x;
  double arr[8];
  int y;
} T;

int main(void) {
  T t = {1, {0}, 2};
  T *pt = &t;
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
#pragma omp target map(tofrom : pt[0].x, on_dev)
  {
    pt[0].x = 9;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: subscript 9 same-ptr 1
  printf("subscript %d same-ptr %d\n", t.x, pt == &t);
#pragma omp target map(tofrom : (*pt).y, on_dev)
  {
    (*pt).y += 40;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: deref 42
  printf("deref %d\n", t.y);
#pragma omp target map(tofrom : pt[0].x, pt[0].y, on_dev)
  {
    on_dev += !omp_is_initial_device();
    pt[0].x += 1;
    pt[0].y += 1;
  }
  // CHECK: two 10 43
  printf("two %d %d\n", t.x, t.y);

  // The pointer mapped too: the members are attached to its device copy.
#pragma omp target data map(to : pt) map(tofrom : pt->x, pt[0].y)
#pragma omp target map(tofrom : on_dev)
  {
    on_dev += !omp_is_initial_device();
    pt->x *= 2;
    pt[0].y *= 2;
  }
  // CHECK: with-ptr 20 86
  printf("with-ptr %d %d\n", t.x, t.y);

  T ts[3] = {{1, {0}, 1}, {2, {0}, 2}, {3, {0}, 3}};
  T *q = ts;
#pragma omp target map(tofrom : q[2].y, on_dev)
  {
    q[2].y = 30;
    on_dev += !omp_is_initial_device();
  }
  // CHECK: element 1 2 30
  printf("element %d %d %d\n", ts[0].y, ts[1].y, ts[2].y);
  // CHECK: regions-on-device 5
  printf("regions-on-device %d\n", on_dev);
  return 0;
}
