// target teams num_teams(4): between 1 and 4 teams, each with its number;
// outside a teams region the API reports one team.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int nteams = 0, on_dev = 0;
  int seen[4] = {0, 0, 0, 0};
#pragma omp target teams num_teams(4) map(tofrom : nteams, seen, on_dev)
  {
    int t = omp_get_team_num();
    if (t == 0) {
      nteams = omp_get_num_teams();
      on_dev = !omp_is_initial_device();
    }
    if (t >= 0 && t < 4)
      seen[t] = 1;
  }
  // CHECK: range-ok 1 on-device 1
  printf("range-ok %d on-device %d\n", nteams >= 1 && nteams <= 4, on_dev);
  int total = seen[0] + seen[1] + seen[2] + seen[3];
  // CHECK: each-team-ran 1
  printf("each-team-ran %d\n", total == nteams);
  int outside = 0;
  on_dev = 0;
#pragma omp target map(from : outside, on_dev)
  {
    outside = omp_get_num_teams();
    on_dev = !omp_is_initial_device();
  }
  // CHECK: outside 1 on-device 1
  printf("outside %d on-device %d\n", outside, on_dev);
  return 0;
}
