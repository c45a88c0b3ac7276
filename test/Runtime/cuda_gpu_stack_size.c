// REQUIRES: gpu, ptxas
// LIBOMPTARGET_STACK_SIZE that is not a size: the device cannot start, and
// the error names the variable and its range. (The default, 4 KiB, is
// checked by cuda_gpu_basic.c; task_reduction_device.c without -O needs it.)
// RUN: sh %S/Inputs/cuda_build_image.sh %host-clang %ptxas %t.nv
// RUN: %build-host %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// RUN: env LIBOMPTARGET_STACK_SIZE=lots not %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
//
// GPU-BUILD: sh %S/Inputs/cuda_build_image.sh %host-clang %ptxas %t.nv
// GPU-BUILD: %build-host %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// GPU-RUN: env LIBOMPTARGET_STACK_SIZE=lots %t
// GPU-EXIT: 1
#include "Inputs/cuda_gpu.h"

int main(void) {
  void *P = omp_target_alloc(64, omp_get_default_device());
  printf("omp_target_alloc: %s\n", P ? "non-null" : "null");
  fflush(stdout);
  maps_t M;
  cot_map_list *L = maps_init(&M);
  static int X;
  maps_add(&M, &X, &X, sizeof(X), 0, "X");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(22));
  printf("not reached\n");
  return 0;
}
// GPU-CHECK: omp_target_alloc: null
// GPU-CHECK: libomptarget: error: {{.*}}LIBOMPTARGET_STACK_SIZE='lots' is not a size in bytes between 1 and 16777216{{.*}} at test.c:22:3
// GPU-CHECK-NOT: not reached
