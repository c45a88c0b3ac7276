// target enter data / target exit data: unstructured mapping.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double *create(int n) {
  double *p = malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i)
    p[i] = i;
#pragma omp target enter data map(to : p[0:n])
  return p;
}

static void scale(double *p, int n, double f) {
#pragma omp target
  for (int i = 0; i < n; ++i)
    p[i] *= f;
}

static void destroy(double *p, int n) {
#pragma omp target exit data map(from : p[0:n])
}

int main(void) {
  int n = 10;
  int dev = omp_get_default_device();
  double *p = create(n);
  // CHECK: present 1
  printf("present %d\n", omp_target_is_present(p, dev) != 0);
  scale(p, n, 3.0);
  scale(p, n, 0.5);
  // CHECK: host-before-exit 9.0
  printf("host-before-exit %.1f\n", p[9]);
  destroy(p, n);
  // CHECK: host-after-exit 13.5 present 0
  printf("host-after-exit %.1f present %d\n", p[9],
         omp_target_is_present(p, dev) != 0);
  free(p);
  return 0;
}
