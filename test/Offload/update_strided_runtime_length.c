// target update of strided array sections whose length is only known at
// run time (V&V 5.0/target_update/test_target_update_mapper_*_discontiguous.c):
// the host moves the elements one at a time, and only those. Such sections
// were rejected ("does not support a strided array section without a
// constant length").
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  size_t len;
  double *data;
} Vec;

typedef struct {
  int key;
  int pad[3];
} Rec;
#pragma omp declare mapper(Rec r) map(r.key)

static int evens(const double *d, size_t n, double even, double odd) {
  int bad = 0;
  for (size_t i = 0; i < n; i++)
    bad += d[i] != (i % 2 ? odd : even) * (double)i;
  return bad;
}

int main(int argc, char **argv) {
  (void)argv;
  size_t n = 2000 + (size_t)argc; // not a constant: 2001
  Vec v = {n, calloc(n, sizeof(double))};
  int onHost = -1;
#pragma omp target data map(to : v) map(tofrom : v.data[0 : v.len])
  {
    for (size_t i = 0; i < v.len; i++)
      v.data[i] = (double)i;
    // Only the even elements reach the device.
#pragma omp target update to(v.data[0 : (v.len + 1) / 2 : 2])
#pragma omp target map(tofrom : onHost)
    {
      for (size_t i = 0; i < v.len; i++)
        v.data[i] += (double)i;
      onHost = omp_is_initial_device();
    }
    // Device: even 3i, odd i. Bring back the odd ones only.
    for (size_t i = 0; i < v.len; i++)
      v.data[i] = -1.0;
#pragma omp target update from(v.data[1 : v.len / 2 : 2])
    for (size_t i = 0; i < v.len; i += 2)
      v.data[i] = 0.0;
    // CHECK: to/from: bad 0 on host 0
    printf("to/from: bad %d on host %d\n", evens(v.data, v.len, 0.0, 1.0),
           onHost);
    for (size_t i = 0; i < v.len; i++)
      v.data[i] = (double)i;
  }

  // A declare mapper applies to each element; if(false) moves nothing.
  int m = 8 + argc; // 9
  Rec r[20];
  for (int i = 0; i < 20; i++)
    r[i] = (Rec){i, {i, i, i}};
#pragma omp target enter data map(to : r)
  for (int i = 0; i < 20; i++)
    r[i] = (Rec){100 + i, {0, 0, 0}};
#pragma omp target update to(r[0 : m : 2]) if (argc > 5)
#pragma omp target update to(r[0 : m : 2])
#pragma omp target exit data map(from : r)
  int keys = 0, pads = 0;
  for (int i = 0; i < 20; i++) {
    keys += r[i].key == (i % 2 == 0 && i < 2 * m ? 100 + i : i);
    pads += r[i].pad[1] == 0; // the mapper moves keys only
  }
  // CHECK: mapper: keys 20 pads 20
  printf("mapper: keys %d pads %d\n", keys, pads);
  free(v.data);
  return 0;
}
