// After inlining, the private copies that a reduction's chunks combine into
// are allocas that Clang's code may update with an atomic (when the
// runtime's __kmpc_reduce_nowait says so). On the GPU an alloca is the
// thread's own, so those atomics become plain accesses and the copies live
// in registers: the kernel keeps no local memory and no atomic on it. No
// CUDA toolkit needed (nvptx-cubins.test assembles the PTX).
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda -c %s -o %t.o
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %t.o -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx-lowered.bc -o - | FileCheck %s --check-prefix=BEFORE
// RUN: llvm-dis %t.so-device-nvptx.bc -o - | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.so-device-nvptx-ptx.ptx

double dot(const double *A, const double *B, long N, long *Count) {
  double Sum = 0;
  long Hits = 0;
#pragma omp target teams distribute parallel for map(to : A[0:N], B[0:N])   \
    reduction(+ : Sum, Hits)
  for (long I = 0; I < N; ++I) {
    Sum += A[I] * B[I];
    Hits += A[I] > 0;
  }
  *Count = Hits;
  return Sum;
}

// Clang's atomic path into the private copies, before optimization.
// BEFORE: atomicrmw fadd ptr
// BEFORE: atomicrmw add ptr

// One atomic per block into the mapped results remains (the teams-level
// reduction, combined per block).
// CHECK-LABEL: define {{.*}}void @__omp_offloading_{{.*}}_dot_l17(
// CHECK-NOT: alloca
// CHECK: atomicrmw fadd ptr %
// CHECK-NOT: alloca
// CHECK: atomicrmw add ptr %
// CHECK-NOT: alloca
// CHECK: {{^}}}

// PTX-NOT: __local_depot
// PTX-NOT: .local
