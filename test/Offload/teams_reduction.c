// reduction on target teams (no distribute) and on target parallel.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int teams = 0, nthreads = 0;
  // Team 0 or thread 0 of each region adds 1 when it runs on the device.
  int on_dev = 0;
#pragma omp target teams num_teams(3) reduction(+ : teams) map(tofrom : on_dev)
  {
    teams += 1;
    if (omp_get_team_num() == 0)
      on_dev += !omp_is_initial_device();
  }
#pragma omp target parallel num_threads(3) reduction(+ : nthreads) map(tofrom : on_dev)
  {
    nthreads += 1;
    if (omp_get_thread_num() == 0)
      on_dev += !omp_is_initial_device();
  }
  int nt = 0;
#pragma omp target teams num_teams(3) map(tofrom : nt, on_dev)
  if (omp_get_team_num() == 0) {
    nt = omp_get_num_teams();
    on_dev += !omp_is_initial_device();
  }
  // CHECK: teams-match 1 threads-ok 1 regions-on-device 3
  printf("teams-match %d threads-ok %d regions-on-device %d\n", teams == nt,
         nthreads >= 1 && nthreads <= 3, on_dev);
  return 0;
}
