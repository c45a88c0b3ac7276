// target teams num_teams(4): between 1 and 4 teams, each with its number;
// outside a teams region the API reports one team.
// RUN: %clang -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: %t | FileCheck %s
#include <omp.h>
#include <stdio.h>

int main(void) {
  int nteams = 0;
  int seen[4] = {0, 0, 0, 0};
#pragma omp target teams num_teams(4) map(tofrom : nteams, seen)
  {
    int t = omp_get_team_num();
    if (t == 0)
      nteams = omp_get_num_teams();
    if (t >= 0 && t < 4)
      seen[t] = 1;
  }
  // CHECK: range-ok 1
  printf("range-ok %d\n", nteams >= 1 && nteams <= 4);
  int total = seen[0] + seen[1] + seen[2] + seen[3];
  // CHECK: each-team-ran 1
  printf("each-team-ran %d\n", total == nteams);
  int outside = 0;
#pragma omp target map(from : outside)
  outside = omp_get_num_teams();
  // CHECK: outside 1
  printf("outside %d\n", outside);
  return 0;
}
