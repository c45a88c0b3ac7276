// REQUIRES: gpu
// -fopenmp-target-debug and -fopenmp-target-jit on the GPU: with the debug
// flag each kernel says, once for its grid, in which form it starts; with
// the JIT flag the image holds PTX only and the CUDA plugin JIT-compiles it
// at load (LIBOMPTARGET_INFO says so). The program checks from inside its
// regions that they ran on the GPU.
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda -fopenmp-target-debug -fopenmp-target-jit %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
//
// GPU-BUILD: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda -fopenmp-target-debug -fopenmp-target-jit %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_INFO=1 %t
// GPU-EXIT: 0
// GPU-CHECK: JIT-compiled the sm_{{[0-9]+}} PTX for sm_{{[0-9]+}}
// GPU-CHECK-DAG: omptarget device: kernel starts in generic form {{.*}}: 1 blocks x {{[0-9]+}} threads
// GPU-CHECK-DAG: omptarget device: kernel starts in SPMD form {{.*}}: {{[0-9]+}} blocks x {{[0-9]+}} threads
// GPU-CHECK-DAG: generic on-device 1 value 7
// GPU-CHECK-DAG: spmd on-device 1 sum 2016
#include <omp.h>
#include <stdio.h>

int main(void) {
  int Value = 0, OnDevice = 0;
#pragma omp target map(tofrom : Value, OnDevice)
  {
    OnDevice = !omp_is_initial_device();
    Value = 7;
  }
  printf("generic on-device %d value %d\n", OnDevice, Value);

  int Sum = 0, SpmdOnDevice = 0;
#pragma omp target teams distribute parallel for reduction(+ : Sum)           \
    map(tofrom : SpmdOnDevice)
  for (int I = 0; I < 64; ++I) {
    Sum += I;
    if (I == 0)
      SpmdOnDevice = !omp_is_initial_device();
  }
  printf("spmd on-device %d sum %d\n", SpmdOnDevice, Sum);
  return !(OnDevice && SpmdOnDevice && Value == 7 && Sum == 2016);
}
