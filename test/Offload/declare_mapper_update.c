// target update to/from use declare mappers (OpenMP 5.0): the default
// mapper of the item's type, or a named one (to(mapper(id): x)); the
// mapper's items move in the update's direction only, and items the mapper
// maps with alloc do not move.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int len;
  double *buf;
  double *scratch;
} Vec;
#pragma omp declare mapper(Vec v) map(v, v.buf[0:v.len])                     \
    map(alloc : v.scratch[0:v.len])
#pragma omp declare mapper(bufonly : Vec v) map(v.buf[0:v.len])

int main(void) {
  Vec v = {10, malloc(10 * sizeof(double)), malloc(10 * sizeof(double))};
  for (int i = 0; i < 10; ++i) {
    v.buf[i] = i;
    v.scratch[i] = 100 + i;
  }
  // Each region adds 1 when it runs on the offload device.
  int on_dev = 0;
#pragma omp target enter data map(to : v)
#pragma omp target map(tofrom : on_dev)
  {
    on_dev += !omp_is_initial_device();
    for (int i = 0; i < v.len; ++i) {
      v.buf[i] = -1;
      v.scratch[i] = -2;
    }
  }
#pragma omp target update from(v)
  // CHECK: from -1 -1 scratch 103
  printf("from %.0f %.0f scratch %.0f\n", v.buf[0], v.buf[3], v.scratch[3]);

  for (int i = 0; i < 10; ++i)
    v.buf[i] = 42;
#pragma omp target update to(v)
  double got = 0;
#pragma omp target map(from : got) map(tofrom : on_dev)
  {
    got = v.buf[3] + v.buf[9];
    on_dev += !omp_is_initial_device();
  }
  // CHECK: to 84
  printf("to %.0f\n", got);

  v.buf[5] = 7;
#pragma omp target update to(mapper(bufonly) : v)
#pragma omp target map(from : got) map(tofrom : on_dev)
  {
    got = v.buf[5];
    on_dev += !omp_is_initial_device();
  }
  // CHECK: named 7
  printf("named %.0f\n", got);
#pragma omp target map(tofrom : on_dev)
  {
    v.buf[1] = 11;
    on_dev += !omp_is_initial_device();
  }
#pragma omp target update from(mapper(bufonly) : v)
  // CHECK: named-from 11 7
  printf("named-from %.0f %.0f\n", v.buf[1], v.buf[5]);
  // CHECK: regions-on-device 4
  printf("regions-on-device %d\n", on_dev);
#pragma omp target exit data map(delete : v)
  free(v.buf);
  free(v.scratch);
  return 0;
}
