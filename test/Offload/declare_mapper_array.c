// A declare mapper applies to each element of a mapped array or array
// section of its type (a constant number of elements): whole arrays,
// sections of arrays and of pointers, in target, enter/exit data and update.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int len;
  double *buf;
} Vec;
#pragma omp declare mapper(Vec v) map(v, v.buf[0:v.len])

static void fill(Vec *a, int n, double x) {
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < a[k].len; ++i)
      a[k].buf[i] = x;
}

int main(void) {
  Vec arr[3];
  for (int k = 0; k < 3; ++k) {
    arr[k].len = 10;
    arr[k].buf = malloc(10 * sizeof(double));
  }
  fill(arr, 3, 0);
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
#pragma omp target map(tofrom : arr[0:3], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int k = 0; k < 3; ++k)
      for (int i = 0; i < arr[k].len; ++i)
        arr[k].buf[i] += k + 10;
  }
  // CHECK: section 10 11 12
  printf("section %.0f %.0f %.0f\n", arr[0].buf[3], arr[1].buf[9], arr[2].buf[0]);

#pragma omp target map(tofrom : arr, on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int k = 0; k < 3; ++k)
      arr[k].buf[1] = -k;
  }
  // CHECK: whole 0 -1 -2
  printf("whole %.0f %.0f %.0f\n", arr[0].buf[1], arr[1].buf[1], arr[2].buf[1]);

  Vec *p = arr;
#pragma omp target map(tofrom : p[1:2], on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int k = 1; k < 3; ++k)
      p[k].buf[2] = 100 + k;
  }
  // CHECK: pointer 10 101 102
  printf("pointer %.0f %.0f %.0f\n", arr[0].buf[2], arr[1].buf[2], arr[2].buf[2]);

#pragma omp target enter data map(to : arr)
#pragma omp target map(tofrom : on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int k = 0; k < 3; ++k)
      arr[k].buf[4] = 7;
  }
#pragma omp target update from(arr[1:2])
  // CHECK: update 10 7 7
  printf("update %.0f %.0f %.0f\n", arr[0].buf[4], arr[1].buf[4], arr[2].buf[4]);
#pragma omp target exit data map(from : arr)
  // CHECK: exit 7
  printf("exit %.0f\n", arr[0].buf[4]);
  // CHECK: regions-on-device 4
  printf("regions-on-device %d\n", on_dev);
  for (int k = 0; k < 3; ++k)
    free(arr[k].buf);
  return 0;
}
