// REQUIRES: gpu
// A failing assert in a target region stops the program on the GPU: glibc's
// __assert_fail, which device code calls, prints the assertion through
// CUDA's __assertfail and stops the kernel, and the runtime reports the
// kernel's failure and exits non-zero (on the host device glibc aborts).
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY not %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-EXIT: 1
// GPU-CHECK: device_assert_fails_gpu.c:{{[0-9]+}}: {{.*}}Assertion {{.}}Values[I] < 3{{.}} failed
// GPU-CHECK: libomptarget: error: {{.*}}device_assert_fails_gpu.c
#include <assert.h>
#include <stdio.h>

int main(void) {
  int Values[64];
  for (int I = 0; I < 64; ++I)
    Values[I] = I % 5;
#pragma omp target teams distribute parallel for map(to : Values)
  for (int I = 0; I < 64; ++I)
    assert(Values[I] < 3);
  printf("not reached\n");
  return 0;
}
