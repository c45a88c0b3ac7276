// num_teams and thread_limit bound the teams and the threads per team.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int teams = 0, maxthreads = 0, limit = 0, on_dev = 0;
  int nt = 3, tl = 2;
#pragma omp target teams num_teams(nt) thread_limit(tl) \
    map(tofrom : teams, maxthreads, limit, on_dev)
  {
    int n = 0;
#pragma omp parallel num_threads(8)
    {
#pragma omp single
      n = omp_get_num_threads();
    }
    if (omp_get_team_num() == 0) {
      teams = omp_get_num_teams();
      maxthreads = n;
      limit = omp_get_thread_limit();
      on_dev = !omp_is_initial_device();
    }
  }
  // CHECK: teams-ok 1 threads-ok 1 limit-ok 1 on-device 1
  printf("teams-ok %d threads-ok %d limit-ok %d on-device %d\n", teams >= 1 && teams <= 3,
         maxthreads >= 1 && maxthreads <= 2, limit >= 1 && limit <= 2, on_dev);
  return 0;
}
