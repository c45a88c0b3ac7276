// Kernels whose every launch has a known block size: a constant
// thread_limit and no parallel region that can ask for another team size.
// openmp-device-block-threads records the size, the CUDA kernel gets
// `.reqntid`, and the device runtime's reads of %ntid.x fold to the
// constant, so that a loop striding by omp_get_num_threads() strides by a
// constant, as CUDA's `e += blockDim.x` with a constant block does.
// num_threads below the limit, an if clause or a thread_limit that is not
// a constant leave the block size to the launch; num_threads equal to the
// limit does not. No CUDA toolkit needed.
// RUN: rm -rf %t.nocuda && mkdir -p %t.nocuda
// RUN: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda --offload-arch=sm_90 --cuda-path=%t.nocuda %s -shared -o %t.so -save-temps -Rpass=openmp-device -Rpass-missed=openmp-device 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=PTX < %t.so-device-nvptx-ptx.ptx
// RUN: llvm-dis %t.so-device-nvptx-lowered.bc -o - | FileCheck %s --check-prefix=IR
#include <omp.h>

#define T 128
#define Tile 320

// Copies a tile per team through a team-local array, every thread taking
// elements tid, tid + nth, ... (at most 3 of them with nth = 128).
void tiles(const double *In, double *Out, int Teams) {
#pragma omp target teams num_teams(Teams) thread_limit(T)                     \
    map(to : In[0:Teams * Tile]) map(from : Out[0:Teams * Tile])
  {
    double Buf[Tile];
#pragma omp parallel
    {
      int Tid = omp_get_thread_num(), Nth = omp_get_num_threads();
      int Team = omp_get_team_num();
      for (int E = Tid; E < Tile; E += Nth)
        Buf[E] = In[Team * Tile + E];
#pragma omp barrier
      for (int E = Tid; E < Tile; E += Nth)
        Out[Team * Tile + E] = 2.0 * Buf[Tile - 1 - E];
    }
  }
}

// A tile's rows in steps of 8 from tid / 32 with 256 threads: 4 rows in
// every thread, so the loops unroll (openmp-device-exact-trip-counts) and
// the 4 loads of the first are issued before any of its stores, as nvcc
// issues them.
void rows(const float *In, float *Out, int Teams) {
#pragma omp target teams num_teams(Teams) thread_limit(256)                  \
    map(to : In[0:Teams * 1024]) map(from : Out[0:Teams * 1024])
  {
    float Square[32][33];
#pragma omp parallel
    {
      int Tx = omp_get_thread_num() % 32, Ty = omp_get_thread_num() / 32;
      int Team = omp_get_team_num();
      for (int K = Ty; K < 32; K += 8)
        Square[K][Tx] = In[Team * 1024 + K * 32 + Tx];
#pragma omp barrier
      for (int K = Ty; K < 32; K += 8)
        Out[Team * 1024 + K * 32 + Tx] = Square[Tx][K];
    }
  }
}

// CUDA ports often repeat the block size in num_threads: the region still
// has the whole block, and its team size is the constant.
void repeats_limit(const double *In, double *Out, int Teams) {
#pragma omp target teams num_teams(Teams) thread_limit(T)                     \
    map(to : In[0:Teams * Tile]) map(from : Out[0:Teams * Tile])
#pragma omp parallel num_threads(T)
  {
    int Tid = omp_get_thread_num(), Nth = omp_get_num_threads();
    for (int E = Tid; E < Tile; E += Nth)
      Out[omp_get_team_num() * Tile + E] = In[omp_get_team_num() * Tile + E];
  }
}

void with_num_threads(int *A) {
#pragma omp target teams num_teams(2) thread_limit(T) map(tofrom : A[0:T])
#pragma omp parallel num_threads(64)
  A[omp_get_thread_num()] += omp_get_num_threads();
}

void with_if(int *A, int Cond) {
#pragma omp target teams num_teams(2) thread_limit(T) map(tofrom : A[0:T])
#pragma omp parallel if (Cond)
  A[omp_get_thread_num()] += 1;
}

