// metadirective with device selectors: device code (a target region and a
// function it calls) runs the variant the offload device selects,
// kind(nohost) on every offload device and arch(nvptx64) on NVIDIA GPUs
// only; host code runs the host's variant. A metadirective with a `target`
// variant is the host's decision on both sides. The pragmas span lines, and
// the lines after them keep their numbers in device code.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

#define N 64

#pragma omp declare target
static int gpu_yes(void) { return 1; }
#pragma omp declare variant(gpu_yes) match(device = {arch(nvptx64)})
static int is_gpu(void) { return 0; }

/// 2 threads on a GPU, 3 on another offload device, 1 on the host.
static int team_size(void) {
  int Size = 0;
#pragma omp metadirective                                                     \
    when(device = {kind(nohost), arch(nvptx64)}: parallel num_threads(2))     \
    when(device = {kind(nohost)}: parallel num_threads(3))                    \
    default(parallel num_threads(1))
  {
#pragma omp masked
    Size = omp_get_num_threads();
  }
  return Size;
}
#pragma omp end declare target

int main(void) {
  int A[N], OnDevice = 0, Gpu = -1, Team = 0, DeviceTeam = 0, Line = 0;
  int InParallel = -1, Otherwise = 0, Offloaded = -1;
  for (int I = 0; I < N; I++)
    A[I] = -1;
#pragma omp target map(tofrom : A) map(from : OnDevice, Gpu, Team, DeviceTeam, \
                                           Line, InParallel, Otherwise)
  {
    OnDevice = !omp_is_initial_device();
    Gpu = is_gpu();
    DeviceTeam = team_size();
#pragma omp parallel num_threads(4)
    {
#pragma omp masked
      Team = omp_get_num_threads();
      // The host would share the loop out; the device runs it on thread 0.
#pragma omp metadirective \
    when(device = {kind(host)}: for) \
    when(device = {kind(nohost)}: masked) \
    default(for)
      for (int I = 0; I < N; I++)
        A[I] = omp_get_thread_num();
    }
    Line = __LINE__; // CHECK: line [[#@LINE]]
    // A variant the device selects by deselecting the host's.
#pragma omp metadirective when(device = {kind(host)}: nothing)               \
    otherwise(parallel for num_threads(4) reduction(+ : Otherwise))
    for (int I = 0; I < N; I++)
      Otherwise += omp_in_parallel();
    // Nothing on the device: the block runs on the encountering thread.
#pragma omp metadirective when(device = {kind(nohost)}: nothing)             \
    default(parallel num_threads(2))
    { InParallel = omp_in_parallel(); }
  }
#pragma omp metadirective when(device = {kind(nohost)}: nothing)             \
    default(target map(from : Offloaded))
  { Offloaded = !omp_is_initial_device(); }

  int ByThreadZero = 0;
  for (int I = 0; I < N; I++)
    ByThreadZero += A[I] == 0;
  printf("line %d\n", Line);
  // CHECK-NEXT: on device 1, team of 4 threads, 64 of 64 by thread 0
  printf("on device %d, team of %d threads, %d of %d by thread 0\n", OnDevice,
         Team, ByThreadZero, N);
  // CHECK-NEXT: device team {{2 gpu 1|3 gpu 0}}
  printf("device team %d gpu %d\n", DeviceTeam, Gpu);
  // CHECK-NEXT: otherwise 64, nothing in parallel 0
  printf("otherwise %d, nothing in parallel %d\n", Otherwise, InParallel);
  // CHECK-NEXT: host team 1, target variant offloaded 1
  printf("host team %d, target variant offloaded %d\n", team_size(),
         Offloaded);
  return 0;
}
