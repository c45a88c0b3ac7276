// Each form the driver writes for an offloading compile (-E, -S,
// -emit-llvm -S, -emit-llvm -c, -c, each with and without -save-temps) is
// a bundle that clang-offload-bundler lists (the host and one entry per
// offload target) and unbundles, and it goes back through the driver to the
// same program, which runs on the host device (for two targets here;
// test/Offload/output_forms_round_trip.c, also built for the GPU, is the
// round trip alone).
// RUN: rm -rf %t && mkdir -p %t/nocuda %t/temps && cd %t
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 --cuda-path=%t/nocuda -E %s -o %t/p.i
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 --cuda-path=%t/nocuda -S %s -o %t/p.s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 --cuda-path=%t/nocuda -emit-llvm -S %s -o %t/p.ll
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 --cuda-path=%t/nocuda -emit-llvm -c %s -o %t/p.bc
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 --cuda-path=%t/nocuda -c %s -o %t/p.o
// RUN: %bundler -list -type=i -input=%t/p.i | FileCheck %s --check-prefix=LIST
// RUN: %bundler -list -type=s -input=%t/p.s | FileCheck %s --check-prefix=LIST
// RUN: %bundler -list -type=ll -input=%t/p.ll | FileCheck %s --check-prefix=LIST
// RUN: %bundler -list -type=bc -input=%t/p.bc | FileCheck %s --check-prefix=LIST
// RUN: %bundler -list -type=o -input=%t/p.o | FileCheck %s --check-prefix=LIST
// LIST: host-x86_64-pc-linux-gnu
// LIST-NEXT: openmp-x86_64-pc-linux-gnu
// LIST-NEXT: openmp-nvptx64-nvidia-cuda
// LIST-EMPTY:
//
// Unbundled: the host part is what a host compile writes, the device parts
// the device code (source for -E).
// RUN: %bundler -unbundle -type=ll -input=%t/p.ll -targets=host-x86_64-pc-linux-gnu,openmp-nvptx64-nvidia-cuda -output=%t/host.ll -output=%t/nvptx.ll
// RUN: FileCheck %s --check-prefix=HOSTIR < %t/host.ll
// HOSTIR: call i32 @__cot_target_launch(
// RUN: FileCheck %s --check-prefix=DEVIR < %t/nvptx.ll
// DEVIR: define {{.*}}@__omp_offloading_{{.*}}_main_l{{[0-9]+}}(
// RUN: %bundler -unbundle -type=bc -input=%t/p.bc -targets=openmp-x86_64-pc-linux-gnu -output=%t/x86.bc
// RUN: llvm-dis %t/x86.bc -o - | FileCheck %s --check-prefix=DEVIR
// RUN: %bundler -unbundle -type=o -input=%t/p.o -targets=host-x86_64-pc-linux-gnu,openmp-nvptx64-nvidia-cuda -output=%t/host.o -output=%t/nvptx.bc
// RUN: llvm-nm %t/host.o | FileCheck %s --check-prefix=HOSTOBJ
// HOSTOBJ: U __cot_target_launch
// RUN: llvm-dis %t/nvptx.bc -o - | FileCheck %s --check-prefix=DEVIR
// RUN: %bundler -unbundle -type=s -input=%t/p.s -targets=host-x86_64-pc-linux-gnu,openmp-x86_64-pc-linux-gnu -output=%t/host.s -output=%t/x86.ll
// RUN: FileCheck %s --check-prefix=DEVIR < %t/x86.ll
// RUN: %bundler -unbundle -type=i -input=%t/p.i -targets=host-x86_64-pc-linux-gnu,openmp-nvptx64-nvidia-cuda -output=%t/host.i -output=%t/nvptx.i
// RUN: FileCheck %s --check-prefix=HOSTPP < %t/host.i
// RUN: FileCheck %s --check-prefix=GPUPP < %t/nvptx.i
// HOSTPP: return 1;
// GPUPP: return 2;
//
// Given back to the driver, each runs on the host device.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 --cuda-path=%t/nocuda %t/p.i -o %t/from-i
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-i | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 --cuda-path=%t/nocuda %t/p.s -o %t/from-s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-s | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 --cuda-path=%t/nocuda %t/p.ll -o %t/from-ll
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-ll | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 --cuda-path=%t/nocuda %t/p.bc -o %t/from-bc
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-bc | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 --cuda-path=%t/nocuda %t/p.o -o %t/from-o
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-o | FileCheck %s
// CHECK: on-device 1 sum 4950 value 1
//
// The bundled .i keeps the GPU's view of the source: its compile parses it
// for the GPU's device code.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 -c %t/p.i -o %t/from-i.o
// RUN: %bundler -unbundle -type=o -input=%t/from-i.o -targets=openmp-nvptx64-nvidia-cuda,openmp-x86_64-pc-linux-gnu -output=%t/from-i-nvptx.bc -output=%t/from-i-x86.bc
// RUN: llvm-dis %t/from-i-nvptx.bc -o - | FileCheck %s --check-prefix=GPUCODE
// RUN: llvm-dis %t/from-i-x86.bc -o - | FileCheck %s --check-prefix=HOSTCODE
// GPUCODE: define {{.*}}@value()
// GPUCODE-NEXT: ret i32 2
// HOSTCODE: define {{.*}}@value()
// HOSTCODE-NEXT: ret i32 1
//
// Forms from one form: -c of the .s and -S of the .bc (its device code
// turned into text) bundle again, and still make the program.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 -c %t/p.s -o %t/from-s.o
// RUN: %bundler -list -type=o -input=%t/from-s.o | FileCheck %s --check-prefix=LIST
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu,nvptx64 -S %t/p.bc -o %t/from-bc.s
// RUN: %bundler -list -type=s -input=%t/from-bc.s | FileCheck %s --check-prefix=LIST
// RUN: %bundler -unbundle -type=s -input=%t/from-bc.s -targets=openmp-nvptx64-nvidia-cuda -output=%t/from-bc-nvptx.ll
// RUN: FileCheck %s --check-prefix=DEVIR < %t/from-bc-nvptx.ll
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/from-s.o -o %t/from-s-o
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-s-o | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/from-bc.s -o %t/from-bc-s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-bc-s | FileCheck %s
//
// The same with -save-temps (the host device only).
// RUN: cd %t/temps && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps -E %s -o %t/t.i
// RUN: cd %t/temps && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps -S %s -o %t/t.s
// RUN: cd %t/temps && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps -emit-llvm -S %s -o %t/t.ll
// RUN: cd %t/temps && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps -emit-llvm -c %s -o %t/t.bc
// RUN: cd %t/temps && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps -c %s -o %t/t.o
// RUN: %bundler -list -type=i -input=%t/t.i | FileCheck %s --check-prefix=LIST1
// RUN: %bundler -list -type=s -input=%t/t.s | FileCheck %s --check-prefix=LIST1
// RUN: %bundler -list -type=ll -input=%t/t.ll | FileCheck %s --check-prefix=LIST1
// RUN: %bundler -list -type=bc -input=%t/t.bc | FileCheck %s --check-prefix=LIST1
// RUN: %bundler -list -type=o -input=%t/t.o | FileCheck %s --check-prefix=LIST1
// LIST1: host-x86_64-pc-linux-gnu
// LIST1-NEXT: openmp-x86_64-pc-linux-gnu
// LIST1-EMPTY:
// RUN: cd %t/temps && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps %t/t.i -o %t/from-ti
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-ti | FileCheck %s
// RUN: cd %t/temps && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps %t/t.s -o %t/from-ts
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-ts | FileCheck %s
// RUN: cd %t/temps && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps %t/t.ll -o %t/from-tll
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-tll | FileCheck %s
// RUN: cd %t/temps && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps %t/t.bc -o %t/from-tbc
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-tbc | FileCheck %s
// RUN: cd %t/temps && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps %t/t.o -o %t/from-to
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-to | FileCheck %s
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
int value(void) {
#ifdef __NVPTX__
  return 2;
#else
  return 1;
#endif
}
#pragma omp end declare target

int main(void) {
  int Sum = 0, OnDevice = 0, Value = 0;
#pragma omp target map(tofrom : Sum, OnDevice, Value)
  {
    for (int I = 0; I < 100; ++I)
      Sum += I;
    OnDevice = !omp_is_initial_device();
    Value = value();
  }
  printf("on-device %d sum %d value %d\n", OnDevice, Sum, Value);
  return 0;
}
