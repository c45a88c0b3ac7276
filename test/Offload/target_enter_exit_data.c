// target enter data / target exit data: unstructured mapping.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
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

// Returns 1 when the region ran on the offload device.
static int scale(double *p, int n, double f) {
  int on_dev = 0;
#pragma omp target map(from : on_dev)
  {
    on_dev = !omp_is_initial_device();
    for (int i = 0; i < n; ++i)
      p[i] *= f;
  }
  return on_dev;
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
  int on_dev = scale(p, n, 3.0) + scale(p, n, 0.5);
  // CHECK: host-before-exit 9.0 regions-on-device 2
  printf("host-before-exit %.1f regions-on-device %d\n", p[9], on_dev);
  destroy(p, n);
  // CHECK: host-after-exit 13.5 present 0
  printf("host-after-exit %.1f present %d\n", p[9],
         omp_target_is_present(p, dev) != 0);
  free(p);
  return 0;
}
