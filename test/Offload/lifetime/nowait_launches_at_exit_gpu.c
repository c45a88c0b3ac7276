// REQUIRES: gpu
// A loop of nowait regions hands its launches to the device's launch
// thread. An exit() without a taskwait after it first waits for the
// regions, before the driver shuts down, then ends with the status it was
// given: no hang, no error (it failed 10 of 30 runs on an H200, status 1
// after 10 s, when exit() only waited for the launches handed over).
// RUN: %clang -O1 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
//
// GPU-BUILD: %clang -O1 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-EXIT: 3
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { Regions = 4000, Len = 256 };

static void launchMany(float *rows) {
  for (int r = 0; r < Regions; ++r) {
#pragma omp target teams distribute parallel for nowait
    for (int i = 0; i < Len; ++i)
      rows[r * Len + i] = (float)(r + i);
  }
}

int main(void) {
  float *rows = malloc(sizeof(float) * Regions * Len);
  int on_device = 0;
#pragma omp target map(from : on_device)
  on_device = !omp_is_initial_device();
  // GPU-CHECK: on the device: 1
  printf("on the device: %d\n", on_device);
#pragma omp target enter data map(alloc : rows[0 : Regions * Len])
  launchMany(rows);
  // GPU-CHECK-NEXT: exiting without a taskwait
  // GPU-CHECK-NOT: error
  printf("exiting without a taskwait\n");
  fflush(stdout);
  exit(3);
}
