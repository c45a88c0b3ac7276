// --offload-device-only: the device outputs of each output kind, as
// upstream, one per target (and GPU arch for -S), named
// <input>-openmp-<triple>[-<arch>].<ext> unless -o names the only one.
// RUN: rm -rf %t && mkdir -p %t/nocuda && cd %t
//
// -c: the device code, LLVM bitcode with the kernel and what it calls.
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --offload-device-only -c %s -o %t/dev.o
// RUN: llvm-dis %t/dev.o -o - | FileCheck %s --check-prefix=CODE
// CODE: define {{.*}}@gpu_value()
// CODE: define {{.*}}@__omp_offloading_{{.*}}_main_l{{[0-9]+}}(
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --offload-device-only -emit-llvm -S %s -o - | FileCheck %s --check-prefix=CODE
//
// A link stops where -c does, as upstream.
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64,x86_64-pc-linux-gnu --offload-device-only %s
// RUN: llvm-dis %t/offload-device-only-openmp-nvptx64-nvidia-cuda.bc -o - | FileCheck %s --check-prefix=CODE
// RUN: llvm-dis %t/offload-device-only-openmp-x86_64-pc-linux-gnu.bc -o - | FileCheck %s --check-prefix=CODE
//
// -E: the source as the device sees it.
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --offload-device-only -E %s | FileCheck %s --check-prefix=PP
// PP: return 2;
// PP-NOT: return 1;
//
// -S: per GPU arch the PTX of the file linked alone with the device runtime;
// ptxas takes it.
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_80,sm_90 --offload-device-only -S %s
// RUN: FileCheck %s --check-prefix=PTX80 < %t/offload-device-only-openmp-nvptx64-nvidia-cuda-sm_80.s
// RUN: FileCheck %s --check-prefix=PTX90 < %t/offload-device-only-openmp-nvptx64-nvidia-cuda-sm_90.s
// PTX80: .target sm_80
// PTX80: .entry __omp_offloading_{{.*}}_main_l
// PTX90: .target sm_90
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t/offload-device-only-openmp-nvptx64-nvidia-cuda-sm_90.s -o %t/k.cubin %}
// For the host device, x86_64 assembly with the kernel's entry.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -S %s -o - | FileCheck %s --check-prefix=X86
// X86: __omp_offloading_{{.*}}_main_l{{[0-9]+}}:
//
// -o names one output only.
// RUN: not %clang -fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_80,sm_90 --offload-device-only -S %s -o %t/two.s 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: error: cannot specify -o when generating multiple output files
//
// Objects need no device compile; other inputs are not source.
// RUN: touch %t/a.o %t/b.bc
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64 --offload-device-only -c %t/a.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NONE
// NONE-NOT: error
// RUN: not %clang -fopenmp -fopenmp-targets=nvptx64 --offload-device-only -c %t/b.bc 2>&1 | FileCheck %s --check-prefix=NOTSOURCE
// NOTSOURCE: error: '--offload-device-only' compiles C and C++ source; '{{.*}}b.bc' is not
//
// The last of --offload-host-only, --offload-device-only and
// --offload-host-device wins, as upstream.
// RUN: %clang -### -fopenmp -fopenmp-targets=nvptx64 --offload-device-only --offload-host-only -c %s 2>&1 | FileCheck %s --check-prefix=HOSTONLY
// HOSTONLY-NOT: -cot-
// RUN: %clang -### -fopenmp -fopenmp-targets=nvptx64 --offload-device-only --offload-host-device -c %s 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: clang-offload-bundler
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
int gpu_value(void) {
#ifdef __NVPTX__
  return 2;
#else
  return 1;
#endif
}
#pragma omp end declare target

int main(void) {
  int Value = 0;
#pragma omp target map(from : Value)
  Value = gpu_value();
  printf("%d\n", Value);
  return 0;
}
