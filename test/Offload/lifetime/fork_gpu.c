// REQUIRES: gpu
// fork() after the first offload to a GPU: a CUDA context does not survive
// fork(), so the child's next construct on the GPU is a clear error (exit
// 1, no hang, no crash), and the parent goes on offloading.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
//
// GPU-BUILD: %clang -O1 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-EXIT: 0
#include <omp.h>
#include <stdio.h>

#include "Inputs/offload_sum.h"

int main(void) {
  // GPU-CHECK: parent before fork: 5050
  printf("parent before fork: %d\n", offload(1));
  // GPU-CHECK: libomptarget: error: {{.*}}CUDA cannot be used in a child process that fork() created after the CUDA driver was started{{.*}} at {{.*}}offload_sum.h:8:1
  // GPU-CHECK-NOT: child:
  // GPU-CHECK: child exit status 1
  printf("child exit status %d\n", offload_in_child(2));
  // GPU-CHECK: parent after fork: 15150
  printf("parent after fork: %d\n", offload(3));
  return 0;
}
