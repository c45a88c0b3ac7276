// REQUIRES: gpu, ptxas
// Mapping more than the GPU has: a fatal error that says so, with the size.
// RUN: sh %S/Inputs/cuda_build_image.sh %host-clang %ptxas %t.nv
// RUN: %build-host %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// RUN: not %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
//
// GPU-BUILD: sh %S/Inputs/cuda_build_image.sh %host-clang %ptxas %t.nv
// GPU-BUILD: %build-host %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// GPU-RUN: %t
// GPU-EXIT: 1
#include "Inputs/cuda_gpu.h"

int main(void) {
  /* omp_target_alloc reports failure with a null pointer. */
  void *P = omp_target_alloc(1LL << 42, omp_get_default_device());
  printf("omp_target_alloc: %s\n", P ? "non-null" : "null");
  fflush(stdout);
  /* A map (alloc, nothing copied) of 4 TiB at a host range nothing uses. */
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, (void *)0x100000000000L, (void *)0x100000000000L, 1LL << 42, 0,
           "huge[0:n]");
  __cot_target_data_begin(COT_DEVICE_DEFAULT, L, LOC(22));
  printf("not reached\n");
  return 0;
}
// GPU-CHECK: omp_target_alloc: null
// GPU-CHECK: libomptarget: error: cannot allocate 4398046511104 bytes for 'huge[0:n]' on device 0 (plugin 'cuda'): out of device memory: cannot allocate 4398046511104 bytes on cuda device 0 ({{[0-9]+}} of {{[0-9]+}} bytes free): CUDA_ERROR_OUT_OF_MEMORY: out of memory at test.c:22:3
// GPU-CHECK-NOT: not reached
