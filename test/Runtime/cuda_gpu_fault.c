// REQUIRES: gpu, ptxas
// A kernel that faults: a fatal error naming the kernel, the CUDA error and
// the construct, exit 1.
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
  maps_t M;
  cot_map_list *L = maps_init(&M);
  /* k_fault(Bad, N) writes through Bad: an address nothing maps. */
  maps_add(&M, (void *)0x10L, (void *)0x10L, 0, LIT, "bad");
  maps_add(&M, (void *)1L, (void *)1L, 0, LIT, "n");
  printf("launching\n");
  fflush(stdout);
  launch(host_k_fault, L, 21);
  printf("not reached\n");
  return 0;
}
// GPU-CHECK: launching
// GPU-CHECK: libomptarget: error: kernel 'k_fault' failed (plugin 'cuda'): kernel 'k_fault' failed on cuda device 0: CUDA_ERROR_{{ILLEGAL_ADDRESS|LAUNCH_FAILED}}: {{.+}} at test.c:21:3
// GPU-CHECK-NOT: not reached
