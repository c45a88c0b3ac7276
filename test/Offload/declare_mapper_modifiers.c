// The map-type modifiers of a declare mapper's own map clauses apply to what
// it maps (OpenMP 5.0; V&V 5.2 test_declare_mapper_present): `always`
// copies back a mapping that stays mapped after the construct, and
// `present` requires the data to be mapped already, naming the mapper's
// item when it is not.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t absent 2>&1 | FileCheck %s --check-prefix=ABSENT
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int n;
  int *d;
} Vec;
#pragma omp declare mapper(Vec v) map(always, present, from : v, v.n, v.d[0 : v.n])

int main(int argc, char **argv) {
  Vec v = {8, calloc(8, sizeof(int))};
  int OnDevice = 0;
  if (argc > 1 && !strcmp(argv[1], "absent")) {
    printf("a region maps v, which is not mapped\n");
    fflush(stdout);
#pragma omp target map(from : OnDevice)
    v.d[0] = 1;
    printf("not reached\n");
    return 0;
  }
#pragma omp target enter data map(to : v.n, v.d[0 : v.n]) map(alloc : v.d)
  // The region's implicit map of v uses the mapper; the enter data keeps
  // the mappings after it, and `always` copies them back all the same.
#pragma omp target map(from : OnDevice)
  {
    for (int i = 0; i < v.n; ++i)
      v.d[i] = 10 * i;
    OnDevice = !omp_is_initial_device();
  }
  printf("on device %d: %d %d %d\n", OnDevice, v.d[1], v.d[4], v.d[7]);
#pragma omp target exit data map(delete : v.n, v.d, v.d[0 : v.n])
  free(v.d);
  return 0;
}
// CHECK: on device 1: 10 40 70

// ABSENT: a region maps v, which is not mapped
// ABSENT-NEXT: libomptarget: error: device 0: 'v' {{.*}}is not present on the device (present modifier) at {{.*}}declare_mapper_modifiers.c:[[#@LINE-22]]
// ABSENT-NOT: not reached
