// use_device_addr with array sections (OpenMP 5.0): references to the
// section's base variable in the body refer to its device copy; a base
// pointer holds the device address (OpenMP 5.1). Also a section of storage
// an enclosing construct mapped, a section of a 2-D array, and sections that
// start after their variable's first element.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 16

int main(void) {
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
  int arr[N];
  for (int i = 0; i < N; ++i)
    arr[i] = 0;
  int *host_arr = arr;
  int *dev_arr = 0;
#pragma omp target data map(tofrom : arr[0:N]) use_device_addr(arr[0:N])
  {
    int *q = arr;
    dev_arr = q;
#pragma omp target is_device_ptr(q) map(tofrom : on_dev)
    {
      on_dev += !omp_is_initial_device();
      for (int i = 0; i < N; ++i)
        q[i] = i + 1;
    }
  }
  // CHECK: array device-addr 1 1 16
  printf("array device-addr %d %d %d\n", dev_arr != host_arr, arr[0],
         arr[N - 1]);

  // The section is a part of what an enclosing construct mapped.
#pragma omp target data map(tofrom : arr)
  {
#pragma omp target data use_device_addr(arr[:8])
    {
      int *q = &arr[2];
#pragma omp target is_device_ptr(q) map(tofrom : on_dev)
      {
        q[0] = -3;
        on_dev += !omp_is_initial_device();
      }
    }
  }
  // CHECK: enclosing 2 -3 4
  printf("enclosing %d %d %d\n", arr[1], arr[2], arr[3]);

  int m[3][4] = {{0}};
#pragma omp target data map(tofrom : m) use_device_addr(m[0:3][0:4])
  {
    int *q = &m[1][2];
#pragma omp target is_device_ptr(q) map(tofrom : on_dev)
    {
      *q = 12;
      on_dev += !omp_is_initial_device();
    }
  }
  // CHECK: 2d 0 12 0
  printf("2d %d %d %d\n", m[1][1], m[1][2], m[1][3]);

  int *p = malloc(N * sizeof(int));
  int *host_p = p;
  for (int i = 0; i < N; ++i)
    p[i] = i;
  int same = 1;
#pragma omp target data map(tofrom : p[0:N]) use_device_addr(p[0:N])
  {
    int *q = p;
    same = q == host_p;
#pragma omp target is_device_ptr(q) map(tofrom : on_dev)
    {
      on_dev += !omp_is_initial_device();
      for (int i = 0; i < N; ++i)
        q[i] *= 10;
    }
  }
  // CHECK: pointer device-addr 1 10 150 same-ptr 1
  printf("pointer device-addr %d %d %d same-ptr %d\n", !same, p[1], p[N - 1],
         p == host_p);

  // Sections that start after their variable's first element, mapped on
  // their own: the body's variable is the device address of its start.
  int b[N];
  for (int i = 0; i < N; ++i)
    b[i] = 0;
#pragma omp target data map(tofrom : b[4:8]) use_device_addr(b[4:8])
  {
    int *q = &b[4];
#pragma omp target is_device_ptr(q) map(tofrom : on_dev)
    {
      on_dev += !omp_is_initial_device();
      for (int i = 0; i < 8; ++i)
        q[i] = 100 + i;
    }
  }
  // CHECK: offset 0 100 107 0
  printf("offset %d %d %d %d\n", b[3], b[4], b[11], b[12]);
  int lo = 6;
#pragma omp target data map(tofrom : p[lo:4]) use_device_addr(p[lo:4])
  {
    int *q = p + lo;
#pragma omp target is_device_ptr(q) map(tofrom : on_dev)
    {
      on_dev += !omp_is_initial_device();
      for (int i = 0; i < 4; ++i)
        q[i] = -i - 1;
    }
  }
  // CHECK: pointer offset 50 -1 -4 100
  printf("pointer offset %d %d %d %d\n", p[5], p[6], p[9], p[10]);
  // CHECK: regions-on-device 6
  printf("regions-on-device %d\n", on_dev);
  free(p);
  return 0;
}
