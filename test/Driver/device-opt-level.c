// The device link optimizes at the level of its command line's -O, else at
// the highest level the objects were compiled at (cot.opt-level; no -O is
// -O0, as with upstream Clang), and functions compiled at -O0 keep optnone
// at any level. Neither the device modules nor the host module of an
// offloading compile carry the "openmp" module flag, which would run LLVM's
// OpenMPOpt (host-libomp optimizations whose CGSCC pass is quadratic in the
// number of target regions).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -S -emit-llvm %s -o - | FileCheck %s --check-prefix=HOST --implicit-check-not='"openmp"'
// HOST: !{i32 1, !"wchar_size", i32 4}

// No -O: -O0 code, LLVM's O0 pipeline.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t/o0 -save-temps
// RUN: llvm-dis %t/o0-device-x86_64-pc-linux-gnu.bc -o - | FileCheck %s --check-prefix=O0 --implicit-check-not='"openmp"'
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/o0 | FileCheck %s --check-prefix=OUT

// -O2 when compiling, no -O when linking: optimized at -O2.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t/o2.o
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/o2.o -o %t/o2 -save-temps
// RUN: llvm-dis %t/o2-device-x86_64-pc-linux-gnu.bc -o - | FileCheck %s --check-prefix=O2 --implicit-check-not='"openmp"'
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/o2 | FileCheck %s --check-prefix=OUT

// -O0 when compiling, -O2 when linking: the -O0 code stays as it is.
// RUN: %clang -O0 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -c %s -o %t/mixed.o
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %t/mixed.o -o %t/mixed -save-temps
// RUN: llvm-dis %t/mixed-device-x86_64-pc-linux-gnu.bc -o - | FileCheck %s --check-prefix=O0 --implicit-check-not='"openmp"'
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/mixed | FileCheck %s --check-prefix=OUT

#include <omp.h>
#include <stdio.h>

static int twice(int V) { return 2 * V; }

int main(void) {
  int X = 20, OnDevice = 0;
#pragma omp target map(tofrom : X, OnDevice)
  {
    X = twice(X) + 2;
    OnDevice = !omp_is_initial_device();
  }
  // OUT: X 42 on device 1
  printf("X %d on device %d\n", X, OnDevice);
  return 0;
}

// O0: define internal {{.*}}void @__omp_offloading_{{.*}}_main_l{{[0-9]+}}.impl({{.*}}) {{.*}}#[[IMPL:[0-9]+]]{{( !cot.srcloc ![0-9]+)?}} {
// O0: define internal {{.*}}i32 @twice(
// O0: define void @__omp_offloading_{{.*}}_main_l{{[0-9]+}}(ptr
// O0: call {{.*}}void @__omp_offloading_{{.*}}_main_l{{[0-9]+}}.impl(
// O0: attributes #[[IMPL]] = { {{.*}}optnone

// The region is inlined into the kernel's entry.
// O2-NOT: optnone
// O2: define void @__omp_offloading_{{.*}}_main_l{{[0-9]+}}(ptr
// O2-NOT: .impl
// O2: ret void
