// reduction on target teams (no distribute) and on target parallel.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int teams = 0, nthreads = 0;
#pragma omp target teams num_teams(3) reduction(+ : teams)
  teams += 1;
#pragma omp target parallel num_threads(3) reduction(+ : nthreads)
  nthreads += 1;
  int nt = 0;
#pragma omp target teams num_teams(3) map(tofrom : nt)
  if (omp_get_team_num() == 0)
    nt = omp_get_num_teams();
  // CHECK: teams-match 1 threads-ok 1
  printf("teams-match %d threads-ok %d\n", teams == nt, nthreads >= 1 && nthreads <= 3);
  return 0;
}
