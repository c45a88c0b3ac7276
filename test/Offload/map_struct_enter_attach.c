// Unstructured mapping of a struct and then of its pointer member's
// pointee: later target regions use s.p through the attached device pointer;
// the host pointer value is restored on exit.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *p;
} Vec;

int main(void) {
  Vec v;
  v.n = 5;
  v.p = malloc(5 * sizeof(double));
  double *orig = v.p;
  for (int i = 0; i < 5; ++i)
    v.p[i] = i;
#pragma omp target enter data map(to : v)
#pragma omp target enter data map(to : v.p[0:v.n])
  int on_dev = 0;
#pragma omp target map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < v.n; ++i)
      v.p[i] *= 2;
  }
#pragma omp target exit data map(from : v.p[0:v.n])
#pragma omp target exit data map(from : v)
  // CHECK: 0 2 8 ptr-restored 1 on-device 1
  printf("%.0f %.0f %.0f ptr-restored %d on-device %d\n", v.p[0], v.p[1], v.p[4],
         v.p == orig, on_dev);
  // Array of structs, member section of one element.
  Vec arr[2] = {{2, malloc(2 * sizeof(double))}, {3, malloc(3 * sizeof(double))}};
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < arr[k].n; ++i)
      arr[k].p[i] = 0;
  on_dev = 0;
#pragma omp target map(to : arr) map(tofrom : arr[1].p[0:3]) map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < arr[1].n; ++i)
      arr[1].p[i] = 7 + i;
  }
  // CHECK: arr 7 9 on-device 1
  printf("arr %.0f %.0f on-device %d\n", arr[1].p[0], arr[1].p[2], on_dev);
  free(arr[0].p);
  free(arr[1].p);
  free(orig);
  return 0;
}
