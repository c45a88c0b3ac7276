// In an SPMD kernel the teams-level `+` reduction is summed over each block
// (warp shuffles, shared memory) with one atomic per block, instead of one
// atomic per thread; other operators keep Clang's atomics. No CUDA toolkit
// needed (nvptx-cubins.test assembles the PTX).
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda -c %s -o %t.o
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %t.o -shared -o %t.so -save-temps
// RUN: llvm-dis %t.so-device-nvptx-lowered.bc -o - | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.so-device-nvptx-ptx.ptx

double dot(const double *A, const double *B, long N, long *Count, int *Max) {
  double Sum = 0;
  long Hits = 0;
  int Top = 0;
#pragma omp target teams distribute parallel for map(to : A[0:N], B[0:N])   \
    reduction(+ : Sum, Hits) reduction(max : Top)
  for (long I = 0; I < N; ++I) {
    Sum += A[I] * B[I];
    Hits += A[I] > 0;
    Top = Top > (int)B[I] ? Top : (int)B[I];
  }
  *Count = Hits;
  *Max = Top;
  return Sum;
}

// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_dot_l15.omp_outlined(
// CHECK: call i32 @__kmpc_reduce_nowait(
// CHECK: call void @__cot_gpu_team_reduce_add_f64(ptr %{{.*}}, double %{{.*}})
// CHECK: call void @__cot_gpu_team_reduce_add_i64(ptr %{{.*}}, i64 %{{.*}})
// CHECK-NOT: atomicrmw {{f?}}add
// CHECK: {{atomicrmw max|cmpxchg}}
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_dot_l15.omp_outlined.omp_outlined(

// PTX: shfl.sync.down.b32
