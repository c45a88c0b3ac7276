// REQUIRES: gpu
// A variable-length array in a target region that the device heap cannot
// hold (a 1 MB heap, 16 MB asked for) stops the program with a device error
// naming its size and a non-zero exit, not a fault at a null pointer or a
// wrong result (openmp-device-dynamic-allocas, __cot_gpu_vla_push).
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_HEAP_SIZE=1048576 not %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
// GPU-BUILD: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_HEAP_SIZE=1048576 %t
// GPU-EXIT: 1
// GPU-CHECK: small: 4950
// GPU-CHECK: omptarget device: a variable-length array of 16777216 bytes does not fit in the device heap (block 0, thread 0; LIBOMPTARGET_HEAP_SIZE sets the heap)
// GPU-CHECK-NOT: large:
#include <stdio.h>

static long sumOfIndices(int N) {
  long Sum = 0;
#pragma omp target map(tofrom : Sum)
  {
    char Bytes[N];
    for (int K = 0; K < N; K++)
      Bytes[K] = 1;
    for (int K = 0; K < N; K++)
      Sum += Bytes[K] * K;
  }
  return Sum;
}

int main(int Argc, char **Argv) {
  (void)Argv;
  printf("small: %ld\n", sumOfIndices(99 + Argc));
  fflush(stdout);
  printf("large: %ld\n", sumOfIndices((1 << 24) - 1 + Argc));
  return 0;
}
