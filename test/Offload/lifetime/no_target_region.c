// A program built with offload targets that never reaches a target construct
// exits cleanly: unregistering its image at exit must not start the plugins
// (it used to crash in __cot_unregister_binary and lose buffered output).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=DISABLED %t | FileCheck %s
#include <stdio.h>

int unused(int *a) {
  int r = 0;
#pragma omp target map(to : a[0:4]) map(from : r)
  r = a[0] + a[3];
  return r;
}

int main(int argc, char **argv) {
  // CHECK: buffered output survives exit
  printf("buffered output survives exit\n");
  if (argc > 5)
    return unused(0);
  return 0;
}
