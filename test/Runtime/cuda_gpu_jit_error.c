// REQUIRES: gpu
// PTX that does not compile: loading the image is a fatal error that carries
// the JIT error log.
// RUN: printf '.version 6.3\n.target sm_75\n.address_size 64\n.visible .entry k_scale(.param .u64 p)\n{\n  bogus.instruction r1;\n}\n' > %t.ptx
// RUN: python3 %S/Inputs/cuda_nvimage.py -o %t.nv --ptx 75:%t.ptx
// RUN: %build-host %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// RUN: not %t 2>&1 | FileCheck %s --check-prefix=GPU-CHECK
//
// GPU-BUILD: printf '.version 6.3\n.target sm_75\n.address_size 64\n.visible .entry k_scale(.param .u64 p)\n{\n  bogus.instruction r1;\n}\n' > %t.ptx
// GPU-BUILD: python3 %S/Inputs/cuda_nvimage.py -o %t.nv --ptx 75:%t.ptx
// GPU-BUILD: %build-host %s -DNVIMAGE='"%t.nv"' -o %t %link-rt
// GPU-RUN: %t
// GPU-EXIT: 1
#include "Inputs/cuda_gpu.h"

int main(void) {
  double A[4] = {0};
  maps_t M;
  cot_map_list *L = maps_init(&M);
  maps_add(&M, A, A, sizeof(A), TOFROM | PARAM, "a");
  maps_add(&M, (void *)4L, (void *)4L, 0, LIT, "n");
  launch(host_k_scale, L, 20);
  printf("not reached\n");
  return 0;
}
// GPU-CHECK: libomptarget: error: cannot load the nvptx64-nvidia-cuda device image on device 0 (plugin 'cuda'): cannot JIT-compile the sm_75 PTX for cuda device 0 (sm_{{[0-9]+}}): CUDA_ERROR_INVALID_PTX: {{.*}}; JIT log: {{.*}}error{{.*}} at test.c:20:3
// GPU-CHECK-NOT: not reached
