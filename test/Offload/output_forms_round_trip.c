// Each form the driver writes for an offloading compile goes back through
// the driver to the same program: -E, -S (assembly the system assembler
// takes), -emit-llvm -c, -emit-llvm -S, and -c with -save-temps.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -E %s -o %t/p.i
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/p.i -o %t/from-i
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-i | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S %s -o %t/p.s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/p.s -o %t/from-s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-s | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -emit-llvm -c %s -o %t/p.bc
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/p.bc -o %t/from-bc
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-bc | FileCheck %s
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -emit-llvm -S %s -o %t/p.ll
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/p.ll -o %t/from-ll
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-ll | FileCheck %s
// RUN: cd %t && %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -save-temps -c %s -o %t/p.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/p.o -o %t/from-o
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/from-o | FileCheck %s
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
