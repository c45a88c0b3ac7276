// Upstream Clang's offload flags that clang-offload has no counterpart for:
// one warning each, naming the flag and what to do instead, and the program
// builds and offloads as without them. (-fopenmp-offload-mandatory,
// -fopenmp-target-jit and -fopenmp-target-debug work: offload-flags.c.)
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -foffload-lto -fopenmp-cuda-mode -fopenmp-force-usm %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: warning: '-foffload-lto' is not supported by clang-offload and has no effect: device code is always linked as LLVM bitcode
// WARN: warning: '-fopenmp-cuda-mode' is not supported
// WARN: warning: '-fopenmp-force-usm' is not supported
// WARN-NOT: warning
// Upstream's GPU tuning and driver-choice flags, also warned about.
// RUN: %clang -### -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --offload-new-driver --no-offload-new-driver -fopenmp-assume-no-thread-state -fopenmp-assume-no-nested-parallelism -fopenmp-assume-teams-oversubscription -fno-openmp-assume-threads-oversubscription -fopenmp-cuda-number-of-sm=132 -fopenmp-cuda-blocks-per-sm=4 -fopenmp-cuda-teams-reduction-recs-num=2048 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=TUNING
// TUNING: warning: '--offload-new-driver' is not supported by clang-offload and has no effect: clang-offload has one offload driver
// TUNING: warning: '--no-offload-new-driver' is not supported
// TUNING: warning: '-fopenmp-assume-no-thread-state' is not supported by clang-offload and has no effect: the GPU lowering decides from the code
// TUNING: warning: '-fopenmp-assume-no-nested-parallelism' is not supported
// TUNING: warning: '-fopenmp-assume-teams-oversubscription' is not supported
// TUNING: warning: '-fno-openmp-assume-threads-oversubscription' is not supported
// TUNING: warning: '-fopenmp-cuda-number-of-sm=132' is not supported by clang-offload and has no effect: the CUDA plugin reads the GPU's SM count at run time
// TUNING: warning: '-fopenmp-cuda-blocks-per-sm=4' is not supported
// TUNING: warning: '-fopenmp-cuda-teams-reduction-recs-num=2048' is not supported
// TUNING-NOT: -fopenmp-assume
// TUNING-NOT: -fopenmp-cuda-
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s --check-prefix=OUT
// OUT: on-device 1
//
// --offload-host-only, as upstream: host code only, no device compile or
// link (--offload-device-only is offload-device-only.c's).
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu --offload-host-only %s -o %t.host -### 2>&1 | FileCheck %s --check-prefix=HOSTONLY
// HOSTONLY-NOT: -cot-offload-targets
// HOSTONLY-NOT: -cot-device-link
// HOSTONLY-NOT: warning
#include <omp.h>
#include <stdio.h>

int main(void) {
  int OnDevice = 0;
#pragma omp target map(from : OnDevice)
  OnDevice = !omp_is_initial_device();
  printf("on-device %d\n", OnDevice);
  return 0;
}
