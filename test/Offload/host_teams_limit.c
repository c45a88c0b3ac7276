// OpenMP 5.1: num_teams(n) creates n teams. libomp caps a league at
// KMP_TEAMS_THREAD_LIMIT threads (by default the number of cores), so the
// host plugin raises that limit when it starts, also when libomp has started
// before the first target region (here a parallel region runs first). A
// limit the user sets is kept.
// GPU-SKIP: the policy belongs to the x86_64 host device's plugin.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY KMP_TEAMS_THREAD_LIMIT=1 KMP_WARNINGS=0 %t | FileCheck %s --check-prefix=USER
#include <omp.h>
#include <stdio.h>

int main(void) {
  int threads = 0;
#pragma omp parallel
#pragma omp single
  threads = omp_get_num_threads();
  int teams = 0, on_host = 1;
#pragma omp target teams num_teams(64) map(tofrom : teams, on_host)
  if (omp_get_team_num() == 0) {
    teams = omp_get_num_teams();
    on_host = omp_is_initial_device();
  }
  printf("parallel first: %d threads\n", threads > 0);
  printf("on host %d, teams %d\n", on_host, teams);
  return 0;
}
// CHECK: parallel first: 1 threads
// CHECK: on host 0, teams 64
// USER: on host 0, teams 1
