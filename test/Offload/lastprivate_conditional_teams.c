// lastprivate(conditional:) on the worksharing loop of a parallel region in
// device code. Clang 19 keeps the last assignment's iteration and value in
// two device globals, never reset: the teams of a league compared their
// iterations with one another (a team got another team's value), and a
// second launch of the region started from the first one's last iteration.
// Each run of a region now has its own pair
// (openmp-device-conditional-lastprivates). Checked per team, over two
// launches whose second assigns at earlier iterations than the first, and
// in a region serialized by if(0); every region checks that it ran on the
// device. (Debian's clang-19 aborts on the first program.)
// RUN: %clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t | FileCheck %s
// RUN: %clang -O0 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu %s -o %t.O0
// RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.O0 | FileCheck %s
#include <omp.h>
#include <stdio.h>

enum { N = 1000, Teams = 4 };

// Team t assigns at the iterations i % Teams == t below Limit: its last is
// the largest such i.
static int lastPerTeam(int Limit, int Serial) {
  int Last[Teams], NumTeams = 0, OnHost = 1;
#pragma omp target teams num_teams(Teams) map(from : Last, NumTeams, OnHost)
  {
    int T = omp_get_team_num(), X = -1;
    if (T == 0) {
      NumTeams = omp_get_num_teams();
      OnHost = omp_is_initial_device();
    }
#pragma omp parallel for lastprivate(conditional : X) if (!Serial)
    for (int I = 0; I < N; I++)
      if (I % Teams == T && I < Limit)
        X = I;
    Last[T] = X;
  }
  int Bad = OnHost;
  for (int T = 0; T < NumTeams && T < Teams; T++) {
    int Want = -1;
    for (int I = 0; I < N; I++)
      if (I % Teams == T && I < Limit)
        Want = I;
    if (Last[T] != Want) {
      printf("limit %d%s: team %d got %d, expected %d\n", Limit,
             Serial ? " (serialized)" : "", T, Last[T], Want);
      Bad = 1;
    }
  }
  return Bad;
}

int main(void) {
  // CHECK: first 0, second 0, serialized 0
  printf("first %d, second %d, serialized %d\n", lastPerTeam(N, 0),
         lastPerTeam(N / 2, 0), lastPerTeam(N / 3, 1));
  return 0;
}
