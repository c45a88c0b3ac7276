// Loop constructs nested in a target region: an explicit schedule(static)
// or dist_schedule(static) gives each thread or team one contiguous share,
// in thread/team order, as the spec says (the GPU lowering makes only
// default schedules cyclic); a standalone distribute whose body has its own
// parallel for gives every team a share (the sum of issue 12's generic-form
// reduction). Every region checks that it ran on the device.
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
//
// GPU-BUILD: %clang -O2 -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda %s -o %t
// GPU-RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t
// GPU-EXIT: 0
// GPU-CHECK: static threads: on-device 1 contiguous 1
// GPU-CHECK: static teams: on-device 1 contiguous 1
// GPU-CHECK: standalone distribute: on-device 1 sum 262144 busy teams 8 of 8
// CHECK: static threads: on-device 1 contiguous 1
// CHECK: static teams: on-device 1 contiguous 1
// CHECK: standalone distribute: on-device 1 sum 262144 busy teams 8 of 8
#include <omp.h>
#include <stdio.h>

enum { N = 64, Chunks = 64, ChunkSize = 4096 };

/// Whether Owner[0..Count) gives each owner one contiguous run, owners in
/// increasing order (what an unchunked static schedule does).
static int contiguousInOrder(const int *Owner, int Count) {
  for (int I = 1; I < Count; ++I)
    if (Owner[I] < Owner[I - 1] || Owner[I] > Owner[I - 1] + 1)
      return 0;
  return Owner[0] == 0;
}

static int A[Chunks * ChunkSize];

int main(void) {
  int Owner[N], OnDevice = 0;
#pragma omp target parallel num_threads(8) map(from : Owner, OnDevice)
  {
#pragma omp for schedule(static)
    for (int I = 0; I < N; I++)
      Owner[I] = omp_get_thread_num();
#pragma omp master
    OnDevice = !omp_is_initial_device();
  }
  printf("static threads: on-device %d contiguous %d\n", OnDevice,
         contiguousInOrder(Owner, N));

  OnDevice = 0;
#pragma omp target teams num_teams(8) map(from : Owner, OnDevice)
  {
#pragma omp distribute dist_schedule(static)
    for (int I = 0; I < N; I++)
      Owner[I] = omp_get_team_num();
    if (omp_get_team_num() == 0)
      OnDevice = !omp_is_initial_device();
  }
  printf("static teams: on-device %d contiguous %d\n", OnDevice,
         contiguousInOrder(Owner, N));

  for (int I = 0; I < Chunks * ChunkSize; ++I)
    A[I] = 1;
  int Sum = 0, Busy[8] = {0}, Teams = 0;
  OnDevice = 0;
#pragma omp target teams num_teams(8) reduction(+ : Sum)                      \
    map(to : A) map(tofrom : Busy, Teams, OnDevice)
  {
#pragma omp distribute
    for (int C = 0; C < Chunks; C++) {
      Busy[omp_get_team_num()] = 1;
#pragma omp parallel for reduction(+ : Sum)
      for (int I = C * ChunkSize; I < (C + 1) * ChunkSize; I++)
        Sum += A[I];
    }
    if (omp_get_team_num() == 0) {
      Teams = omp_get_num_teams();
      OnDevice = !omp_is_initial_device();
    }
  }
  int BusyTeams = 0;
  for (int T = 0; T < 8; ++T)
    BusyTeams += Busy[T];
  printf("standalone distribute: on-device %d sum %d busy teams %d of %d\n",
         OnDevice, Sum, BusyTeams, Teams);
  return 0;
}
