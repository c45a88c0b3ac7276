// Each form the driver writes for an offloading compile (-E, -S,
// -emit-llvm -S, -emit-llvm -c, -c, each with and without -save-temps) is a
// bundle (test/Driver/output-forms-bundles.c lists and unbundles them) that
// goes back through the driver to the same program, which runs on the
// device.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -E %s -o %t/p.i
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/p.i -o %t/from-i
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-i | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S %s -o %t/p.s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/p.s -o %t/from-s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-s | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -emit-llvm -S %s -o %t/p.ll
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/p.ll -o %t/from-ll
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-ll | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -emit-llvm -c %s -o %t/p.bc
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/p.bc -o %t/from-bc
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-bc | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t/p.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/p.o -o %t/from-o
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-o | FileCheck %s
// With -save-temps (in %t: the kept files go to the current directory).
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps -E %s -o %t/t.i
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps %t/t.i -o %t/from-ti
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-ti | FileCheck %s
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps -S %s -o %t/t.s
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps %t/t.s -o %t/from-ts
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-ts | FileCheck %s
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps -emit-llvm -S %s -o %t/t.ll
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps %t/t.ll -o %t/from-tll
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-tll | FileCheck %s
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps -emit-llvm -c %s -o %t/t.bc
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps %t/t.bc -o %t/from-tbc
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-tbc | FileCheck %s
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps -c %s -o %t/t.o
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps %t/t.o -o %t/from-to
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-to | FileCheck %s
// CHECK: on-device 1 sum 4950
#include <omp.h>
#include <stdio.h>

int main(void) {
  int Sum = 0, OnDevice = 0;
#pragma omp target map(tofrom : Sum, OnDevice)
  {
    for (int I = 0; I < 100; ++I)
      Sum += I;
    OnDevice = !omp_is_initial_device();
  }
  printf("on-device %d sum %d\n", OnDevice, Sum);
  return 0;
}