void variable_limit(int *A, int Limit) {
#pragma omp target teams num_teams(2) thread_limit(Limit) map(tofrom : A[0:T])
#pragma omp parallel
  A[omp_get_thread_num() % T] += 1;
}

void combined(double *A, int N) {
#pragma omp target teams distribute parallel for thread_limit(64) map(tofrom : A[0:N])
  for (int I = 0; I < N; I++)
    A[I] += 1.0;
}

// REMARK-DAG: remark: kernel '__omp_offloading_{{.*}}_tiles_l{{[0-9]+}}' runs with exactly 128 threads per block (its thread_limit): the team size is a constant in its code
// REMARK-DAG: remark: kernel '__omp_offloading_{{.*}}_combined_l{{[0-9]+}}' runs with exactly 64 threads per block (its thread_limit): the team size is a constant in its code
// REMARK-DAG: remark: kernel '__omp_offloading_{{.*}}_repeats_limit_l{{[0-9]+}}' runs with exactly 128 threads per block (its thread_limit): the team size is a constant in its code
// REMARK-DAG: remark: kernel '__omp_offloading_{{.*}}_with_num_threads_l{{[0-9]+}}' has no fixed block size: a parallel region it reaches asks for fewer threads than its thread_limit (num_threads)
// REMARK-DAG: remark: kernel '__omp_offloading_{{.*}}_with_if_l{{[0-9]+}}' has no fixed block size: a parallel region it reaches has an if clause
// REMARK-NOT: variable_limit{{.*}}threads per block

// The kernel attribute and the annotation; the lowering leaves the reads
// of the block size to the optimizer (they are in the device runtime).
// IR-DAG: define void @__omp_offloading_{{.*}}_tiles_l{{[0-9]+}}({{.*}}) #[[TILES:[0-9]+]]
// IR-DAG: attributes #[[TILES]] = { {{.*}}"cot-block-threads"="128"
// IR-DAG: !{ptr @__omp_offloading_{{.*}}_tiles_l{{[0-9]+}}, !"reqntidx", i32 128}
// IR-DAG: !{ptr @__omp_offloading_{{.*}}_combined_l{{[0-9]+}}, !"reqntidx", i32 64}
// IR-DAG: !{ptr @__omp_offloading_{{.*}}_repeats_limit_l{{[0-9]+}}, !"reqntidx", i32 128}
// IR-NOT: !{ptr @__omp_offloading_{{.*}}_with_{{.*}}, !"reqntidx"
// IR-NOT: !{ptr @__omp_offloading_{{.*}}_variable_limit{{.*}}, !"reqntidx"

// The copy loops step by the constant, and no read of %ntid.x is left.
// (The back end emits the kernels in reverse order.)
// PTX-LABEL: .entry __omp_offloading_{{.*}}_with_num_threads_l{{[0-9]+}}(
// PTX-NOT: .reqntid
// PTX: %ntid.x
// PTX-LABEL: .entry __omp_offloading_{{.*}}_repeats_limit_l{{[0-9]+}}(
// PTX: .reqntid 128, 1, 1
// PTX-NOT: %ntid.x
// PTX: ret;
// PTX-LABEL: .entry __omp_offloading_{{.*}}_rows_l{{[0-9]+}}(
// PTX: .reqntid 256, 1, 1
// PTX-COUNT-4: ld.global.f32
// PTX-NOT: bra
// PTX: barrier.sync
// PTX-COUNT-4: st.global.f32
// PTX: ret;
// PTX-LABEL: .entry __omp_offloading_{{.*}}_tiles_l{{[0-9]+}}(
// PTX: .reqntid 128, 1, 1
// PTX-NOT: %ntid.x
// The fill loop, unrolled (openmp-device-tile-fill-loops: two or three
// elements a thread), reads elements 128 apart: constant offsets.
// PTX: ld.global.f64
// PTX: st.shared.f64
// PTX: ld.global.f64 {{.*}}+1024];
// PTX: ld.global.f64 {{.*}}+2048];
// PTX-NOT: %ntid.x
// PTX: ret;
