// CUDA-style OpenMP on the GPU: a `target teams` region with a team-local
// array and scalar around a parallel region that works by thread number,
// barriers and atomics. The kernel runs its team code in every thread with
// guards (no control loop, no hand-off through the runtime): the team-local
// data are static shared-memory variables, the region's barrier is
// barrier.sync, the guards' barriers the aligned bar.sync (all threads of
// the block reach them converged), the atomic on the team-local counter a
// shared-memory atomic. A kernel whose team code starts a parallel region
// through a call keeps the control loop. No CUDA toolkit needed
// (nvptx-cubins.test assembles PTX).
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda -c %s -o %t.o
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %t.o -shared -o %t.so -save-temps -Rpass=openmp-device -Rpass-missed=openmp-device 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: llvm-dis %t.so-device-nvptx-lowered.bc -o - | FileCheck %s
// RUN: llvm-dis %t.so-device-nvptx-lowered.bc -o - | FileCheck %s --check-prefix=GENERIC
// RUN: FileCheck %s --check-prefix=PTX < %t.so-device-nvptx-ptx.ptx
#include <omp.h>

#define T 256

void block_sums(const float *In, float *Out, int *Large, int Teams) {
#pragma omp target teams num_teams(Teams) thread_limit(T)                     \
    map(to : In[0:Teams * T]) map(from : Out[0:Teams], Large[0:Teams])
  {
    float Buf[T];
    int Count = 0;
#pragma omp parallel num_threads(T)
    {
      int Tid = omp_get_thread_num();
      int Team = omp_get_team_num();
      Buf[Tid] = In[Team * T + Tid];
      if (Buf[Tid] > 1.0f) {
#pragma omp atomic
        Count++;
      }
#pragma omp barrier
      for (int S = T / 2; S > 0; S >>= 1) {
        if (Tid < S)
          Buf[Tid] += Buf[Tid + S];
#pragma omp barrier
      }
    }
    Out[omp_get_team_num()] = Buf[0];
    Large[omp_get_team_num()] = Count;
  }
}

void starts_parallel(int *A) {
#pragma omp parallel
  A[omp_get_thread_num()] = 1;
}

void through_a_call(int *A) {
#pragma omp target teams num_teams(4) map(tofrom : A[0:T])
  starts_parallel(A);
}

// REMARK-DAG: remark: kernel '__omp_offloading_{{.*}}_block_sums_l{{[0-9]+}}' runs its team code in every thread, with its side effects on thread 0 under guards (no control loop)
// REMARK-DAG: remark: generic kernel '__omp_offloading_{{.*}}_through_a_call_l{{[0-9]+}}' keeps its control loop: its team code calls 'starts_parallel', which may start a parallel region

// The team-local array and counter are shared-memory variables; the
// parallel region is called in place between the guarded-region calls.
// CHECK-DAG: @__omp_offloading_{{.*}}_block_sums_l{{[0-9]+}}.omp_outlined.local.team{{[0-9]*}} = internal addrspace(3) global [256 x float] poison
// CHECK-DAG: @__omp_offloading_{{.*}}_block_sums_l{{[0-9]+}}.omp_outlined.local.team{{[0-9]*}} = internal addrspace(3) global i32 poison
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_block_sums_l{{[0-9]+}}.omp_outlined(
// CHECK-NOT: __cot_gpu_alloc_shared
// CHECK: call i32 @__cot_gpu_guard_begin()
// CHECK: call void @__cot_gpu_guard_end()
// CHECK: %parallel.ran = call i32 @__cot_gpu_guarded_parallel_begin(i32 256)
// CHECK: call void @__omp_offloading_{{.*}}_block_sums_l{{[0-9]+}}.omp_outlined.omp_outlined(
// CHECK: call void @__cot_gpu_guarded_parallel_end(i32 %parallel.ran)
// CHECK-LABEL: define void @__omp_offloading_{{.*}}_block_sums_l{{[0-9]+}}(
// CHECK: call void @__cot_gpu_spmd_init(i32 0)
// GENERIC-LABEL: define void @__omp_offloading_{{.*}}_through_a_call_l{{[0-9]+}}(
// GENERIC: call i32 @__cot_gpu_generic_init(

// PTX-LABEL: .entry __omp_offloading_{{.*}}_block_sums_l{{[0-9]+}}(
// PTX-DAG: .shared .align {{[0-9]+}} .b8 {{.*}}block_sums_l{{[0-9]+}}{{.*}}[1024];
// PTX-DAG: atom.shared.add.u32
// PTX-DAG: barrier.sync 0;
// PTX-DAG: bar.sync 0;
// PTX-NOT: __cot_gpu_parallel
// PTX-NOT: malloc
// PTX: ret;
