// -save-temps keeps the file of every step of the offload action graph
// (offload-phases.c): the host steps as <input>-host-<triple>.<ext>, each
// target's preprocessing, device parse and device code as
// <input>-openmp-<triple>[-parse].<ext>, and on a link the device link's
// files as <output>-device-*; the output is the bundle of the kept host
// object and device code.
// RUN: rm -rf %t && mkdir -p %t/nocuda %t/obj && cd %t
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 --cuda-path=%t/nocuda -save-temps -c %s -o %t/a.o
// RUN: ls %t | FileCheck %s --check-prefix=COMPILE
// COMPILE: a.o
// COMPILE-NEXT: nocuda
// COMPILE-NEXT: obj
// COMPILE-NEXT: offload-save-temps-host-x86_64-pc-linux-gnu.bc
// COMPILE-NEXT: offload-save-temps-host-x86_64-pc-linux-gnu.i
// COMPILE-NEXT: offload-save-temps-host-x86_64-pc-linux-gnu.o
// COMPILE-NEXT: offload-save-temps-host-x86_64-pc-linux-gnu.s
// COMPILE-NEXT: offload-save-temps-openmp-nvptx64-nvidia-cuda-parse.bc
// COMPILE-NEXT: offload-save-temps-openmp-nvptx64-nvidia-cuda.bc
// COMPILE-NEXT: offload-save-temps-openmp-nvptx64-nvidia-cuda.i
// COMPILE-NEXT: offload-save-temps-openmp-x86_64-pc-linux-gnu-parse.bc
// COMPILE-NEXT: offload-save-temps-openmp-x86_64-pc-linux-gnu.bc
// COMPILE-NEXT: offload-save-temps-openmp-x86_64-pc-linux-gnu.i
// COMPILE-EMPTY:
//
// The bundle holds the kept files.
// RUN: %bundler -list -type=o -input=%t/a.o | FileCheck %s --check-prefix=LIST
// LIST: host-x86_64-pc-linux-gnu
// LIST-NEXT: openmp-x86_64-pc-linux-gnu
// LIST-NEXT: openmp-nvptx64-nvidia-cuda
// RUN: %bundler -unbundle -type=o -input=%t/a.o -targets=openmp-x86_64-pc-linux-gnu,openmp-nvptx64-nvidia-cuda -output=%t/x86.bc -output=%t/nvptx.bc
// RUN: cmp %t/x86.bc %t/offload-save-temps-openmp-x86_64-pc-linux-gnu.bc
// RUN: cmp %t/nvptx.bc %t/offload-save-temps-openmp-nvptx64-nvidia-cuda.bc
// The file tests __NVPTX__: the GPU's preprocessing differs and its parse
// made the GPU's device code; the host device's is the host's.
// RUN: FileCheck %s --check-prefix=GPUPP < %t/offload-save-temps-openmp-nvptx64-nvidia-cuda.i
// GPUPP: return 2;
// RUN: llvm-dis %t/nvptx.bc -o - | FileCheck %s --check-prefix=GPUCODE
// GPUCODE: define {{.*}}@gpu_value()
// GPUCODE-NEXT: ret i32 2
// RUN: test ! -s %t/offload-save-temps-openmp-x86_64-pc-linux-gnu-parse.bc
//
// A link keeps the device link's files too, and the packaged images.
// RUN: rm -f %t/*.* && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps %s -o %t/prog
// RUN: ls %t | FileCheck %s --check-prefix=LINK
// LINK: offload-save-temps-host-x86_64-pc-linux-gnu.o
// LINK: offload-save-temps-openmp-x86_64-pc-linux-gnu.bc
// LINK: prog
// LINK-NEXT: prog-device-images.o
// LINK-NEXT: prog-device-x86_64-link.err
// LINK-NEXT: prog-device-x86_64-pc-linux-gnu.bc
// LINK-NEXT: prog-device-x86_64.o
// LINK-NEXT: prog-device-x86_64.so
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/prog | FileCheck %s --check-prefix=OUT
// OUT: ON: 1 value 1
//
// -save-temps=obj: next to the output.
// RUN: rm -f %t/*.* && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps=obj -c %s -o %t/obj/b.o
// RUN: ls %t/obj | FileCheck %s --check-prefix=OBJ
// OBJ: b.o
// OBJ-NEXT: offload-save-temps-host-x86_64-pc-linux-gnu.bc
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
  int On = 0, Value = 0;
#pragma omp target map(from : On, Value)
  {
    On = !omp_is_initial_device();
    Value = gpu_value();
  }
  printf("ON: %d value %d\n", On, Value);
  return 0;
}
