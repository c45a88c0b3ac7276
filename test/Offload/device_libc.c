// The C library calls that device code makes: assert (glibc's
// __assert_fail), memcmp, strlen, strcmp and strncmp, also at -O0 where
// nothing folds them. They failed the GPU's device link ("device code
// calls '__assert_fail' ... which is not available on nvptx64-nvidia-cuda").
// A failing assert stops the program with glibc's message
// (device_assert_fails_gpu.c). Every region checked that it ran on the
// device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -O0 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.O0
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.O0 | FileCheck %s
#include <assert.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char Words[4][8] = {"alpha", "alpine", "beta", "alpha"};
  int Results[8] = {0}, OnDevice = 0;
#pragma omp target map(to : Words) map(from : Results, OnDevice)
  {
    OnDevice = !omp_is_initial_device();
    assert(OnDevice == 1 && "the region runs on the device");
    Results[0] = memcmp(Words[0], Words[3], 6);
    Results[1] = memcmp(Words[0], Words[1], 5) < 0;
    Results[2] = (int)strlen(Words[1]);
    Results[3] = strcmp(Words[0], Words[3]);
    Results[4] = strcmp(Words[1], Words[2]) < 0;
    Results[5] = strcmp(Words[2], Words[0]) > 0;
    Results[6] = strncmp(Words[0], Words[1], 3);
    Results[7] = strncmp(Words[0], Words[1], 4) < 0;
  }
  // CHECK: 0 1 6 0 1 1 0 1 on device 1
  for (int I = 0; I < 8; ++I)
    printf("%d ", Results[I]);
  printf("on device %d\n", OnDevice);
  return 0;
}
