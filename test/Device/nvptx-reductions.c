// Reductions on the GPU go through __cot_gpu_reduce, which combines the
// private copies of the threads that share the target (warp shuffles, then
// shared memory) before one thread runs Clang's atomic code: one atomicrmw,
// CAS loop or critical section per block, for every operator and type. The
// teams level of SPMD kernels (__cot_gpu_reduce_block: the whole block, no
// test of the thread's state), parallel regions of generic kernels and of
// `target parallel for` (one team) all take this path; the parallel level of
// an SPMD kernel with teams combines into each thread's own copy, which the
// runtime would answer with 1: the call is that constant. No CUDA toolkit
// needed (nvptx-cubins.test assembles the PTX).
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda -c %s -o %t.o
// RUN: %clang -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %t.o -shared -o %t.so -save-temps -Rpass=openmp-device -Rpass-missed=openmp-device 2> %t.remarks
// RUN: llvm-dis %t.so-device-nvptx-lowered.bc -o - | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.so-device-nvptx-ptx.ptx
// RUN: FileCheck %s --check-prefix=WARP < %t.so-device-nvptx-ptx.ptx
// RUN: FileCheck %s --check-prefix=CAS < %t.so-device-nvptx-ptx.ptx
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

#include <complex.h>

// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_sums_l{{[0-9]+}}.omp_outlined(
// CHECK: call i32 @__cot_gpu_reduce_block(ptr %{{.*}}, ptr %{{.*}}, ptr @.cot.red.sizes{{.*}}, i32 4, ptr @{{.*}}reduction_func)
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_sums_l{{[0-9]+}}.omp_outlined.omp_outlined(
// CHECK-NOT: __cot_gpu_reduce
// CHECK-NOT: __kmpc_reduce
// CHECK: switch i32 1, label
// CHECK-LABEL: define
double sums(const double *A, int N, long *L, float *F, int *Int) {
  double D = 0;
  long SL = 0;
  float SF = 0;
  int SI = 0;
#pragma omp target teams distribute parallel for num_teams(64) num_threads(128) \
    map(to : A[0:N]) reduction(+ : D, SL, SF, SI)
  for (int K = 0; K < N; ++K) {
    D += A[K];
    SL += (long)A[K];
    SF += (float)A[K];
    SI += (int)A[K];
  }
  *L = SL;
  *F = SF;
  *Int = SI;
  return D;
}

// Every other operator, with the atomic code Clang chose for each.
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_others_l{{[0-9]+}}.omp_outlined(
// CHECK: call i32 @__cot_gpu_reduce_block(ptr %{{.*}}, ptr %{{.*}}, ptr @.cot.red.sizes{{.*}}, i32 11, ptr @{{.*}}reduction_func)
// CHECK-DAG: atomicrmw max ptr
// CHECK-DAG: atomicrmw min ptr
// CHECK-DAG: atomicrmw and ptr
// CHECK-DAG: atomicrmw or ptr
// CHECK-DAG: atomicrmw xor ptr
// CHECK-DAG: cmpxchg ptr
// CHECK-DAG: call zeroext i1 @__atomic_compare_exchange(i64 noundef 8,
// CHECK-DAG: call zeroext i1 @__atomic_compare_exchange(i64 noundef 16,
// CHECK-LABEL: define
int others(const int *A, int N, double *Out) {
  int Max = -1000, Min = 1000, And = ~0, Or = 0, Xor = 0, LAnd = 1, LOr = 0;
  long Prod = 1;
  double DMax = -1e300;
  float _Complex CF = 0;
  double _Complex CD = 1;
#pragma omp target teams distribute parallel for map(to : A[0:N])              \
    reduction(max : Max, DMax) reduction(min : Min) reduction(& : And)          \
    reduction(| : Or) reduction(^ : Xor) reduction(&& : LAnd)                   \
    reduction(|| : LOr) reduction(* : Prod) reduction(+ : CF) reduction(* : CD)
  for (int K = 0; K < N; ++K) {
    Max = Max > A[K] ? Max : A[K];
    DMax = DMax > A[K] ? DMax : A[K];
    Min = Min < A[K] ? Min : A[K];
    And &= A[K];
    Or |= A[K];
    Xor ^= A[K];
    LAnd = LAnd && A[K];
    LOr = LOr || A[K];
    Prod *= A[K] % 3 + 1;
    CF += A[K];
    CD *= 1.0;
  }
  *Out = DMax + crealf(CF) + creal(CD);
  return Max + Min + And + Or + Xor + LAnd + LOr + (int)Prod;
}

// Complex sums: Clang's atomic path is a 16-byte (8-byte) compare-and-swap
// loop through libatomic, which for double _Complex takes the runtime's
// lock; the plain path adds each part on its own, so the atomic path becomes
// one atomicrmw fadd per part.
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_complex_sums_l{{[0-9]+}}.omp_outlined(
// CHECK: call i32 @__cot_gpu_reduce_block(
// CHECK-NOT: __atomic_compare_exchange
// CHECK-DAG: atomicrmw fadd ptr %{{.*}}, float %{{.*}} monotonic
// CHECK-DAG: atomicrmw fadd ptr %{{.*}}, float %{{.*}} monotonic
// CHECK-DAG: atomicrmw fadd ptr %{{.*}}, double %{{.*}} monotonic
// CHECK-DAG: atomicrmw fadd ptr %{{.*}}, double %{{.*}} monotonic
// CHECK-NOT: __atomic_compare_exchange
// CHECK-LABEL: define
double complex_sums(const double *A, int N) {
  float _Complex CF = 0;
  double _Complex CD = 0;
#pragma omp target teams distribute parallel for map(to : A[0:N])              \
    reduction(+ : CF, CD)
  for (int K = 0; K < N; ++K) {
    CF += A[K] + 2.0f * I;
    CD += A[K] - 1.0 * I;
  }
  return crealf(CF) + cimagf(CF) + creal(CD) + cimag(CD);
}

// Float min and max have no atomic: each block's CAS loop ends without the
// compare-and-swap when its value changes nothing (most blocks of a min).
// CAS-LABEL: .entry __omp_offloading_{{.*}}_float_extrema_l{{[0-9]+}}(
// CAS: ld.volatile.global.u32 %r[[OLD:[0-9]+]],
// CAS: setp.eq.s32 %p[[SAME:[0-9]+]], %r[[NEW:[0-9]+]], %r[[OLD]];
// CAS-NEXT: @%p[[SAME]] bra
// CAS-NEXT: atom.global.cas.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], %r[[OLD]], %r[[NEW]];
// CAS: ld.volatile.global.u32 %r[[OLD:[0-9]+]],
// CAS: setp.eq.s32 %p[[SAME:[0-9]+]], %r[[NEW:[0-9]+]], %r[[OLD]];
// CAS-NEXT: @%p[[SAME]] bra
// CAS-NEXT: atom.global.cas.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], %r[[OLD]], %r[[NEW]];
// CAS-NOT: atom.global.cas
// CAS: ret;
float float_extrema(const float *A, int N) {
  float Lo = 1e30f, Hi = -1e30f;
#pragma omp target teams distribute parallel for map(to : A[0:N])              \
    reduction(min : Lo) reduction(max : Hi)
  for (int K = 0; K < N; ++K) {
    Lo = A[K] < Lo ? A[K] : Lo;
    Hi = A[K] > Hi ? A[K] : Hi;
  }
  return Hi - Lo;
}

// One team: the block's threads share the mapped variable.
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_one_team_l{{[0-9]+}}.omp_outlined(
// CHECK: call i32 @__cot_gpu_reduce(
int one_team(const int *A, int N) {
  int S = 0;
#pragma omp target parallel for map(to : A[0:N]) reduction(+ : S)
  for (int K = 0; K < N; ++K)
    S += A[K];
  return S;
}

// A generic kernel's parallel region (blocking form: the worksharing loop
// of a parallel region), and its teams level, which the main thread alone
// runs. The kernel is guarded, and the region reduces into the team's T,
// which the team code only loads and stores: each thread keeps a copy of
// T, the region's reduction gives every thread the result
// (__cot_gpu_reduce_all), and the team code syncs the copies of threads the
// region might have left out.
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_generic_l{{[0-9]+}}.omp_outlined(
// CHECK: call void @__cot_gpu_guarded_copy_sync(ptr %{{.*}}, i32 4, i32 0)
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_generic_l{{[0-9]+}}.omp_outlined.omp_outlined(
// CHECK: call i32 @__cot_gpu_reduce_all(
// CHECK-NOT: call void @__kmpc_end_reduce(
// CHECK: call void @__cot_gpu_end_reduce()
// CHECK-LABEL: define
int generic(const int *A, int N) {
  int S = 0;
#pragma omp target teams num_teams(4) map(to : A[0:N]) reduction(+ : S)
  {
    int T = 0;
#pragma omp parallel
    {
#pragma omp for reduction(+ : T)
      for (int K = 0; K < N; ++K)
        T += A[K];
    }
    S += T;
  }
  return S;
}

// The generic form of a sum: a teams reduction whose distribute loop runs a
// parallel for reduction per chunk. The kernel is guarded and each thread
// keeps its own copy of the team's sum: the region's reduction is the plain
// update of that copy, and the block combines the copies once, before the
// teams reduction.
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_generic_chunks_l{{[0-9]+}}.omp_outlined(
// CHECK: call void @__cot_gpu_combine_block(
// CHECK-LABEL: define internal void @__omp_offloading_{{.*}}_generic_chunks_l{{[0-9]+}}.omp_outlined.omp_outlined(
// CHECK-NOT: call i32 @__cot_gpu_reduce
// CHECK-LABEL: define
int generic_chunks(const int *A, long N) {
  int S = 0;
#pragma omp target teams map(to : A[0:N]) reduction(+ : S)
#pragma omp distribute
  for (long C = 0; C < (N + 4095) / 4096; C++) {
    long Hi = C * 4096 + 4096 < N ? C * 4096 + 4096 : N;
#pragma omp parallel for reduction(+ : S)
    for (long K = C * 4096; K < Hi; K++)
      S += A[K];
  }
  return S;
}

// PTX: shfl.sync.down.b32
// PTX-DAG: atom.global.add.u32
// PTX-DAG: atom.global.max.s32
// PTX-DAG: atom.global.add.f32
// PTX-DAG: atom.global.add.f64

// A full warp combines in five shuffles with constant offsets over all lanes
// (no loop, no lane mask to compute); only a partial warp loops.
// WARP: shfl.sync.down.b32 {{.*}}, 16, 31, -1;
// WARP-NEXT: {{add|max|min|mul|and|or|xor}}
// WARP: shfl.sync.down.b32 {{.*}}, 8, 31, -1;
// WARP: shfl.sync.down.b32 {{.*}}, 4, 31, -1;
// WARP: shfl.sync.down.b32 {{.*}}, 2, 31, -1;
// WARP: shfl.sync.down.b32 {{.*}}, 1, 31, -1;

// REMARK-DAG: remark: kernel '__omp_offloading_{{.*}}_sums_l{{[0-9]+}}' runs in SPMD mode
// REMARK-DAG: remark: reduction in '__omp_offloading_{{.*}}_sums_l{{[0-9]+}}.omp_outlined' combined per block before one update of the shared copy
// REMARK-DAG: remark: reduction in '__omp_offloading_{{.*}}_generic_l{{[0-9]+}}.omp_outlined.omp_outlined' combined per block before one update of the shared copy
// REMARK-DAG: remark: teams reduction in '__omp_offloading_{{.*}}_generic_chunks_l{{[0-9]+}}.omp_outlined' keeps a copy per thread
