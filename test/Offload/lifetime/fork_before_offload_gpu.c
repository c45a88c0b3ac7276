// REQUIRES: gpu
// GPU devices start when the program starts (src/EarlyStart.cpp), so a
// child forked before the first offload may find the CUDA driver started by
// its parent and then cannot use the GPU (a clear error, exit 1), depending
// on how far the start got. With LIBOMPTARGET_EARLY_START=0 devices start
// on first use, and such a child always offloads. An invalid value is a
// warning and keeps the early start.
// RUN: %clang -O1 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_EARLY_START=0 %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_EARLY_START=2 %t parent-only 2>&1 | FileCheck %s --check-prefix=GPU-WARN
//
// GPU-BUILD: %clang -O1 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY LIBOMPTARGET_EARLY_START=0 %t
// GPU-EXIT: 0
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "Inputs/offload_sum.h"

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "parent-only")) {
    // GPU-WARN: libomptarget: warning: LIBOMPTARGET_EARLY_START='2' is not 0 or 1; using 1
    // GPU-WARN: parent: 5050
    printf("parent: %d\n", offload(1));
    return 0;
  }
  int Status = offload_in_child(2);
  // GPU-CHECK: child: 10100
  // GPU-CHECK-NEXT: child exit 0
  printf("child exit %d\n", Status);
  // GPU-CHECK-NEXT: parent: 5050
  printf("parent: %d\n", offload(1));
  return 0;
}
