// -fopenmp-target-debug: the device link sets the GPU device runtime's
// debug level in the image (__cot_device_debug, OffloadABI.h) and folds the
// runtime's checks of it, so that the kernels of a program built with the
// flag report how they start (vprintf) and those of one built without hold
// no debug output at all, even unoptimized. GPU/device_debug.c runs it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 -fopenmp-target-debug %s -o %t/debug -save-temps=obj
// RUN: llvm-dis %t/debug-device-nvptx-lowered.bc -o - | FileCheck %s --check-prefix=DEBUG
// RUN: FileCheck %s --check-prefix=DEBUG-PTX < %t/debug-device-nvptx-ptx.ptx
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 %s -o %t/plain -save-temps=obj
// RUN: llvm-dis %t/plain-device-nvptx-lowered.bc -o - | FileCheck %s --check-prefix=PLAIN
// RUN: FileCheck %s --check-prefix=PLAIN-PTX < %t/plain-device-nvptx-ptx.ptx
//
// DEBUG-NOT: @__cot_device_debug
// DEBUG-DAG: [[SPMD:@.str[0-9]*]] = {{.*}}c"omptarget device: kernel starts in SPMD form
// DEBUG-DAG: [[GENERIC:@.str[0-9]*]] = {{.*}}c"omptarget device: kernel starts in generic form
// DEBUG: define {{.*}}@__cot_gpu_generic_init(
// DEBUG: call {{.*}}@vprintf(ptr {{.*}}[[GENERIC]],
// DEBUG: define {{.*}}@__cot_gpu_spmd_init(
// DEBUG: call {{.*}}@vprintf(ptr {{.*}}[[SPMD]],
// DEBUG-PTX: .extern .func {{.*}} vprintf
// DEBUG-PTX: {{^[[:space:]]+}}vprintf,
//
// PLAIN-NOT: @__cot_device_debug
// PLAIN-NOT: call {{.*}}@vprintf(
// PLAIN-PTX-NOT: vprintf
#include <stdio.h>

int main(void) {
  int Team = -1;
  int Sum[64] = {0};
#pragma omp target map(tofrom : Team)
  Team = 7;
#pragma omp target teams distribute parallel for map(tofrom : Sum)
  for (int I = 0; I < 64; ++I)
    Sum[I] = I;
  printf("%d %d\n", Team, Sum[63]);
  return 0;
}
